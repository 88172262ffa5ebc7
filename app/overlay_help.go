package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/help"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// helpOverlay is the `?` key list (ui/help): every action by scope, as the
// registry binds it (remapping included), filterable with /, with the
// badge legend and a footer that wraps instead of being cut.
type helpOverlay struct {
	h    help.Model
	th   theme.Theme
	keys modal.Keys
}

// newHelpOverlay is the key list of every action reg binds, matching its
// own keys through mk.
func newHelpOverlay(reg *keys.Registry, km keys.Map, th theme.Theme, mk modal.Keys) *helpOverlay {
	var sections []help.Section
	for _, sc := range scopeTitles() {
		sec := help.Section{Title: sc.title}
		for _, a := range reg.InScopes(sc.scope) {
			k := keys.KeyLabel(a.Keys)
			if k == "" {
				k = "palette only"
			}
			sec.Entries = append(sec.Entries, help.Entry{Keys: k, What: a.Help})
		}
		if len(sec.Entries) > 0 {
			sections = append(sections, sec)
		}
	}
	footer := km.First(actCloseHelp) + ": close · every command is also in the palette (" + registryKeyName(reg, actPalette) +
		"), which says why one cannot run"
	return &helpOverlay{h: help.New(th, km, sections, footer), th: th, keys: mk}
}

// Update gives the list the key first (its filter, its scrolling, Esc
// clearing a filter); what it does not use closes it by the help scope.
func (o *helpOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	h, cmd, used := o.h.Update(msg)
	o.h = h
	if used {
		return cmd, modal.Outcome{}
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if id, ok := o.keys.Match(k, scopeHelp); ok {
			return cmd, modal.Outcome{}.Then(modal.RunAction{ID: id})
		}
	}
	return cmd, modal.Outcome{}
}

// WantsWidth: the key list needs room for its keys and what they do.
func (o *helpOverlay) WantsWidth() int { return modal.RoomyWidth }

func (o *helpOverlay) View(w, h int) string {
	inner := w - 6
	body := o.th.AccentStyle().Render("Keys") + "\n\n" + o.h.View(inner, max(6, h-6))
	return o.th.Panel(true).Padding(1, 2).Width(w).Render(body)
}
