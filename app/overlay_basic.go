package app

import (
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/palette"
)

// paletteOverlay is the command palette over every palette action.
type paletteOverlay struct{ p palette.Model }

func (m *Model) openPalette() {
	// Most useful first: what can run now, in the focused area's scopes,
	// with "back to the list" on top while a terminal has focus (the way
	// out of a terminal is ctrl+space, enter).
	inScope := map[keys.Scope]bool{}
	for _, s := range m.scopes() {
		inScope[s] = true
	}
	_, inTerminal := m.focusedTerminal()
	rank := func(a keys.Action) int {
		r := 0
		if ok, _ := m.available(a.ID); !ok {
			r += 4
		}
		if !inScope[a.Scope] && !(inTerminal && a.Scope == scopeWorkspace) {
			r += 2
		}
		if inTerminal && a.ID == actFocusDash {
			r = -1
		}
		return r
	}
	var acts []keys.Action
	for _, a := range m.reg.All() {
		if a.Palette {
			acts = append(acts, a)
		}
	}
	sort.SliceStable(acts, func(i, j int) bool { return rank(acts[i]) < rank(acts[j]) })
	m.overlay = &paletteOverlay{p: palette.New(m.th, acts, m.available)}
}

func (o *paletteOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	p, cmd, out := o.p.Update(msg)
	o.p = p
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		a, ok := o.p.Chosen()
		m.closeOverlay()
		if ok {
			return tea.Batch(cmd, m.run(a.ID))
		}
	}
	return cmd
}

func (o *paletteOverlay) view(m *Model, w, h int) string { return o.p.View(w, min(h, 30)) }

// helpOverlay lists every key by scope, generated from the registry with
// bubbles' help so it shows exactly what the registry binds.
type helpOverlay struct{}

func (o *helpOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "esc", "q", "?", "enter":
			m.closeOverlay()
		}
	}
	return nil
}

func (o *helpOverlay) view(m *Model, w, h int) string {
	var b strings.Builder
	b.WriteString(m.th.AccentStyle().Render("Keys") + "\n")
	for _, sc := range []struct {
		scope keys.Scope
		title string
	}{
		{scopeGlobal, "Everywhere"},
		{scopeDashboard, "Project list"},
		{scopeCenter, "Tab area"},
		{scopeTerminal, "Inside an agent or terminal tab"},
	} {
		var bindings []key.Binding
		for _, a := range m.reg.InScopes(sc.scope) {
			bindings = append(bindings, m.reg.Binding(a, keys.AlwaysAvailable))
		}
		if len(bindings) == 0 {
			continue
		}
		b.WriteString("\n" + m.th.TextStyle().Bold(true).Render(sc.title) + "\n")
		for _, bind := range bindings {
			hl := bind.Help()
			b.WriteString("  " + m.th.AccentStyle().Render(fit(hl.Key, 16)) + " " + m.th.TextStyle().Render(hl.Desc) + "\n")
		}
	}
	b.WriteString("\n" + m.th.MutedStyle().Render("esc/?: close · every command is also in the palette (ctrl+space)"))
	return m.th.Panel(true).Padding(1, 2).Width(w).Render(b.String())
}
