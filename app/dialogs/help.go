// Package dialogs holds the dialogs that need no owner of the root's
// state: each is a modal.Modal built with what it shows (a modal.Kit, its
// data, the reads it may repeat) and answers with a modal.Outcome. Its
// scope and its own actions' IDs are declared beside it; their rows (keys,
// labels, what the root does) are the root's action table's. A dialog that
// works on an owner's state belongs beside that owner instead.
package dialogs

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/help"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// Help is the `?` key list (ui/help): every action by scope, as the
// registry binds it (remapping included), filterable with /, with the
// badge legend and a footer that wraps instead of being cut.
type Help struct {
	h    help.Model
	th   theme.Theme
	keys modal.Keys
}

// The key list's scope and its own action (a row in the root's table).
const (
	ScopeHelp    keys.Scope    = "help" // the key list is open
	ActCloseHelp keys.ActionID = "close-help"
)

// NewHelp is the key list of sections (every action the registry
// binds, by scope: the root knows the scopes), matching its own keys
// through mk; paletteKey is the key that opens the palette.
func NewHelp(sections []help.Section, paletteKey string, km keys.Map, th theme.Theme, mk modal.Keys) *Help {
	footer := km.First(ActCloseHelp) + ": close · every command is also in the palette (" + paletteKey +
		"), which says why one cannot run"
	return &Help{h: help.New(th, km, sections, footer), th: th, keys: mk}
}

// Update gives the list the key first (its filter, its scrolling, Esc
// clearing a filter); what it does not use closes it by the help scope.
func (o *Help) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	h, cmd, used := o.h.Update(msg)
	o.h = h
	if used {
		return cmd, modal.Outcome{}
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if id, ok := o.keys.Match(k, ScopeHelp); ok {
			return cmd, modal.Outcome{}.Then(modal.RunAction{ID: id})
		}
	}
	return cmd, modal.Outcome{}
}

// Filter is what is typed into the key list's filter.
func (o *Help) Filter() string { return o.h.Filter() }

// WantsWidth: the key list needs room for its keys and what they do.
func (o *Help) WantsWidth() int { return modal.RoomyWidth }

// View implements modal.Modal: the dialog drawn at w × h.
func (o *Help) View(w, h int) string {
	inner := w - 6
	body := o.th.AccentStyle().Render("Keys") + "\n\n" + o.h.View(inner, max(6, h-6))
	return o.th.Panel(true).Padding(1, 2).Width(w).Render(body)
}
