package app

import (
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git"
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
}

// openConflicts shows the list of ws's conflicting files.
func (m *Model) openConflicts(ws, how string, files []string) {
	rec, _ := m.record(ws)
	where := "the worktree"
	if how == "merge" {
		where = "the main checkout (" + m.shownProjectPath(rec.Repo) + ")"
	}
	body := []string{"They are in " + where + ". Show one, resolve it (" + m.km.Label("diff.editor") + " there opens $EDITOR), then " +
		m.km.Label("diff.stage-file") + " marks it resolved; once none is left the " + how + " can go on."}
	shown := files[:min(len(files), conflictKeys)]
	if more := len(files) - len(shown); more > 0 {
		body = append(body, fmt.Sprintf("… and %d more: the sidebar's Changes lists them all (%s shows it).",
			more, m.keyName(actToggleSidebar)))
	}
	opts := make([]dialog.Option, 0, len(shown)+1)
	for i, f := range shown {
		opts = append(opts, dialog.Option{Key: strconv.Itoa(i + 1), Label: "show " + noticeLine(f)})
	}
	var extra []keys.ActionID
	for _, x := range []struct {
		id    keys.ActionID
		label string
	}{{actFinishLanding, "finish: continue, skip or abort"}, {actAbortLanding, "abort the " + how}} {
		if a, ok := m.reg.Get(x.id); ok && len(a.Keys) > 0 {
			opts = append(opts, dialog.Option{Key: a.Keys[0], Label: x.label})
			extra = append(extra, x.id)
		}
	}
	title := "The " + how + " stopped on conflicts"
	m.overlay = &conflictOverlay{ws: ws, how: how, files: shown, extra: extra,
		choice: dialog.NewChoice(m.th, m.km, title, body, opts, 0)}
}

func (o *conflictOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	c, out := o.choice.Update(msg)
	o.choice = c
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		i := o.choice.Selected()
		if i >= len(o.files) {
			m.closeOverlay()
			if o.extra[i-len(o.files)] == actFinishLanding {
				m.openFinish(o.ws, o.how, m.side.landings[o.ws].conflicts)
				return nil
			}
			return tea.Batch(m.say(levelInfo, "abort running…"), m.abortLanding(o.ws))
		}
		req := workspace.DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffConflict, Path: o.files[i]}, InMain: o.how == "merge"}
		return m.showDiff(&diffOverlay{ws: o.ws, title: o.files[i], req: req, back: o})
	}
	return nil
}

func (o *conflictOverlay) view(m *Model, w, h int) string { return o.choice.View(w) }

// fileList names up to n paths, and how many more there are.
func fileList(paths []string, n int) string {
	if len(paths) == 0 {
		return "files"
	}
	shown := make([]string, 0, n)
	for _, p := range paths[:min(len(paths), n)] {
		shown = append(shown, noticeLine(p))
	}
	s := strings.Join(shown, ", ")
	if more := len(paths) - len(shown); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}
