package app

import (
	"strings"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// modalKit is what most dialogs are built with, taken from the root when
// one opens: the theme, the key map, the registry as dialogs see it, and a
// copy of the root's spinner. The root hands every tick to the open
// overlay (onTick), and the copy advances with it, so a dialog waiting on
// work animates without reading the root's spinner.
type modalKit struct {
	th   theme.Theme
	km   keys.Map
	keys modalKeys
	spin spinner.Model
}

// modalKit is the kit a dialog opened now is built with.
func (m *Model) modalKit() modalKit {
	return modalKit{th: m.th, km: m.km, keys: m.modalKeys(), spin: m.spin}
}

// tick advances the kit's spinner when msg is a tick; ok says it was one,
// so a dialog's update can stop there. The spinner's next tick is the
// root's to ask for: the copy's own command is dropped.
func (k *modalKit) tick(msg tea.Msg) (ok bool) {
	t, ok := msg.(spinner.TickMsg)
	if ok {
		k.spin, _ = k.spin.Update(t)
	}
	return ok
}

// spinning is the spinner's current frame before what a dialog waits on.
func (k *modalKit) spinning(what string) string {
	return k.th.MutedStyle().Render(k.spin.View() + " " + what)
}

// waiter is a modal that shows a spinner while it waits on work: the root
// keeps its spinner ticking while one says it waits (animating).
type waiter interface{ waiting() bool }

// hints renders the actions of scope that can run now as "key: label"
// pairs, from the registry: a dialog's footer.
func (d modalKeys) hints(scope keys.Scope) string {
	var parts []string
	for _, a := range d.reg.InScopes(scope) {
		if ok, _ := d.available(a.ID); ok && len(a.Keys) > 0 {
			parts = append(parts, keys.KeyLabel(a.Keys[:1])+": "+a.Label)
		}
	}
	return strings.Join(parts, " · ")
}

// asked is the outcome that runs action id through the root, as its key
// would where it is available.
func asked(id keys.ActionID) outcome { return outcome{}.then(runAction{id}) }
