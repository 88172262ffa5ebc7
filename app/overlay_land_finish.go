package app

import (
	"context"
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/workspace"
)

// A merge or rebase that stopped on conflicts is finished here, the way
// lazygit does it: each conflicting file is opened (the diff viewer, or
// $EDITOR from it), marked resolved (staged where the conflict is: the
// main checkout for a merge, the worktree for a rebase), and once none is
// left the person is asked to continue (a merge commits, a rebase replays
// the rest), skip the commit a rebase stopped on, or abort. Every step
// reads the review again, so Changes, the commits and the row follow.

// finishOverlay asks what to do with a stopped landing.
type finishOverlay struct {
	ws, how string
	steps   []finishStep // the options' steps, in order
	choice  dialog.Choice
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

// markResolved stages path of ws's stopped landing as resolved.
func (m *Model) markResolved(ws, path string) tea.Cmd {
	rev := m.deps.Review
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), landTimeout)
		defer cancel()
		msg := resolvedMsg{ws: ws, path: path, err: rev.MarkResolved(ctx, ws, path)}
		r, err := rev.Review(ctx, ws)
		msg.review, msg.reviewed = r, err == nil
		return msg
	}
}

// onResolved shows what marking a file resolved did; with no conflict
// left it asks to continue.
func (m *Model) onResolved(msg resolvedMsg) tea.Cmd {
	if msg.reviewed {
		m.noteLanding(msg.ws, msg.review)
		if m.side.ws == msg.ws {
			m.side.review = msg.review
			m.side.changes.SetData(changesData(msg.review))
		}
	}
	refresh := tea.Batch(m.refreshReview(), m.load())
	if o, ok := m.overlay.(*diffOverlay); ok && o.ws == msg.ws && o.req.Mode == git.DiffConflict {
		if msg.err != nil {
			return tea.Batch(refresh, o.setNote(m, "mark resolved: "+msg.err.Error(), true))
		}
		m.overlay = o.back // the file is done: back to the list it came from
	}
	if msg.err != nil {
		return tea.Batch(refresh, m.say(levelError, "mark resolved: "+msg.err.Error()))
	}
	if c, ok := m.overlay.(*conflictOverlay); ok && c.ws == msg.ws {
		m.closeOverlay() // reopened below with what is left
		if left := msg.review.Conflicts; len(left) > 0 {
			m.openConflicts(msg.ws, c.how, left)
		}
	}
	said := m.say(levelInfo, noticeLine(msg.path)+" marked resolved")
	if msg.reviewed && msg.review.Landing != "" && len(msg.review.Conflicts) == 0 && m.overlay == nil {
		m.openFinish(msg.ws, msg.review.Landing, nil)
	}
	return tea.Batch(refresh, said)
}

// finishReadyMsg is the review read for the finish question.
type finishReadyMsg struct {
	ws     string
	review workspace.Review
	err    error
}

// openFinishSelected reads the selected workspace's review, then asks how
// to finish its stopped landing: what is stopped and what still conflicts
// are read now, not taken from a review that may predate the last step.
func (m *Model) openFinishSelected() tea.Cmd {
	ws, rev := m.selectedWorkspaceID(), m.deps.Review
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
		defer cancel()
		r, err := rev.Review(ctx, ws)
		return finishReadyMsg{ws: ws, review: r, err: err}
	}
}

func (m *Model) onFinishReady(msg finishReadyMsg) tea.Cmd {
	switch {
	case msg.err != nil:
		return m.say(levelError, "finish: "+msg.err.Error())
	case msg.review.Landing == "":
		m.noteLanding(msg.ws, msg.review)
		return m.say(levelInfo, "no merge or rebase of this workspace is stopped")
	case m.overlay != nil || msg.ws != m.selectedWorkspaceID():
		return nil // the person moved on meanwhile
	}
	m.noteLanding(msg.ws, msg.review)
	m.openFinish(msg.ws, msg.review.Landing, msg.review.Conflicts)
	return nil
}

// openFinish asks how to go on with ws's stopped merge or rebase; left
// are the files that still conflict (continuing is refused while any is).
func (m *Model) openFinish(ws, how string, left []string) {
	var body []string
	if len(left) > 0 {
		body = append(body, "Still conflicting: "+fileList(left, 3)+".",
			"Mark each resolved first ("+m.km.Label("changes.stage")+" in Changes, or "+
				m.km.Label("diff.stage-file")+" in its conflict view).")
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
	m.overlay = &finishOverlay{ws: ws, how: how, steps: steps,
		choice: dialog.NewChoice(m.th, m.km, title, body, opts, 0)}
}

func (o *finishOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	c, out := o.choice.Update(msg)
	o.choice = c
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		m.closeOverlay()
		switch o.steps[c.Selected()] {
		case stepContinue:
			rev := m.deps.Review
			cont := func(ctx context.Context, ws string) error {
				_, err := rev.ContinueLanding(ctx, ws)
				return err
			}
			return tea.Batch(m.say(levelInfo, o.how+" continuing…"), m.land(o.ws, o.how, cont))
		case stepSkip:
			return tea.Batch(m.say(levelInfo, "skipping the commit…"), m.land(o.ws, o.how, m.deps.Review.SkipRebase))
		case stepAbort:
			return tea.Batch(m.say(levelInfo, "abort running…"), m.abortLanding(o.ws))
		}
	}
	return nil
}

func (o *finishOverlay) view(m *Model, w, h int) string { return o.choice.View(w) }

// landErrText is a landing step's failure as a notice: git's reason and
// the fix, on one line.
func landErrText(err error) string {
	if errors.Is(err, git.ErrUnresolved) || errors.Is(err, workspace.ErrNotThisLanding) {
		return err.Error()
	}
	return strings.Join(git.Explain(err).Lines(), " · ")
}
