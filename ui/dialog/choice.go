package dialog

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
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
	keys    keys.Map
}

// NewChoice builds the dialog with options[def] preselected.
func NewChoice(th theme.Theme, km keys.Map, title string, body []string, options []Option, def int) Choice {
	return Choice{title: title, body: body, options: options, sel: max(0, min(def, len(options)-1)), theme: th, keys: km}
}

// Selected is the index of the highlighted option (the one chosen, once
// Update returned Submitted).
func (c Choice) Selected() int { return c.sel }

// Update handles one key: an option's key picks it, keys.ChoiceUp and
// ChoiceDown move, ChoicePick picks the highlighted one, ChoiceCancel
// cancels.
func (c Choice) Update(msg tea.Msg) (Choice, Outcome) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return c, Pending
	}
	switch s := k.String(); {
	case c.keys.Is(keys.ChoiceCancel, s):
		return c, Cancelled
	case c.keys.Is(keys.ChoicePick, s):
		return c, Submitted
	case c.keys.Is(keys.ChoiceUp, s):
		c.sel = (c.sel + len(c.options) - 1) % len(c.options)
	case c.keys.Is(keys.ChoiceDown, s):
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
	picks := make([]string, 0, len(c.options))
	for i, o := range c.options {
		mark, style := "  ", th.TextStyle()
		if i == c.sel {
			mark, style = "▸ ", th.SelectedStyle()
		}
		b.WriteString(mark + th.AccentStyle().Render(o.Key) + "  " + style.Render(o.Label) + "\n")
		if o.Key != "" {
			picks = append(picks, o.Key)
		}
	}
	km := c.keys
	footer := km.First(keys.ChoiceUp) + "/" + km.First(keys.ChoiceDown) + ": move · " +
		km.Hints(keys.Hint{ID: keys.ChoicePick, What: "pick ▸"}, keys.Hint{ID: keys.ChoiceCancel, What: "cancel"})
	if len(picks) > 0 { // options without keys gave "//: choose"
		footer = strings.Join(picks, "/") + ": choose · " + footer
	}
	b.WriteString("\n" + th.MutedStyle().Render(footer))
	return box(th, width, b.String())
}
