package app

import (
	"fmt"
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
	m.overlay = &paletteOverlay{p: palette.New(m.th, m.km, acts, m.available)}
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

// helpOverlay lists every key by scope, generated from the registry (as
// bubbles key bindings) so it shows exactly what the registry binds. It
// scrolls when the list is taller than the screen.
type helpOverlay struct{ offset int }

func (o *helpOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	if cmd, ok := m.matchDialog(k, scopeHelp); ok {
		return cmd
	}
	scrollKey(m.km, &o.offset, k.String(), 10)
	return nil
}

// scrollKey moves a scrolled overlay's offset for the keys every scrolling
// view shares (keys.ScopeView: line, page of page rows, top, bottom); other
// keys leave it. The view clamps the offset when it draws.
func scrollKey(km keys.Map, offset *int, key string, page int) {
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

// helpLines renders the key list, one binding per line, width cells wide.
func helpLines(m *Model, width int) []string {
	var lines []string
	for _, sc := range scopeTitles() {
		var bindings []key.Binding
		for _, a := range m.reg.InScopes(sc.scope) {
			bindings = append(bindings, m.reg.Binding(a, keys.AlwaysAvailable))
		}
		if len(bindings) == 0 {
			continue
		}
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, m.th.TextStyle().Bold(true).Render(fit(sc.title, width)))
		for _, bind := range bindings {
			hl := bind.Help()
			line := "  " + m.th.AccentStyle().Render(fit(hl.Key, 14)) + " " + m.th.TextStyle().Render(hl.Desc)
			lines = append(lines, fit(line, width))
		}
	}
	return lines
}

func (o *helpOverlay) view(m *Model, w, h int) string {
	inner := w - 6
	lines := helpLines(m, inner)
	rows := max(3, h-8) // border, padding, title and footer
	o.offset = max(0, min(o.offset, len(lines)-rows))
	end := min(len(lines), o.offset+rows)
	var b strings.Builder
	b.WriteString(m.th.AccentStyle().Render("Keys") + "\n\n")
	b.WriteString(strings.Join(lines[o.offset:end], "\n"))
	footer := m.km.First(actCloseHelp) + ": close · every command is also in the palette (" + m.keyName(actPalette) + ")"
	if len(lines) > rows {
		footer = fmt.Sprintf("%s/%s %s/%s: scroll (%d–%d of %d) · ", m.km.First(keys.ViewUp), m.km.First(keys.ViewDown),
			m.km.First(keys.ViewPageUp), m.km.First(keys.ViewPageDown), o.offset+1, end, len(lines)) + footer
	}
	b.WriteString("\n\n" + m.th.MutedStyle().Render(fit(footer, inner)))
	return m.th.Panel(true).Padding(1, 2).Width(w).Render(b.String())
}
