package dialogs

import (
	"sort"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/palette"
	"amux.dev/amux/ui/theme"
)

// Palette is the command palette over every palette action.
type Palette struct{ p palette.Model }

// PaletteFocus is where the keys are as the palette opens.
type PaletteFocus struct {
	// Scopes are the focused pane's: an action of one is ranked near and
	// offered with its keys (elsewhere its keys would not work).
	Scopes []keys.Scope
	// Near are scopes also ranked near without their keys: the tab
	// commands while a live terminal has the keys (a workspace key typed
	// there goes to the program).
	Near []keys.Scope
	// First is always on top when it can run: the way back to the list.
	First keys.ActionID
}

// NewPalette is the palette over d's runnable palette actions, ranked for
// where the keys are (at).
func NewPalette(th theme.Theme, km keys.Map, d modal.Keys, at PaletteFocus) *Palette {
	// Most useful first: what can run now, in the focused area's scopes,
	// with "back to the list" on top wherever it can run: ctrl+space,
	// enter always means back to the list (the way out of a terminal).
	inScope, near := map[keys.Scope]bool{}, map[keys.Scope]bool{}
	for _, s := range at.Scopes {
		inScope[s], near[s] = true, true
	}
	for _, s := range at.Near {
		near[s] = true
	}
	rank := func(a keys.Action) int {
		ok, _ := d.Available(a.ID)
		r := 0
		if !ok {
			r += 4
		}
		if !near[a.Scope] {
			r += 2
		}
		if ok && a.ID == at.First {
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
	return &Palette{p: palette.New(th, km, acts, d.Available)}
}

// Offers says the palette lists action id.
func (o *Palette) Offers(id keys.ActionID) bool { return o.p.Offers(id) }

// Chosen is the action under the palette's cursor, if any.
func (o *Palette) Chosen() (keys.Action, bool) { return o.p.Chosen() }

// Update gives the palette the message; a chosen action runs through the
// root once the palette is closed (it may open a dialog of its own).
func (o *Palette) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
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

// View implements modal.Modal: the palette drawn at w × h (at most 30 rows).
func (o *Palette) View(w, h int) string { return o.p.View(w, min(h, 30)) }

// paletteKeys is a as the palette offers it: its keys are shown only when they work
// where the palette was opened (a workspace key typed into a terminal goes
// to the program, so the palette must not offer it as the key).
func paletteKeys(a keys.Action, inScope map[keys.Scope]bool) keys.Action {
	if !inScope[a.Scope] {
		a.Keys = nil
	}
	return a
}
