package review

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/git"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// diffTimeout bounds one diff read.
const diffTimeout = 30 * time.Second

// diffOverlay is the diff viewer over the whole screen: a file's (or the
// workspace's) diff in one mode, staging from it, m to switch modes. It is
// a modal the review owner builds; it reads and stages through the review
// service itself and asks the root only to open an editor.
type diffOverlay struct {
	ws     string
	title  string
	base   string // the workspace's base, for the label of that mode
	req    workspace.DiffRequest
	cycles bool // m steps unstaged → staged → against the base
	// readOnly: a file of the Project tree, shown whole; nothing to stage.
	readOnly bool
	// back is the dialog the viewer was opened from (the conflict list):
	// closing the viewer shows it again.
	back modal.Modal
	dv   diffview.Model
	gen  int
	// note is the viewer's own message row (a load error, why a key did
	// nothing): notices are under the full-screen viewer, out of sight.
	note    string
	noteErr bool

	width, height int // the screen
	th            theme.Theme
	km            keys.Map
	rev           workspace.ReviewService
	reads         *readSeq
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

// FullScreen marks the viewer as a dialog over the whole screen
// (modal.FullScreen).
func (o *diffOverlay) FullScreen() {}

// diffSpec is what a viewer shows.
type diffSpec struct {
	ws, title string
	req       workspace.DiffRequest
	cycles    bool
	readOnly  bool
	back      modal.Modal
}

// showDiff opens the viewer at once, sized to the screen, and loads the
// diff behind it.
func (r *Owner) showDiff(s diffSpec, sc Scene) (tea.Cmd, modal.Outcome) {
	if s.ws == "" {
		return nil, modal.Outcome{}
	}
	rec, _ := sc.Snap.Record(s.ws)
	o := &diffOverlay{ws: s.ws, title: s.title, base: rec.Base, req: s.req, cycles: s.cycles, readOnly: s.readOnly,
		back: s.back, width: sc.Width, height: sc.Height, th: sc.Theme, km: r.km, rev: r.revOf(s.ws), reads: r.reads}
	o.dv = diffview.New(sc.Theme, r.km)
	o.dv.SetSize(sc.Width, sc.Height)
	o.dv.SetEmpty("loading…") // not "no changes" before it knows
	return o.load(), modal.Outcome{Open: o}
}

// Resize fits the viewer to a screen of w × h, less the note's row.
func (o *diffOverlay) Resize(w, h int) tea.Cmd {
	o.width, o.height = w, h
	rows := 0
	if o.note != "" {
		rows = 1
	}
	return o.dv.SetSize(w, h-rows)
}

// setNote shows text on the viewer's message row ("" clears it).
func (o *diffOverlay) setNote(text string, isErr bool) tea.Cmd {
	o.note, o.noteErr = paint.NoticeLine(text), isErr
	return o.Resize(o.width, o.height)
}

// whyNoStage says why nothing can be staged from what is shown.
func (o *diffOverlay) whyNoStage() string {
	switch {
	case o.readOnly:
		return "read-only: this file is shown from the Project tree (stage it from Changes)"
	case o.req.Mode == git.DiffUnstaged, o.req.Mode == git.DiffConflict, o.req.Mode == git.DiffStaged, o.req.Mode == git.DiffUntracked:
		return ""
	}
	return "stage from the unstaged diff (or unstage from the staged one)"
}

// load reads the diff shown; an answer to an earlier read is dropped.
func (o *diffOverlay) load() tea.Cmd {
	o.gen = o.reads.next()
	gen, ws, req, rev := o.gen, o.ws, o.req, o.rev
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
		defer cancel()
		files, err := rev.Diff(ctx, ws, req)
		return diffLoadedMsg{gen: gen, files: files, err: err}
	}
}

// modeLabel names what the viewer compares.
func (o *diffOverlay) modeLabel() string {
	switch o.req.Mode {
	case git.DiffStaged:
		return "staged"
	case git.DiffBase:
		return "against " + o.base
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

func (o *diffOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case diffLoadedMsg:
		if msg.gen != o.gen {
			return nil, modal.Outcome{}
		}
		var note tea.Cmd
		o.dv.SetEmpty("")
		if msg.err != nil && len(msg.files) == 0 {
			note = o.setNote(msg.err.Error(), true)
			o.dv.SetEmpty("nothing shown: " + paint.NoticeLine(msg.err.Error()))
		} else if o.noteErr {
			note = o.setNote("", false)
		}
		o.dv.SetStaging(o.whyNoStage() == "")
		o.dv.SetUnstage(o.req.Mode == git.DiffStaged)
		return tea.Batch(note, o.dv.SetDiff(o.title, o.modeLabel(), msg.files)), modal.Outcome{}
	case diffview.RequestMsg:
		return o.request(msg)
	}
	v, cmd := o.dv.Update(msg)
	o.dv = v
	return cmd, modal.Outcome{}
}

func (o *diffOverlay) request(r diffview.RequestMsg) (tea.Cmd, modal.Outcome) {
	switch r.Op {
	case diffview.OpClose:
		if o.back != nil {
			return nil, modal.Outcome{Open: o.back}
		}
		return nil, modal.Closed()
	case diffview.OpCycleMode:
		if !o.cycles {
			return o.setNote("this view has one mode", false), modal.Outcome{}
		}
		switch o.req.Mode {
		case git.DiffUnstaged:
			o.req.Mode = git.DiffStaged
		case git.DiffStaged:
			o.req.Mode = git.DiffBase
		default:
			o.req.Mode = git.DiffUnstaged
		}
		return o.load(), modal.Outcome{}
	case diffview.OpStageHunk, diffview.OpStageFile:
		if why := o.whyNoStage(); why != "" {
			return o.setNote(why, false), modal.Outcome{}
		}
		if o.req.Mode == git.DiffConflict {
			// A conflict is resolved whole: staging it marks it resolved.
			if r.Op == diffview.OpStageHunk {
				return o.setNote("resolve the file ("+o.km.Label(diffview.ActOpenEditor)+" opens it), then "+
					o.km.Label(diffview.ActStageFile)+" marks it resolved", false), modal.Outcome{}
			}
			return markResolvedCmd(o.rev, o.ws, r.File.Path()), modal.Outcome{}
		}
		whole := r.Op == diffview.OpStageFile || o.req.Mode == git.DiffUntracked
		return stageCmd(o.rev, o.ws, r.File, r.Hunk, whole, o.req.Mode == git.DiffStaged), modal.Outcome{}
	case diffview.OpOpenEditor:
		// The root closes the viewer once the editor's tab is on its way.
		return nil, modal.Outcome{}.Then(scene.Editor{WS: o.ws, InMain: o.req.InMain, Path: r.File.Path()})
	}
	return nil, modal.Outcome{}
}

func (o *diffOverlay) View(w, h int) string {
	if o.note == "" {
		return o.dv.View()
	}
	st := o.th.Style(o.th.Warning)
	if o.noteErr {
		st = o.th.ErrorStyle()
	}
	return st.Render(ansi.Truncate(o.note, w, "…")) + "\n" + o.dv.View()
}

// DiffWhy says why the open viewer's own action id cannot run now (""
// when it can), or that no viewer is open: the reason its row shows.
func DiffWhy(open modal.Modal, id keys.ActionID) string {
	if o, ok := open.(*diffOverlay); ok {
		return o.dv.Why(id)
	}
	return "the diff viewer is not open"
}
