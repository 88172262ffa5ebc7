package app

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/changes"
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
	dv     diffview.Model
	gen    int
	err    string
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
	if ws == "" {
		return nil
	}
	v := diffview.New(m.th, m.km)
	v.SetSize(m.width, m.height)
	o := &diffOverlay{ws: ws, title: title, req: req, cycles: cycles, dv: v}
	m.overlay = o
	return o.load(m)
}

func (o *diffOverlay) load(m *Model) tea.Cmd {
	m.opSeq++
	o.gen = m.opSeq
	gen, ws, req, eng := o.gen, o.ws, o.req, m.deps.Engine
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
		defer cancel()
		files, err := eng.Diff(ctx, ws, req)
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
		if !o.cycles {
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
		o.err = ""
		if msg.err != nil && len(msg.files) == 0 {
			o.err = msg.err.Error()
		}
		return o.dv.SetDiff(o.title, o.modeLabel(m), msg.files)
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
		m.closeOverlay()
		return nil
	case diffview.OpCycleMode:
		if !o.cycles {
			return m.say(levelInfo, "this view has one mode")
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
		unstage := o.req.Mode == git.DiffStaged
		if o.req.Mode != git.DiffUnstaged && !unstage && o.req.Mode != git.DiffUntracked {
			return m.say(levelInfo, "stage from the unstaged diff (or unstage from the staged one)")
		}
		ws, eng, f, h := o.ws, m.deps.Engine, r.File, r.Hunk
		whole := r.Op == diffview.OpStageFile || o.req.Mode == git.DiffUntracked
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
			defer cancel()
			var err error
			if whole {
				err = eng.Stage(ctx, ws, f.Path(), unstage)
			} else {
				err = eng.StageHunk(ctx, ws, f, h, unstage)
			}
			return stagedMsg{ws: ws, err: err}
		}
	case diffview.OpOpenEditor:
		return m.openEditor(r.File.Path())
	}
	return nil
}

func (o *diffOverlay) view(m *Model, w, h int) string {
	if o.err != "" {
		return m.th.ErrorStyle().Render(noticeLine(o.err)) + "\n" + o.dv.View()
	}
	return o.dv.View()
}

// onStaged refreshes what a stage changed: the Changes list and, when
// open, the diff viewer.
func (m *Model) onStaged(msg stagedMsg) tea.Cmd {
	if msg.err != nil {
		return m.say(levelError, "stage: "+msg.err.Error())
	}
	cmds := []tea.Cmd{m.refreshReview()}
	if o, ok := m.overlay.(*diffOverlay); ok && o.ws == msg.ws {
		cmds = append(cmds, o.load(m))
	}
	return tea.Batch(cmds...)
}

// openFileDiff opens the diff of one file of the Changes list, in the
// mode of its group.
func (m *Model) openFileDiff(f changes.File, g changes.Group) tea.Cmd {
	req := workspace.DiffRequest{DiffRequest: git.DiffRequest{Path: f.Path}}
	cycles := true
	switch g {
	case changes.Staged:
		req.Mode = git.DiffStaged
	case changes.Untracked:
		req.Mode, cycles = git.DiffUntracked, false
	case changes.Conflicted:
		req.Mode, cycles = git.DiffConflict, false
		req.InMain = m.side.review.Landing == "merge"
	}
	return m.openDiff(m.side.ws, f.Path, req, cycles)
}

func (m *Model) openCommitDiff(c changes.Commit) tea.Cmd {
	req := workspace.DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffCommit, Base: c.Hash}}
	return m.openDiff(m.side.ws, c.Short+" "+c.Subject, req, false)
}

func (m *Model) openWorkspaceDiff() tea.Cmd {
	id := m.selectedWorkspaceID()
	rec, _ := m.record(id)
	return m.openDiff(id, rec.Name, workspace.DiffRequest{}, true)
}

// openFileView shows a file of the Project tree read-only, whole, in the
// viewer (as the diff that adds it: line numbers and colours come along).
func (m *Model) openFileView(path string) tea.Cmd {
	req := workspace.DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffUntracked, Path: path}}
	return m.openDiff(m.side.ws, path, req, false)
}

func (m *Model) stageFile(path string, unstage bool) tea.Cmd {
	ws, eng := m.side.ws, m.deps.Engine
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
		defer cancel()
		return stagedMsg{ws: ws, err: eng.Stage(ctx, ws, path, unstage)}
	}
}

// openEditor opens path in $EDITOR (vi without one) in a new terminal tab
// of the sidebar's workspace.
func (m *Model) openEditor(path string) tea.Cmd {
	ws := m.side.ws
	if _, ok := m.record(ws); !ok {
		return nil
	}
	m.closeOverlay()
	w, h := m.termSize()
	req := tabRequest{wsID: ws, tabID: m.ids.mint(), kind: tmux.TypeTerminal, assistant: "editor",
		command: `exec ${EDITOR:-vi} -- ` + shellQuote(path), width: w, height: h}
	return m.createTab(req)
}

// shellQuote quotes s for sh as one word.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
