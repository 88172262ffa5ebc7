package modal

import (
	"strings"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// Keys matches a dialog's keys against the registry in the dialog's
// scopes, as the root would, without handing the dialog the root: the
// match becomes a RunAction request in the dialog's outcome.
type Keys struct {
	reg       *keys.Registry
	available func(keys.ActionID) (bool, string)
	runnable  func(keys.ActionID) bool
}

// Match is the action key k runs in scopes, if any.
func (d Keys) Match(k tea.KeyPressMsg, scopes ...keys.Scope) (keys.ActionID, bool) {
	a, ok := d.reg.Match(k.String(), d.available, scopes...)
	if !ok || !d.runnable(a.ID) {
		return "", false
	}
	return a.ID, true
}

// Bound is the action key k is bound to in scopes, available or not: a
// dialog hands it to the root (Asked), whose run says why it cannot run
// rather than the key doing nothing.
func (d Keys) Bound(k tea.KeyPressMsg, scopes ...keys.Scope) (keys.ActionID, bool) {
	a, ok := d.reg.Match(k.String(), func(keys.ActionID) (bool, string) { return true, "" }, scopes...)
	if !ok || !d.runnable(a.ID) {
		return "", false
	}
	return a.ID, true
}

// Available says whether action id can run now, and why not.
func (d Keys) Available(id keys.ActionID) (bool, string) { return d.available(id) }

// Runnable says the root has a handler for action id: a component's own
// action (matched by the component) has none.
func (d Keys) Runnable(id keys.ActionID) bool { return d.runnable(id) }

// Actions are every action of the registry, in its order.
func (d Keys) Actions() []keys.Action { return d.reg.All() }

// NewKeys is the registry as modals see it: reg's actions, available
// as the root says, and runnable where the root has a handler.
func NewKeys(reg *keys.Registry, available func(keys.ActionID) (bool, string), runnable func(keys.ActionID) bool) Keys {
	return Keys{reg: reg, available: available, runnable: runnable}
}

// Kit is what most dialogs are built with, taken from the root when
// one opens: the theme, the key map, the registry as dialogs see it, and a
// copy of the root's spinner. The root hands every tick to the open
// overlay (the root's onTick), and the copy advances with it, so a dialog waiting on
// work animates without reading the root's spinner.
type Kit struct {
	Th   theme.Theme
	KM   keys.Map
	Keys Keys
	Spin spinner.Model
}

// Tick advances the kit's spinner when msg is a tick; ok says it was one,
// so a dialog's update can stop there. The spinner's next tick is the
// root's to ask for: the copy's own command is dropped.
func (k *Kit) Tick(msg tea.Msg) (ok bool) {
	t, ok := msg.(spinner.TickMsg)
	if ok {
		k.Spin, _ = k.Spin.Update(t)
	}
	return ok
}

// Spinning is the spinner's current frame before what a dialog waits on.
func (k *Kit) Spinning(what string) string {
	return k.Th.MutedStyle().Render(k.Spin.View() + " " + what)
}

// Hints renders the actions of scope that can run now as "key: label"
// pairs, from the registry: a dialog's footer.
func (d Keys) Hints(scope keys.Scope) string {
	var parts []string
	for _, a := range d.reg.InScopes(scope) {
		if ok, _ := d.available(a.ID); ok && len(a.Keys) > 0 {
			parts = append(parts, keys.KeyLabel(a.Keys[:1])+": "+a.Label)
		}
	}
	return strings.Join(parts, " · ")
}

// NewKit is the kit a dialog is built with: the theme, the key map,
// the registry as dialogs see it, and a copy of the root's spinner.
func NewKit(th theme.Theme, km keys.Map, k Keys, spin spinner.Model) Kit {
	return Kit{Th: th, KM: km, Keys: k, Spin: spin}
}

// ScrollKey moves a scrolled overlay's offset for the keys every scrolling
// view shares (keys.ScopeView: line, page of page rows, top, bottom); other
// keys leave it. The view clamps the offset when it draws.
func ScrollKey(km keys.Map, offset *int, key string, page int) {
	switch {
	case km.Is(keys.ViewDown, key):
		*offset++
	case km.Is(keys.ViewUp, key):
		*offset--
	case km.Is(keys.ViewPageDown, key):
		*offset += page
	case km.Is(keys.ViewPageUp, key):
		*offset -= page
	case km.Is(keys.ViewTop, key):
		*offset = 0
	case km.Is(keys.ViewBottom, key):
		*offset = 1 << 30
	}
}
