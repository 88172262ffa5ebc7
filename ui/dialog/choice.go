package dialog

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/theme"
)

// Option is one answer of a Choice: the key that picks it and what it does.
type Option struct {
	Key   string // one key, shown beside the option: "w"
	Label string // what choosing it does: "keep it as a WIP commit on feat"
}

// Choice asks one question with a few answers (what to do with uncommitted
// work before a teardown). One answer is preselected, the default; an
// option's key or ↑/↓ then enter picks one, esc cancels. Every key it
// reads is in its footer.
type Choice struct {
	title   string
	body    []string
	options []Option
	sel     int
	theme   theme.Theme
}

// NewChoice builds the dialog with options[def] preselected.
func NewChoice(th theme.Theme, title string, body []string, options []Option, def int) Choice {
	return Choice{title: title, body: body, options: options, sel: max(0, min(def, len(options)-1)), theme: th}
}

// Selected is the index of the highlighted option (the one chosen, once
// Update returned Submitted).
func (c Choice) Selected() int { return c.sel }

// Update handles one key: an option's key picks it, ↑/↓ (k/j) move, enter
// picks the highlighted one, esc cancels.
func (c Choice) Update(msg tea.Msg) (Choice, Outcome) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return c, Pending
	}
	switch s := k.String(); s {
	case "esc":
		return c, Cancelled
	case "enter":
		return c, Submitted
	case "up", "k":
		c.sel = (c.sel + len(c.options) - 1) % len(c.options)
	case "down", "j":
		c.sel = (c.sel + 1) % len(c.options)
	default:
		for i, o := range c.options {
			if o.Key == s {
				c.sel = i
				return c, Submitted
			}
		}
	}
	return c, Pending
}

// View renders the dialog width cells wide.
func (c Choice) View(width int) string {
	th := c.theme
	var b strings.Builder
	b.WriteString(th.Style(th.Warning).Bold(true).Render(c.title) + "\n\n")
	for _, l := range c.body {
		b.WriteString(th.TextStyle().Render(l) + "\n")
	}
	b.WriteString("\n")
	keys := make([]string, 0, len(c.options))
	for i, o := range c.options {
		mark, style := "  ", th.TextStyle()
		if i == c.sel {
			mark, style = "▸ ", th.SelectedStyle()
		}
		b.WriteString(mark + th.AccentStyle().Render(o.Key) + "  " + style.Render(o.Label) + "\n")
		keys = append(keys, o.Key)
	}
	footer := strings.Join(keys, "/") + ": choose · ↑/↓: move · enter: pick ▸ · esc: cancel"
	b.WriteString("\n" + th.MutedStyle().Render(footer))
	return box(th, width, b.String())
}
