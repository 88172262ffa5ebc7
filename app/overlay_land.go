package app

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"amux.dev/amux/app/paint"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git"
	"amux.dev/amux/ui/commitmsg"
	"amux.dev/amux/ui/dialog"
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
func (r *reviewOwner) openCommit(ws string) tea.Cmd {
	if ws == "" {
		return nil
	}
	rev := r.rev
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
func (r *reviewOwner) onCommitReady(msg commitReadyMsg, sc reviewScene) outcome {
	if msg.err != nil {
		return outcome{say: "commit: " + msg.err.Error(), sayLevel: levelError}
	}
	if msg.ws != sc.selected || sc.open != nil {
		return outcome{}
	}
	d := commitmsg.New(sc.th, r.km, git.ValidateMessage, msg.last, msg.staged)
	d.SetWidth(min(sc.width-4, 76))
	return outcome{open: &commitOverlay{ws: msg.ws, dlg: d, rev: r.rev}}
}

func (o *commitOverlay) update(msg tea.Msg) (tea.Cmd, outcome) {
	if done, ok := msg.(commitDoneMsg); ok {
		o.running = false
		if done.err != nil {
			// git's reason whole, with the fix when one is known; the
			// engine logged it.
			o.dlg.SetFailure(git.Explain(done.err).Lines())
			return nil, outcome{}
		}
		return nil, outcome{close: true, say: "committed", sayLevel: levelInfo}.then(reloadReq{changes: true})
	}
	if o.running {
		return nil, outcome{}
	}
	d, cmd, out := o.dlg.Update(msg)
	o.dlg = d
	switch out {
	case dialog.Cancelled:
		return cmd, closed()
	case dialog.Submitted:
		o.running = true
		ws, req, rev := o.ws, o.dlg.Value(), o.rev
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), landTimeout)
			defer cancel()
			_, err := rev.Commit(ctx, ws, git.CommitRequest{Message: req.Message, Amend: req.Amend})
			return commitDoneMsg{ws: ws, err: err}
		}, outcome{}
	}
	return cmd, outcome{}
}

func (o *commitOverlay) view(w, h int) string {
	o.dlg.SetWidth(min(w, 76)) // the dialog's place decides (dialog_place.go)
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
func (r *reviewOwner) previewMerge(ws string) (tea.Cmd, outcome) {
	rev := r.rev
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), landTimeout)
		defer cancel()
		p, base, err := rev.PreviewMerge(ctx, ws)
		return mergePreviewMsg{ws: ws, base: base, preview: p, err: err}
	}, outcome{say: "checking the merge…", sayLevel: levelInfo}
}

func (r *reviewOwner) onMergePreview(msg mergePreviewMsg, sc reviewScene) outcome {
	if msg.err != nil {
		return outcome{say: "merge: " + msg.err.Error(), sayLevel: levelError}
	}
	rec, _ := sc.record(msg.ws)
	p := msg.preview
	if p.UpToDate {
		return outcome{say: rec.Branch + " is already in " + msg.base + ": nothing to merge", sayLevel: levelInfo}
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
		body = append(body, "Merging stops with them to resolve in the main checkout; "+r.keyName(actAbortLanding)+" aborts.")
	}
	body = append(body, "The merge runs in the main checkout ("+sc.shownProjectPath(rec.Repo)+"); nothing is pushed.")
	opts := []dialog.Option{{Label: "Merge into " + msg.base}, {Label: "Rebase onto " + msg.base + " instead"}, {Label: "Cancel"}}
	return outcome{open: &landOverlay{ws: msg.ws, base: msg.base, rev: r.rev,
		choice: dialog.NewChoice(sc.th, r.km, "Merge "+rec.Branch+" into "+msg.base, body, opts, 0)}}
}

func (o *landOverlay) update(msg tea.Msg) (tea.Cmd, outcome) {
	c, out := o.choice.Update(msg)
	o.choice = c
	switch {
	case out == dialog.Cancelled || out == dialog.Submitted && o.choice.Selected() == 2:
		return nil, closed()
	case out == dialog.Submitted:
		how, op := "merge", o.rev.Merge
		if o.choice.Selected() == 1 {
			how, op = "rebase", o.rev.Rebase
		}
		return landCmd(o.rev, o.ws, how, op), outcome{close: true, say: how + " running…", sayLevel: levelInfo}
	}
	return nil, outcome{}
}

func (o *landOverlay) view(w, h int) string { return o.choice.View(w) }

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
func (r *reviewOwner) onLandDone(msg landDoneMsg, sc reviewScene) outcome {
	out := outcome{}.then(landingSeenReq{ws: msg.ws, review: msg.review, known: msg.reviewed},
		reloadReq{list: true, changes: true})
	switch {
	case errors.Is(msg.err, git.ErrMergeConflict):
		abort := r.keyName(actAbortLanding) + " aborts"
		out = out.then(conflictsInSideReq{ws: msg.ws, review: msg.review, reviewed: msg.reviewed})
		out.sayLevel = levelWarn
		if sc.sideOn == msg.ws {
			out.say = msg.how + " stopped on conflicts: they are listed in Changes (" +
				r.km.Label("changes.open") + " shows one, " + r.km.Label("changes.stage") + " marks it resolved); " +
				r.keyName(actFinishLanding) + " finishes, " + abort
			return out
		}
		files := msg.review.Conflicts
		if len(files) > 0 && sc.open == nil {
			out.open = r.conflictDialog(msg.ws, msg.how, files, sc)
		}
		out.say = msg.how + " stopped on conflicts in " + fileList(files, 3) + "; " + abort
		return out
	case msg.err != nil:
		out.say, out.sayLevel = msg.how+": "+landErrText(msg.err), levelError
		return out
	}
	out.say, out.sayLevel = msg.how+" done", levelInfo
	return out
}

// abortLanding aborts ws's stopped merge or rebase.
func (r *reviewOwner) abortLanding(ws string) tea.Cmd {
	return landCmd(r.rev, ws, "abort", r.rev.AbortLanding)
}

// shownProjectPath is the display copy of a project's path.
func (sc reviewScene) shownProjectPath(repo string) string {
	if p, ok := sc.snap.shown.projects[repo]; ok {
		return p.path
	}
	return strings.TrimSpace(paint.NoticeLine(repo))
}
