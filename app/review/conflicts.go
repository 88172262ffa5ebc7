package review

import (
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// conflictKeys is how many conflicting files the list gives a key (1–9).
const conflictKeys = 9

// conflictOverlay lists the files a merge or rebase stopped on while the
// sidebar, whose Changes lists them too, is hidden: a file's key shows its
// conflict in the diff viewer (closing the viewer comes back here), the
// abort key aborts, esc closes the list (the abort key still works).
type conflictOverlay struct {
	ws, how string
	files   []string        // the ones with a key
	extra   []keys.ActionID // the options after the files: finish, abort
	choice  dialog.Choice
	rev     workspace.ReviewService
}

// conflictDialog is the list of ws's conflicting files.
func (r *Owner) conflictDialog(ws, how string, files []string, sc Scene) *conflictOverlay {
	rec, _ := sc.Snap.Record(ws)
	where := "the worktree"
	if how == "merge" {
		where = "the main checkout (" + sc.Snap.ProjectPath(rec.Repo) + ")"
	}
	body := []string{"They are in " + where + ". Show one, resolve it (" + r.km.Label("diff.editor") + " there opens $EDITOR), then " +
		r.km.Label("diff.stage-file") + " marks it resolved; once none is left the " + how + " can go on."}
	shown := files[:min(len(files), conflictKeys)]
	if more := len(files) - len(shown); more > 0 {
		body = append(body, fmt.Sprintf("… and %d more: the sidebar's Changes lists them all (%s shows it).",
			more, r.keyName(r.sidebar)))
	}
	opts := make([]dialog.Option, 0, len(shown)+1)
	for i, f := range shown {
		opts = append(opts, dialog.Option{Key: strconv.Itoa(i + 1), Label: "show " + paint.NoticeLine(f)})
	}
	var extra []keys.ActionID
	for _, x := range []struct {
		id    keys.ActionID
		label string
	}{{ActFinishLanding, "finish: continue, skip or abort"}, {ActAbortLanding, "abort the " + how}} {
		if a, ok := r.reg.Get(x.id); ok && len(a.Keys) > 0 {
			opts = append(opts, dialog.Option{Key: a.Keys[0], Label: x.label})
			extra = append(extra, x.id)
		}
	}
	title := "The " + how + " stopped on conflicts"
	return &conflictOverlay{ws: ws, how: how, files: shown, extra: extra, rev: r.revOf(ws),
		choice: dialog.NewChoice(sc.Theme, r.km, title, body, opts, 0)}
}

func (o *conflictOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	c, out := o.choice.Update(msg)
	o.choice = c
	switch out {
	case dialog.Cancelled:
		return nil, modal.Closed()
	case dialog.Submitted:
		i := o.choice.Selected()
		if i < len(o.files) {
			return nil, modal.Outcome{}.Then(showConflictReq{ws: o.ws, path: o.files[i], inMain: o.how == "merge", back: o})
		}
		if o.extra[i-len(o.files)] == ActFinishLanding {
			return nil, modal.Closed().Then(finishReq{ws: o.ws, how: o.how})
		}
		return landCmd(o.rev, o.ws, "abort", o.rev.AbortLanding), modal.Outcome{Close: true, Say: "abort running…", SayLevel: modal.LevelInfo}
	}
	return nil, modal.Outcome{}
}

func (o *conflictOverlay) View(w, h int) string { return o.choice.View(w) }

// fileList names up to n paths, and how many more there are.
func fileList(paths []string, n int) string {
	if len(paths) == 0 {
		return "files"
	}
	shown := make([]string, 0, n)
	for _, p := range paths[:min(len(paths), n)] {
		shown = append(shown, paint.NoticeLine(p))
	}
	s := strings.Join(shown, ", ")
	if more := len(paths) - len(shown); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}
