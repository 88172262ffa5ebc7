package review

import (
	"context"
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/git"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// A merge or rebase that stopped on conflicts is finished here, the way
// lazygit does it: each conflicting file is opened (the diff viewer, or
// $EDITOR from it), marked resolved (staged where the conflict is: the
// main checkout for a merge, the worktree for a rebase), and once none is
// left the person is asked to continue (a merge commits, a rebase replays
// the rest), skip the commit a rebase stopped on, or abort. Every step
// reads the review again, so Changes, the commits and the row follow.

// finishOverlay asks what to do with a stopped landing, and runs it.
type finishOverlay struct {
	ws, how string
	steps   []finishStep // the options' steps, in order
	choice  dialog.Choice
	rev     workspace.ReviewService
}

// finishStep is one thing the finish question can do.
type finishStep int

const (
	stepContinue finishStep = iota
	stepSkip
	stepAbort
	stepLater
)

// resolvedMsg is a file marked resolved, with the review read after it.
type resolvedMsg struct {
	ws, path string
	err      error
	review   workspace.Review
	reviewed bool
}

// markResolvedCmd stages path of ws's stopped landing as resolved, then
// reads the review.
func markResolvedCmd(rev workspace.ReviewService, ws, path string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), landTimeout)
		defer cancel()
		msg := resolvedMsg{ws: ws, path: path, err: rev.MarkResolved(ctx, ws, path)}
		r, err := rev.Review(ctx, ws)
		msg.review, msg.reviewed = r, err == nil
		return msg
	}
}

// onResolved shows what marking a file resolved did: the conflict's
// viewer gives way to the list it came from, the list shows what is left,
// and with no conflict left the person is asked to continue.
func (r *Owner) onResolved(msg resolvedMsg, sc Scene) (tea.Cmd, modal.Outcome) {
	var out modal.Outcome
	if msg.reviewed {
		out = out.Then(LandingSeen{WS: msg.ws, Review: msg.review, Known: true, InSide: true})
	}
	out = out.Then(scene.Reload{List: true, Changes: true})
	// shown is the dialog open once this is done; moved: it is not sc.Open.
	shown, moved := sc.Open, false
	if o, ok := shown.(*diffOverlay); ok && o.ws == msg.ws && o.req.Mode == git.DiffConflict {
		if msg.err != nil {
			return o.setNote("mark resolved: "+msg.err.Error(), true), out
		}
		shown, moved = o.back, true // the file is done: back to the list it came from
	}
	if msg.err != nil {
		out.Say, out.SayLevel = "mark resolved: "+msg.err.Error(), modal.LevelError
		return nil, withShown(out, shown, moved)
	}
	if c, ok := shown.(*conflictOverlay); ok && c.ws == msg.ws {
		shown, moved = nil, true // reopened with what is left
		if left := msg.review.Conflicts; len(left) > 0 {
			shown = r.conflictDialog(msg.ws, c.how, left, sc)
		}
	}
	out.Say, out.SayLevel = paint.NoticeLine(msg.path)+" marked resolved", modal.LevelInfo
	if msg.reviewed && msg.review.Landing != "" && len(msg.review.Conflicts) == 0 && shown == nil {
		shown, moved = r.finishDialog(msg.ws, msg.review.Landing, nil, sc.Theme), true
	}
	return nil, withShown(out, shown, moved)
}

// withShown is out showing dialog d instead of the open one when moved
// (nil d: none).
func withShown(out modal.Outcome, d modal.Modal, moved bool) modal.Outcome {
	if !moved {
		return out
	}
	if md, ok := d.(modal.Modal); ok {
		out.Open = md
		return out
	}
	out.Close = true
	return out
}

// finishReadyMsg is the review read for the finish question.
type finishReadyMsg struct {
	ws     string
	review workspace.Review
	err    error
}

// openFinish reads ws's review, then asks how to finish its stopped
// landing: what is stopped and what still conflicts are read now, not
// taken from a review that may predate the last step.
func (r *Owner) OpenFinish(ws string) tea.Cmd {
	rev := r.revOf(ws)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
		defer cancel()
		rv, err := rev.Review(ctx, ws)
		return finishReadyMsg{ws: ws, review: rv, err: err}
	}
}

func (r *Owner) onFinishReady(msg finishReadyMsg, sc Scene) modal.Outcome {
	seen := LandingSeen{WS: msg.ws, Review: msg.review, Known: true}
	switch {
	case msg.err != nil:
		return modal.Outcome{Say: "finish: " + msg.err.Error(), SayLevel: modal.LevelError}
	case msg.review.Landing == "":
		return modal.Outcome{Say: "no merge or rebase of this workspace is stopped", SayLevel: modal.LevelInfo}.Then(seen)
	case sc.Open != nil || msg.ws != sc.Selected:
		return modal.Outcome{} // the person moved on meanwhile
	}
	return modal.Outcome{Open: r.finishDialog(msg.ws, msg.review.Landing, msg.review.Conflicts, sc.Theme)}.Then(seen)
}

// finishDialog asks how to go on with ws's stopped merge or rebase; left
// are the files that still conflict (continuing is refused while any is).
func (r *Owner) finishDialog(ws, how string, left []string, th theme.Theme) *finishOverlay {
	var body []string
	if len(left) > 0 {
		body = append(body, "Still conflicting: "+fileList(left, 3)+".",
			"Mark each resolved first ("+r.km.Label("changes.stage")+" in Changes, or "+
				r.km.Label("diff.stage-file")+" in its conflict view).")
	} else {
		body = append(body, "Every conflict is marked resolved.")
	}
	opts := []dialog.Option{{Label: "Continue: commit the merge"}}
	steps := []finishStep{stepContinue}
	title := "Continue the merge?"
	if how == "rebase" {
		title = "Continue the rebase?"
		opts = []dialog.Option{{Label: "Continue: make this commit and replay the rest"}, {Label: "Skip the commit it stopped on"}}
		steps = []finishStep{stepContinue, stepSkip}
	}
	opts = append(opts, dialog.Option{Label: "Abort the " + how + " (back to before it)"}, dialog.Option{Label: "Not now"})
	steps = append(steps, stepAbort, stepLater)
	return &finishOverlay{ws: ws, how: how, steps: steps, rev: r.revOf(ws),
		choice: dialog.NewChoice(th, r.km, title, body, opts, 0)}
}

func (o *finishOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	c, out := o.choice.Update(msg)
	o.choice = c
	switch out {
	case dialog.Cancelled:
		return nil, modal.Closed()
	case dialog.Submitted:
		switch o.steps[c.Selected()] {
		case stepContinue:
			rev := o.rev
			cont := func(ctx context.Context, ws string) error {
				_, err := rev.ContinueLanding(ctx, ws)
				return err
			}
			return landCmd(rev, o.ws, o.how, cont), modal.Outcome{Close: true, Say: o.how + " continuing…", SayLevel: modal.LevelInfo}
		case stepSkip:
			return landCmd(o.rev, o.ws, o.how, o.rev.SkipRebase), modal.Outcome{Close: true, Say: "skipping the commit…", SayLevel: modal.LevelInfo}
		case stepAbort:
			return landCmd(o.rev, o.ws, "abort", o.rev.AbortLanding), modal.Outcome{Close: true, Say: "abort running…", SayLevel: modal.LevelInfo}
		}
		return nil, modal.Closed()
	}
	return nil, modal.Outcome{}
}

func (o *finishOverlay) View(w, h int) string { return o.choice.View(w) }

// landErrText is a landing step's failure as a notice: git's reason and
// the fix, on one line.
func landErrText(err error) string {
	if errors.Is(err, git.ErrUnresolved) || errors.Is(err, workspace.ErrNotThisLanding) {
		return err.Error()
	}
	return strings.Join(git.Explain(err).Lines(), " · ")
}
