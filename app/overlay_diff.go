package app

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/git"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/workspace"
)

// diffTimeout bounds one diff read.
const diffTimeout = 30 * time.Second

// diffOverlay is the diff viewer over the whole screen: a file's (or the
// workspace's) diff in one mode, staging from it, m to switch modes.
type diffOverlay struct {
	ws     string
	title  string
	req    workspace.DiffRequest
	cycles bool // m steps unstaged → staged → against the base
	// readOnly: a file of the Project tree, shown whole; nothing to stage.
	readOnly bool
	// back is the overlay the viewer was opened from (the conflict list):
	// closing the viewer shows it again.
	back overlay
	dv   diffview.Model
	gen  int
	// note is the viewer's own message row (a load error, why a key did
	// nothing): notices are under the full-screen viewer, out of sight.
	note    string
	noteErr bool
}

type diffLoadedMsg struct {
	gen   int
	files []udiff.File
	err   error
}

type stagedMsg struct {
	ws  string
	err error
}

// fullScreen marks an overlay that takes the whole screen.
type fullScreen interface{ fullScreen() }

func (o *diffOverlay) fullScreen() {}

// openDiff shows the viewer at once and loads the diff behind it.
func (m *Model) openDiff(ws, title string, req workspace.DiffRequest, cycles bool) tea.Cmd {
	return m.showDiff(&diffOverlay{ws: ws, title: title, req: req, cycles: cycles})
}

// showDiff opens o, its viewer sized to the screen.
func (m *Model) showDiff(o *diffOverlay) tea.Cmd {
	if o.ws == "" {
		return nil
	}
	o.dv = diffview.New(m.th, m.km)
	o.dv.SetSize(m.width, m.height)
	o.dv.SetEmpty("loading…") // not "no changes" before it knows
	m.overlay = o
	return o.load(m)
}

// resize fits the viewer to the screen, less the note's row.
func (o *diffOverlay) resize(m *Model) tea.Cmd {
	rows := 0
	if o.note != "" {
		rows = 1
	}
	return o.dv.SetSize(m.width, m.height-rows)
}

// setNote shows text on the viewer's message row ("" clears it).
func (o *diffOverlay) setNote(m *Model, text string, isErr bool) tea.Cmd {
	o.note, o.noteErr = noticeLine(text), isErr
	return o.resize(m)
}

// whyNoStage says why nothing can be staged from what is shown.
func (o *diffOverlay) whyNoStage(m *Model) string {
	switch {
	case o.readOnly:
		return "read-only: this file is shown from the Project tree (stage it from Changes)"
	case o.req.Mode == git.DiffUnstaged, o.req.Mode == git.DiffConflict, o.req.Mode == git.DiffStaged, o.req.Mode == git.DiffUntracked:
		return ""
	}
	return "stage from the unstaged diff (or unstage from the staged one)"
}

func (o *diffOverlay) load(m *Model) tea.Cmd {
	m.opSeq++
	o.gen = m.opSeq
	gen, ws, req, rev := o.gen, o.ws, o.req, m.deps.Review
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
		defer cancel()
		files, err := rev.Diff(ctx, ws, req)
		return diffLoadedMsg{gen: gen, files: files, err: err}
	}
}

// modeLabel names what the viewer compares.
func (o *diffOverlay) modeLabel(m *Model) string {
	switch o.req.Mode {
	case git.DiffStaged:
		return "staged"
	case git.DiffBase:
		rec, _ := m.record(o.ws)
		return "against " + rec.Base
	case git.DiffUntracked:
		if o.readOnly {
			return "read-only"
		}
		return "untracked"
	case git.DiffConflict:
		return "conflict"
	case git.DiffCommit:
		return "commit"
	}
	return "unstaged"
}

func (o *diffOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case diffLoadedMsg:
		if msg.gen != o.gen {
			return nil
		}
		var note tea.Cmd
		o.dv.SetEmpty("")
		if msg.err != nil && len(msg.files) == 0 {
			note = o.setNote(m, msg.err.Error(), true)
			o.dv.SetEmpty("nothing shown: " + noticeLine(msg.err.Error()))
		} else if o.noteErr {
			note = o.setNote(m, "", false)
		}
		o.dv.SetStaging(o.whyNoStage(m) == "")
		o.dv.SetUnstage(o.req.Mode == git.DiffStaged)
		return tea.Batch(note, o.dv.SetDiff(o.title, o.modeLabel(m), msg.files))
	case diffview.RequestMsg:
		return o.request(m, msg)
	}
	v, cmd := o.dv.Update(msg)
	o.dv = v
	return cmd
}

func (o *diffOverlay) request(m *Model, r diffview.RequestMsg) tea.Cmd {
	switch r.Op {
	case diffview.OpClose:
		m.overlay = o.back
		return nil
	case diffview.OpCycleMode:
		if !o.cycles {
			return o.setNote(m, "this view has one mode", false)
		}
		switch o.req.Mode {
		case git.DiffUnstaged:
			o.req.Mode = git.DiffStaged
		case git.DiffStaged:
			o.req.Mode = git.DiffBase
		default:
			o.req.Mode = git.DiffUnstaged
		}
		return o.load(m)
	case diffview.OpStageHunk, diffview.OpStageFile:
		if why := o.whyNoStage(m); why != "" {
			return o.setNote(m, why, false)
		}
		if o.req.Mode == git.DiffConflict {
			// A conflict is resolved whole: staging it marks it resolved.
			if r.Op == diffview.OpStageHunk {
				return o.setNote(m, "resolve the file ("+m.km.Label(diffview.ActOpenEditor)+" opens it), then "+
					m.km.Label(diffview.ActStageFile)+" marks it resolved", false)
			}
			return m.markResolved(o.ws, r.File.Path())
		}
		unstage := o.req.Mode == git.DiffStaged
		ws, rev, f, h := o.ws, m.deps.Review, r.File, r.Hunk
		whole := r.Op == diffview.OpStageFile || o.req.Mode == git.DiffUntracked
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
			defer cancel()
			var err error
			if whole {
				err = rev.Stage(ctx, ws, f.Path(), unstage)
			} else {
				err = rev.StageHunk(ctx, ws, f, h, unstage)
			}
			return stagedMsg{ws: ws, err: err}
		}
	case diffview.OpOpenEditor:
		return m.openEditor(o.ws, o.req.InMain, r.File.Path())
	}
	return nil
}

func (o *diffOverlay) view(m *Model, w, h int) string {
	if o.note == "" {
		return o.dv.View()
	}
	st := m.th.Style(m.th.Warning)
	if o.noteErr {
		st = m.th.ErrorStyle()
	}
	return st.Render(ansi.Truncate(o.note, w, "…")) + "\n" + o.dv.View()
}
