package app

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
)

// Minimum usable terminal size.
const (
	minWidth  = 80
	minHeight = 24
)

// layout is where everything goes for the current size.
type layout struct {
	dashWidth  int
	bodyHeight int // rows above the hint bar
	listTop    int // screen row of the first dashboard list row
	listHeight int
}

func (m *Model) layout() layout {
	l := layout{dashWidth: min(44, max(30, m.width/4)), bodyHeight: m.height - 1}
	l.listTop = 1
	l.listHeight = l.bodyHeight - 2
	if m.filter != nil {
		l.listTop++
		l.listHeight--
	}
	return l
}

// View renders the whole screen. Bubble Tea asks after every message;
// when the last message changed nothing on screen (a key typed into a
// terminal) the previous view is returned as it was.
func (m *Model) View() tea.View {
	if m.viewValid {
		return m.viewCache
	}
	v := tea.NewView(m.render())
	v.Cursor = m.cursor()
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "amux"
	m.viewCache, m.viewValid = v, true
	return v
}

func (m *Model) render() string {
	if m.width == 0 {
		return ""
	}
	if m.width < minWidth || m.height < minHeight {
		msg := fmt.Sprintf("Terminal too small: %d×%d\n\namux needs at least %d×%d.\nEnlarge the window, or press %s to quit.",
			m.width, m.height, minWidth, minHeight, m.keyName(actQuit))
		return dialog.Center(m.width, m.height, m.th.TextStyle().Render(msg))
	}
	l := m.layout()
	body := sideBySide(m.renderDashboard(l), m.renderCenter(l))
	screen := body + "\n" + m.renderHints()
	if m.overlay != nil {
		return overlayOn(screen, m.overlay.view(m, min(m.width-4, 90), m.height-2), m.width, m.height)
	}
	return screen
}

func (m *Model) renderDashboard(l layout) string {
	if m.leftValid {
		return m.leftCache
	}
	m.leftCache, m.leftValid = m.renderDashboardNow(l), true
	return m.leftCache
}

func (m *Model) renderDashboardNow(l layout) string {
	focused := m.focus == focusDashboard && m.overlay == nil
	var content strings.Builder
	if m.filter != nil {
		content.WriteString(m.filter.View() + "\n")
	}
	if !m.loaded {
		content.WriteString(m.th.MutedStyle().Render(m.spin.View() + " loading…"))
	} else {
		content.WriteString(m.dash.View(m.th, l.dashWidth-2, l.listHeight, focused, m.spin.View()))
	}
	title := "Projects"
	if f := m.dash.Filter(); f != "" && m.filter == nil {
		title += " /" + f
	}
	return frame(m.th, title, content.String(), l.dashWidth, l.bodyHeight, focused)
}

func (m *Model) renderCenter(l layout) string {
	w := m.width - l.dashWidth
	focused := m.focus == focusCenter && m.overlay == nil
	title, content := m.centerContent(w-2, l.bodyHeight-2)
	exactFrom := -1
	if tabs, exact, ok := m.renderTabs(w-2, l.bodyHeight-2); ok {
		content, exactFrom = tabs, exact
	}
	return frameExact(m.th, title, content, w, l.bodyHeight, focused, exactFrom)
}

// renderHints is the one-line key-hint bar (or the current notice). It is
// generated from the action registry, so it cannot drift from the keys.
func (m *Model) renderHints() string {
	if m.notice.text != "" {
		st := m.th.TextStyle()
		switch m.notice.level {
		case levelWarn:
			st = m.th.Style(m.th.Warning)
		case levelError:
			st = m.th.ErrorStyle()
		}
		return fit(st.Render(" "+m.notice.text), m.width)
	}
	if !m.deps.Config.UI.ShowKeyHints {
		return ""
	}
	var parts []string
	if m.filter != nil {
		parts = append(parts, "type to filter", m.km.First(keys.FormSubmit)+" keep", m.km.First(keys.FormCancel)+" clear")
	} else if _, live := m.focusedTerminal(); live {
		// Every other key belongs to the program: say how to get out.
		key := func(k, label string) string {
			return m.th.AccentStyle().Render(k) + " " + m.th.MutedStyle().Render(label)
		}
		palette := m.keyName(actPalette)
		parts = append(parts, key(palette, "commands"), key(palette+" "+m.km.First(keys.ListChoose), "back to the list"),
			key(m.keyName(actScrollUp), "history"), m.th.MutedStyle().Render("every other key goes to the program"))
	} else {
		for _, a := range m.reg.InScopes(m.scopes()...) {
			if !a.Hint {
				continue
			}
			if ok, _ := m.available(a.ID); !ok {
				continue
			}
			parts = append(parts, m.th.AccentStyle().Render(keys.KeyLabel(a.Keys[:1]))+" "+m.th.MutedStyle().Render(a.Label))
		}
	}
	return fit(" "+strings.Join(parts, m.th.MutedStyle().Render(" · ")), m.width)
}
