package app

import (
	"sort"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/palette"
	"amux.dev/amux/ui/theme"
)

// paletteOverlay is the command palette over every palette action.
type paletteOverlay struct{ p palette.Model }

// newPalette is the palette over d's runnable palette actions, ranked for
// where the keys are: scopes are the focused pane's, inTerminal says a live
// terminal has them.
func newPalette(th theme.Theme, km keys.Map, d modal.Keys, scopes []keys.Scope, inTerminal bool) *paletteOverlay {
	// Most useful first: what can run now, in the focused area's scopes,
	// with "back to the list" on top wherever it can run: ctrl+space,
	// enter always means back to the list (the way out of a terminal).
	inScope := map[keys.Scope]bool{}
	for _, s := range scopes {
		inScope[s] = true
	}
	rank := func(a keys.Action) int {
		ok, _ := d.Available(a.ID)
		r := 0
		if !ok {
			r += 4
		}
		if !inScope[a.Scope] && !(inTerminal && a.Scope == scopeWorkspace) {
			r += 2
		}
		if ok && a.ID == actFocusList {
			r = -1
		}
		return r
	}
	var acts []keys.Action
	for _, a := range d.Actions() {
		// A component's own action (run nil) is matched by the component
		// through its keys: chosen here it would do nothing.
		if a.Palette && d.Runnable(a.ID) {
			acts = append(acts, paletteKeys(a, inScope))
		}
	}
	sort.SliceStable(acts, func(i, j int) bool { return rank(acts[i]) < rank(acts[j]) })
	return &paletteOverlay{p: palette.New(th, km, acts, d.Available)}
}

// Update gives the palette the message; a chosen action runs through the
// root once the palette is closed (it may open a dialog of its own).
func (o *paletteOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	p, cmd, out := o.p.Update(msg)
	o.p = p
	switch out {
	case dialog.Cancelled:
		return cmd, modal.Closed()
	case dialog.Submitted:
		if a, ok := o.p.Chosen(); ok {
			return cmd, modal.Closed().Then(modal.RunAction{ID: a.ID})
		}
		return cmd, modal.Closed()
	}
	return cmd, modal.Outcome{}
}

func (o *paletteOverlay) View(w, h int) string { return o.p.View(w, min(h, 30)) }
