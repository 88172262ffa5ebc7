package review

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/git"
	"amux.dev/amux/ui/commitmsg"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// landTimeout bounds a commit, a merge or a rebase.
const landTimeout = 2 * time.Minute

// commitOverlay is the commit-message dialog of the selected workspace; it
// commits through the review service itself.
type commitOverlay struct {
	ws      string
	dlg     commitmsg.Model
	running bool
	rev     workspace.ReviewService
}

type commitReadyMsg struct {
	ws, last, staged string
	err              error
}

type commitDoneMsg struct {
	ws  string
	err error
}

// openCommit reads ws's tip message (for amend) and what is staged; the
// answer opens the dialog.
func (r *Owner) OpenCommit(ws string) tea.Cmd {
	if ws == "" {
		return nil
	}
	rev := r.revOf(ws)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
		defer cancel()
		last, err := rev.LastMessage(ctx, ws)
		if err != nil {
			return commitReadyMsg{ws: ws, err: err}
		}
		rv, err := rev.Review(ctx, ws)
		return commitReadyMsg{ws: ws, last: last, staged: strconv.Itoa(rv.Changes.StagedCount) + " staged", err: err}
	}
}

// onCommitReady opens the dialog, unless the person moved on meanwhile.
func (r *Owner) onCommitReady(msg commitReadyMsg, sc Scene) modal.Outcome {
	if msg.err != nil {
		return modal.Outcome{Say: "commit: " + msg.err.Error(), SayLevel: modal.LevelError}
	}
	if msg.ws != sc.Selected || sc.Open != nil {
		return modal.Outcome{}
	}
	d := commitmsg.New(sc.Theme, r.km, git.ValidateMessage, msg.last, msg.staged)
	d.SetWidth(min(sc.Width-4, 76))
	return modal.Outcome{Open: &commitOverlay{ws: msg.ws, dlg: d, rev: r.revOf(msg.ws)}}
}

func (o *commitOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	if done, ok := msg.(commitDoneMsg); ok {
		o.running = false
		if done.err != nil {
			// git's reason whole, with the fix when one is known; the
			// engine logged it.
			o.dlg.SetFailure(git.Explain(done.err).Lines())
			return nil, modal.Outcome{}
		}
		return nil, modal.Outcome{Close: true, Say: "committed", SayLevel: modal.LevelInfo}.Then(scene.Reload{Changes: true})
	}
	if o.running {
		return nil, modal.Outcome{}
	}
	d, cmd, out := o.dlg.Update(msg)
	o.dlg = d
	switch out {
	case dialog.Cancelled:
		return cmd, modal.Closed()
	case dialog.Submitted:
		o.running = true
		ws, req, rev := o.ws, o.dlg.Value(), o.rev
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), landTimeout)
			defer cancel()
			_, err := rev.Commit(ctx, ws, git.CommitRequest{Message: req.Message, Amend: req.Amend})
			return commitDoneMsg{ws: ws, err: err}
		}, modal.Outcome{}
	}
	return cmd, modal.Outcome{}
}

func (o *commitOverlay) View(w, h int) string {
	o.dlg.SetWidth(min(w, 76)) // the root places the dialog (app/dialog_place.go)
	return o.dlg.View()
}

// landOverlay asks how to land the work after the dry run, and starts the
// merge or rebase chosen.
type landOverlay struct {
	ws, base string
	choice   dialog.Choice
	rev      workspace.ReviewService
}

type mergePreviewMsg struct {
	ws, base string
	preview  git.MergePreview
	err      error
}

// landDoneMsg is a merge's, a rebase's or an abort's end, with the review
// read right after it (reviewed: the read worked): what is stopped now is
// known without the sidebar.
type landDoneMsg struct {
	ws, how  string
	err      error
	review   workspace.Review
	reviewed bool
}

// previewMerge runs ws's dry run; its answer opens the question.
func (r *Owner) PreviewMerge(ws string) (tea.Cmd, modal.Outcome) {
	rev := r.revOf(ws)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), landTimeout)
		defer cancel()
		p, base, err := rev.PreviewMerge(ctx, ws)
		return mergePreviewMsg{ws: ws, base: base, preview: p, err: err}
	}, modal.Outcome{Say: "checking the merge…", SayLevel: modal.LevelInfo}
}

func (r *Owner) onMergePreview(msg mergePreviewMsg, sc Scene) modal.Outcome {
	if msg.err != nil {
		return modal.Outcome{Say: "merge: " + msg.err.Error(), SayLevel: modal.LevelError}
	}
	rec, _ := sc.Snap.Record(msg.ws)
	p := msg.preview
	if p.UpToDate {
		return modal.Outcome{Say: rec.Branch + " is already in " + msg.base + ": nothing to merge", SayLevel: modal.LevelInfo}
	}
	var body []string
	switch {
	case p.Clean() && p.FastForward:
		body = append(body, msg.base+" fast-forwards to "+rec.Branch+".")
	case p.Clean():
		body = append(body, "It merges cleanly.")
	default:
		what := "These files conflict:"
		if !p.Exact {
			what = "These files changed on both sides and may conflict (git older than 2.38 cannot tell):"
		}
		body = append(body, what)
		for i, c := range p.Conflicts {
			if i == 8 {
				body = append(body, fmt.Sprintf("  … and %d more", len(p.Conflicts)-i))
				break
			}
			body = append(body, "  "+c)
		}
		body = append(body, "Merging stops with them to resolve in the main checkout; "+r.keyName(ActAbortLanding)+" aborts.")
	}
	body = append(body, "The merge runs in the main checkout ("+sc.Snap.ProjectPath(rec.Repo)+"); nothing is pushed.")
	opts := []dialog.Option{{Label: "Merge into " + msg.base}, {Label: "Rebase onto " + msg.base + " instead"}, {Label: "Cancel"}}
	return modal.Outcome{Open: &landOverlay{ws: msg.ws, base: msg.base, rev: r.revOf(msg.ws),
		choice: dialog.NewChoice(sc.Theme, r.km, "Merge "+rec.Branch+" into "+msg.base, body, opts, 0)}}
}

func (o *landOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	c, out := o.choice.Update(msg)
	o.choice = c
	switch {
	case out == dialog.Cancelled || out == dialog.Submitted && o.choice.Selected() == 2:
		return nil, modal.Closed()
	case out == dialog.Submitted:
		how, op := "merge", o.rev.Merge
		if o.choice.Selected() == 1 {
			how, op = "rebase", o.rev.Rebase
		}
		return landCmd(o.rev, o.ws, how, op), modal.Outcome{Close: true, Say: how + " running…", SayLevel: modal.LevelInfo}
	}
	return nil, modal.Outcome{}
}

func (o *landOverlay) View(w, h int) string { return o.choice.View(w) }

// landCmd runs a merge, a rebase or an abort of ws, then reads its review.
func landCmd(rev workspace.ReviewService, ws, how string, op func(context.Context, string) error) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), landTimeout)
		defer cancel()
		msg := landDoneMsg{ws: ws, how: how, err: op(ctx, ws)}
		r, err := rev.Review(ctx, ws)
		msg.review, msg.reviewed = r, err == nil
		return msg
	}
}

// onLandDone says how a landing ended. A stop on conflicts lists them: in
// the sidebar's Changes when it shows the workspace, else in a list of
// its own.
func (r *Owner) onLandDone(msg landDoneMsg, sc Scene) modal.Outcome {
	out := modal.Outcome{}.Then(LandingSeen{WS: msg.ws, Review: msg.review, Known: msg.reviewed},
		scene.Reload{List: true, Changes: true})
	switch {
	case errors.Is(msg.err, git.ErrMergeConflict):
		abort := r.keyName(ActAbortLanding) + " aborts"
		out = out.Then(ConflictsInSide{WS: msg.ws, Review: msg.review, Reviewed: msg.reviewed})
		out.SayLevel = modal.LevelWarn
		if sc.SideOn == msg.ws {
			out.Say = msg.how + " stopped on conflicts: they are listed in Changes (" +
				r.km.Label("changes.open") + " shows one, " + r.km.Label("changes.stage") + " marks it resolved); " +
				r.keyName(ActFinishLanding) + " finishes, " + abort
			return out
		}
		files := msg.review.Conflicts
		if len(files) > 0 && sc.Open == nil {
			out.Open = r.conflictDialog(msg.ws, msg.how, files, sc)
		}
		out.Say = msg.how + " stopped on conflicts in " + fileList(files, 3) + "; " + abort
		return out
	case msg.err != nil:
		out.Say, out.SayLevel = msg.how+": "+landErrText(msg.err), modal.LevelError
		return out
	}
	out.Say, out.SayLevel = msg.how+" done", modal.LevelInfo
	return out
}

// abortLanding aborts ws's stopped merge or rebase.
func (r *Owner) AbortLanding(ws string) tea.Cmd {
	rev := r.revOf(ws)
	return landCmd(rev, ws, "abort", rev.AbortLanding)
}

// CommitWhy says why the open commit dialog's own action id cannot run
// now ("" when it can), or that the dialog is not open.
func CommitWhy(open modal.Modal, id keys.ActionID) string {
	if o, ok := open.(*commitOverlay); ok {
		return o.dlg.Why(id)
	}
	return "the commit dialog is not open"
}
