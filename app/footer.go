package app

import (
	"strings"

	"charm.land/lipgloss/v2"

	"amux.dev/amux/app/paint"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
)

// The footer is the screen's last row: the focused pane's name ("list",
// "tab: claude", "sidebar: Changes"), then the keys that work there, as
// many as fit. When some do not, it ends with where to find them all
// ("… ? help"): it is never cut silently. Notices have their own row
// (noticeRow), so the footer always shows.

// hint is one entry of the footer: an action's key and label, or a note.
type hint struct {
	id   keys.ActionID // "" for a note
	text string        // styled
}

// renderFooter is the footer, exactly the screen's width.
func (m painter) renderFooter() string {
	badge := m.th.SelectedStyle().Render(" " + m.focusName() + " ")
	if !m.showHints {
		return paint.Fit(badge, m.w)
	}
	room := m.w - lipgloss.Width(badge) - 1
	return paint.Fit(badge+" "+m.fitHints(m.hints(), room), m.w)
}

// focusName names where keys go now.
func (m painter) focusName() string {
	switch {
	case m.overlay != nil:
		return "dialog"
	case m.list.typing():
		return "list: filter"
	case m.focus == focusSidebar:
		if m.entered != nil {
			return "sidebar: shell"
		}
		return "sidebar: " + sideTabNames[m.side.tab]
	case m.focus == focusTabArea:
		name := "tab area"
		if t := m.active; t != nil {
			// "tab: …" only while its program has the keys.
			name = "tab area: " + safetext.Line(t.label())
			if m.entered != nil {
				name = "tab: " + safetext.Line(t.label())
			}
			if t.view != nil && t.view.Scrolled() > 0 {
				name += " · history"
			}
		}
		if m.l.zoomed {
			name += " · zoomed"
		}
		return name
	}
	return "list"
}

// hints are the footer's entries for the focused pane, from the registry.
func (m painter) hints() []hint {
	key := func(k, label string) hint {
		return hint{text: m.th.AccentStyle().Render(k) + " " + m.th.MutedStyle().Render(label)}
	}
	switch {
	case m.overlay != nil:
		return []hint{{text: m.th.MutedStyle().Render("keys go to the dialog")}}
	case m.list.typing():
		return []hint{{text: m.th.MutedStyle().Render("type to filter")},
			key(m.km.First(keys.FormSubmit), "keep"), key(m.km.First(keys.FormCancel), "clear")}
	}
	if m.entered != nil {
		// Every other key belongs to the program: say how to get out.
		// The way out comes first: it must show whatever the width.
		palette := m.keyName(actPalette)
		all := key(palette, "commands")
		all.id = actPalette
		return []hint{key(palette+" "+m.km.First(keys.ListChoose), "back to the list"), all,
			key(m.keyName(actScrollUp), "history"), {text: m.th.MutedStyle().Render("every other key goes to the program")}}
	}
	var hs []hint
	for _, a := range m.reg.InScopes(m.scopes...) {
		if !a.Hint || len(a.Keys) == 0 {
			continue // an action left without a key is run from the palette
		}
		if ok, _ := m.available(a.ID); !ok {
			continue
		}
		h := key(keys.KeyLabel(a.Keys[:1]), a.Label)
		h.id = a.ID
		hs = append(hs, h)
	}
	return hs
}

// fitHints joins hs in room cells. What does not fit is replaced by a
// marker that says where every key is: the key list where it opens from
// here and has a key, else the palette (the marker is a bare "…" when that entry is
// already shown).
func (m painter) fitHints(hs []hint, room int) string {
	sep := m.th.MutedStyle().Render(" · ")
	all := make([]string, len(hs))
	for i, h := range hs {
		all[i] = h.text
	}
	if line := strings.Join(all, sep); lipgloss.Width(line) <= room {
		return line
	}
	more, moreLabel := actPalette, "commands"
	if ok, _ := m.available(actHelp); ok && m.inScopes(actHelp) && m.keyName(actHelp) != string(actHelp) {
		more, moreLabel = actHelp, "help"
	}
	ellipsis := m.th.MutedStyle().Render("…")
	marker := ellipsis + " " + m.th.AccentStyle().Render(m.keyName(more)) + " " + m.th.MutedStyle().Render(moreLabel)
	var shown []string
	used, hasMore := 0, false
	for _, h := range hs {
		end := marker
		if hasMore || h.id == more {
			end = ellipsis
		}
		w := lipgloss.Width(h.text) + lipgloss.Width(sep)
		if used+w+lipgloss.Width(end) > room {
			break
		}
		shown = append(shown, h.text)
		used += w
		hasMore = hasMore || h.id == more
	}
	if hasMore {
		marker = ellipsis
	}
	return strings.Join(append(shown, marker), sep)
}

// inScopes reports whether id's scope is active in the focused pane.
func (m painter) inScopes(id keys.ActionID) bool {
	a, ok := m.reg.Get(id)
	if !ok {
		return false
	}
	for _, s := range m.scopes {
		if s == a.Scope {
			return true
		}
	}
	return false
}
