package dialog

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// Confirm is a yes/no question for reversible or low-stakes actions
// (closing a tab). Destructive workspace actions use TypedConfirm instead.
type Confirm struct {
	title string
	body  []string
	yes   string // what confirming does: "close"
	theme theme.Theme
	keys  keys.Map
}

// NewConfirm builds the dialog.
func NewConfirm(th theme.Theme, km keys.Map, title string, body []string, yes string) Confirm {
	return Confirm{title: safetext.Line(title), body: safeLines(body), yes: yes, theme: th, keys: km}
}

// Update handles a key: keys.ConfirmYes confirms, keys.ConfirmNo cancels.
func (c Confirm) Update(msg tea.Msg) (Confirm, Outcome) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch s := k.String(); {
		case c.keys.Is(keys.ConfirmYes, s):
			return c, Submitted
		case c.keys.Is(keys.ConfirmNo, s):
			return c, Cancelled
		}
	}
	return c, Pending
}

// View renders the dialog width cells wide.
func (c Confirm) View(width int) string {
	th := c.theme
	var b strings.Builder
	b.WriteString(th.AccentStyle().Render(c.title) + "\n\n")
	for _, l := range c.body {
		b.WriteString(th.TextStyle().Render(l) + "\n")
	}
	b.WriteString("\n" + th.MutedStyle().Render(c.keys.Hints(keys.Hint{ID: keys.ConfirmYes, What: c.yes}, keys.Hint{ID: keys.ConfirmNo, What: "cancel"})))
	return box(th, width, b.String())
}
