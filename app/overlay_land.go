package app

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/commitmsg"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/workspace"
)

// landTimeout bounds a commit, a merge or a rebase.
const landTimeout = 2 * time.Minute

// commitOverlay is the commit-message dialog of the selected workspace.
type commitOverlay struct {
	ws      string
	dlg     commitmsg.Model
	running bool
}

type commitReadyMsg struct {
	ws, last, staged string
	err              error
}

type commitDoneMsg struct {
	ws  string
	err error
}

// openCommit reads the tip's message (for amend) and what is staged, then
// opens the dialog.
func (m *Model) openCommit() tea.Cmd {
	ws, rev := m.selectedWorkspaceID(), m.deps.Review
	if ws == "" {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
		defer cancel()
		last, err := rev.LastMessage(ctx, ws)
		if err != nil {
			return commitReadyMsg{ws: ws, err: err}
		}
		r, err := rev.Review(ctx, ws)
		return commitReadyMsg{ws: ws, last: last, staged: strconv.Itoa(r.Changes.StagedCount) + " staged", err: err}
	}
}

func (m *Model) onCommitReady(msg commitReadyMsg) tea.Cmd {
	if msg.err != nil {
		return m.say(levelError, "commit: "+msg.err.Error())
	}
	if msg.ws != m.selectedWorkspaceID() || m.overlay != nil {
		return nil
	}
	d := commitmsg.New(m.th, m.km, git.ValidateMessage, msg.last, msg.staged)
	d.SetWidth(min(m.width-4, 76))
	m.overlay = &commitOverlay{ws: msg.ws, dlg: d}
	return nil
}

func (o *commitOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	if done, ok := msg.(commitDoneMsg); ok {
		o.running = false
		if done.err != nil {
			// git's reason whole, with the fix when one is known; the
			// engine logged it.
			o.dlg.SetFailure(git.Explain(done.err).Lines())
			return nil
		}
		m.closeOverlay()
		return tea.Batch(m.refreshReview(), m.say(levelInfo, "committed"))
	}
	if o.running {
		return nil
	}
	d, cmd, out := o.dlg.Update(msg)
	o.dlg = d
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		o.running = true
		ws, req, rev := o.ws, o.dlg.Value(), m.deps.Review
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), landTimeout)
			defer cancel()
			_, err := rev.Commit(ctx, ws, git.CommitRequest{Message: req.Message, Amend: req.Amend})
			return commitDoneMsg{ws: ws, err: err}
		}
	}
	return cmd
}

func (o *commitOverlay) view(m *Model, w, h int) string {
	o.dlg.SetWidth(min(w, 76)) // the dialog's place decides (dialog_place.go)
	return o.dlg.View()
}

// landOverlay asks how to land the work after the dry run.
type landOverlay struct {
	ws, base string
	choice   dialog.Choice
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

// previewMerge runs the dry run; its answer opens the question.
func (m *Model) previewMerge() tea.Cmd {
	ws, rev := m.selectedWorkspaceID(), m.deps.Review
	return tea.Batch(m.say(levelInfo, "checking the merge…"), func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), landTimeout)
		defer cancel()
		p, base, err := rev.PreviewMerge(ctx, ws)
		return mergePreviewMsg{ws: ws, base: base, preview: p, err: err}
	})
}

func (m *Model) onMergePreview(msg mergePreviewMsg) tea.Cmd {
	if msg.err != nil {
		return m.say(levelError, "merge: "+msg.err.Error())
	}
	rec, _ := m.record(msg.ws)
	p := msg.preview
	if p.UpToDate {
		return m.say(levelInfo, rec.Branch+" is already in "+msg.base+": nothing to merge")
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
		body = append(body, "Merging stops with them to resolve in the main checkout; "+m.keyName(actAbortLanding)+" aborts.")
	}
	body = append(body, "The merge runs in the main checkout ("+m.shownProjectPath(rec.Repo)+"); nothing is pushed.")
	opts := []dialog.Option{{Label: "Merge into " + msg.base}, {Label: "Rebase onto " + msg.base + " instead"}, {Label: "Cancel"}}
	m.overlay = &landOverlay{ws: msg.ws, base: msg.base,
		choice: dialog.NewChoice(m.th, m.km, "Merge "+rec.Branch+" into "+msg.base, body, opts, 0)}
	return nil
}

func (o *landOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	c, out := o.choice.Update(msg)
	o.choice = c
	switch {
	case out == dialog.Cancelled || out == dialog.Submitted && o.choice.Selected() == 2:
		m.closeOverlay()
	case out == dialog.Submitted:
		how := "merge"
		if o.choice.Selected() == 1 {
			how = "rebase"
		}
		m.closeOverlay()
		op := m.deps.Review.Merge
		if how == "rebase" {
			op = m.deps.Review.Rebase
		}
		return tea.Batch(m.say(levelInfo, how+" running…"), m.land(o.ws, how, op))
	}
	return nil
}

// land runs a merge, a rebase or an abort of ws, then reads its review.
func (m *Model) land(ws, how string, op func(context.Context, string) error) tea.Cmd {
	rev := m.deps.Review
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), landTimeout)
		defer cancel()
		msg := landDoneMsg{ws: ws, how: how, err: op(ctx, ws)}
		r, err := rev.Review(ctx, ws)
		msg.review, msg.reviewed = r, err == nil
		return msg
	}
}

func (o *landOverlay) view(m *Model, w, h int) string { return o.choice.View(w) }

// onLandDone says how a landing ended. A stop on conflicts lists them: in
// the sidebar's Changes when it is shown, else in a list of its own.
func (m *Model) onLandDone(msg landDoneMsg) tea.Cmd {
	if msg.reviewed {
		m.noteLanding(msg.ws, msg.review)
	} else {
		delete(m.side.landings, msg.ws) // unknown: the engine decides
	}
	refresh := tea.Batch(m.refreshReview(), m.load())
	switch {
	case errors.Is(msg.err, git.ErrMergeConflict):
		m.side.tab = sideChanges
		abort := m.keyName(actAbortLanding) + " aborts"
		if m.sideWidth() > 0 && m.side.ws == msg.ws {
			m.focus = focusSidebar
			if msg.reviewed { // the conflicts at once, the cursor on the first
				m.side.review = msg.review
				m.side.changes.SetData(changesData(msg.review))
			}
			m.side.changes.SelectFirst(changes.Conflicted)
			m.side.toConflict = true // a review read before the merge may arrive first
			return tea.Batch(refresh, m.say(levelWarn, msg.how+" stopped on conflicts: they are listed in Changes ("+
				m.km.Label("changes.open")+" shows one, "+m.km.Label("changes.stage")+" marks it resolved); "+
				m.keyName(actFinishLanding)+" finishes, "+abort))
		}
		files := msg.review.Conflicts
		if len(files) > 0 && m.overlay == nil {
			m.openConflicts(msg.ws, msg.how, files)
		}
		return tea.Batch(refresh, m.say(levelWarn, msg.how+" stopped on conflicts in "+fileList(files, 3)+"; "+abort))
	case msg.err != nil:
		return tea.Batch(refresh, m.say(levelError, msg.how+": "+landErrText(msg.err)))
	}
	return tea.Batch(refresh, m.say(levelInfo, msg.how+" done"))
}

// abortLanding aborts ws's stopped merge or rebase.
func (m *Model) abortLanding(ws string) tea.Cmd {
	return m.land(ws, "abort", m.deps.Review.AbortLanding)
}

// shownProjectPath is the display copy of a project's path.
func (m *Model) shownProjectPath(repo string) string {
	if p, ok := m.snap.shown.projects[repo]; ok {
		return p.path
	}
	return strings.TrimSpace(noticeLine(repo))
}
