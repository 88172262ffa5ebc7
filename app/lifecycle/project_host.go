package lifecycle

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/workspace"
)

// addHostProjectOverlay adds a project on a remote host: the path is
// typed, never browsed (a host's directories are not read from here), and
// the host's own engine checks it is a repository there.
type addHostProjectOverlay struct {
	form    dialog.Form
	life    workspace.LifecycleService
	pending bool
}

// openAddHostProject opens the form that adds a project on host.
func (l *Owner) openAddHostProject(host string) (tea.Cmd, modal.Outcome) {
	f := dialog.NewForm(l.d.th, l.d.km, "Add project on "+host,
		dialog.FieldSpec{Label: "Path", Placeholder: "/home/you/src/shop", Hint: "a git repository on " + host + " (its path there)"},
	).WithSubmitLabel("add")
	return nil, modal.Outcome{Open: &addHostProjectOverlay{form: f, life: l.d.life}}
}

// Update implements modal.Modal.
func (o *addHostProjectOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	if msg, ok := msg.(projectAddedMsg); ok {
		o.pending = false
		if msg.err != nil {
			o.form.SetFailed(msg.err.Error())
			return nil, modal.Outcome{}
		}
		// The host pushes its projects: no reload of this machine's.
		return nil, modal.Outcome{Close: true, Say: "added project " + msg.project.Name}.Then(scene.Reload{List: true})
	}
	if o.pending {
		return nil, modal.Outcome{}
	}
	f, cmd, out := o.form.Update(msg)
	o.form = f
	switch out {
	case dialog.Cancelled:
		return cmd, modal.Closed()
	case dialog.Submitted:
		path := strings.TrimSpace(o.form.Values()[0])
		if path == "" {
			o.form.SetFieldError(0, "a path is required")
			return cmd, modal.Outcome{}
		}
		o.pending = true
		// A host answers over ssh: more time than this machine's disk.
		return addProject(o.life, path, 30*time.Second), modal.Outcome{}
	}
	return cmd, modal.Outcome{}
}

// View implements modal.Modal.
func (o *addHostProjectOverlay) View(w, h int) string { return o.form.View(min(w, 72)) }
