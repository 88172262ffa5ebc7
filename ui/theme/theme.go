// Package theme holds amux's colour themes. Components take a Theme and
// never pick colours themselves, so a theme change restyles everything.
package theme

import (
	"fmt"
	"image/color"

	"charm.land/lipgloss/v2"

	"amux.dev/amux/config"
)

// Theme is a set of semantic colours and the styles built from them.
type Theme struct {
	Name string

	Text, Muted, Accent, Border, BorderFocus color.Color
	Selected, SelectedText                   color.Color
	Working, Done, Blocked, Error, Warning   color.Color

	// Syntax colours source code in the diff viewer.
	Syntax Syntax
}

// Syntax is the colour of each kind of source token. A nil colour leaves
// the token in its line's own colour (a diff's added or deleted colour), so
// plain names and punctuation still say which side a line is on.
type Syntax struct {
	Keyword, Type, Builtin, Function  color.Color
	String, Number, Comment, Meta     color.Color
	Tag, Attribute, Heading, Variable color.Color
}

// ByName returns the named theme, or an error naming the valid ones.
func ByName(name string) (Theme, error) {
	switch name {
	case "", "dark":
		return Dark(), nil
	case "light":
		return Light(), nil
	case "terminal":
		return Terminal(), nil
	}
	return Dark(), fmt.Errorf("unknown theme %q (want one of %v)", name, config.ThemeNames())
}

// Dark is the default theme for dark terminals, in truecolor.
func Dark() Theme {
	c := lipgloss.Color
	return Theme{Name: "dark",
		Text: c("#d8dee9"), Muted: c("#7b8496"), Accent: c("#88c0d0"),
		Border: c("#3b4252"), BorderFocus: c("#88c0d0"),
		Selected: c("#3b4a5e"), SelectedText: c("#eceff4"),
		Working: c("#81a1c1"), Done: c("#a3be8c"), Blocked: c("#ebcb8b"), Error: c("#bf616a"), Warning: c("#d08770"),
		Syntax: Syntax{
			Keyword: c("#81a1c1"), Type: c("#8fbcbb"), Builtin: c("#d08770"), Function: c("#88c0d0"),
			String: c("#ebcb8b"), Number: c("#b48ead"), Comment: c("#7b8496"), Meta: c("#5e81ac"),
			Tag: c("#81a1c1"), Attribute: c("#8fbcbb"), Heading: c("#88c0d0"), Variable: c("#d08770"),
		},
	}
}

// Light is for light terminals.
func Light() Theme {
	c := lipgloss.Color
	return Theme{Name: "light",
		Text: c("#2e3440"), Muted: c("#6b7385"), Accent: c("#0b6e99"),
		Border: c("#c5cad3"), BorderFocus: c("#0b6e99"),
		Selected: c("#dce6f0"), SelectedText: c("#1c2330"),
		Working: c("#2f5f9e"), Done: c("#2e7d32"), Blocked: c("#9a6b00"), Error: c("#b3261e"), Warning: c("#b35c00"),
		Syntax: Syntax{
			Keyword: c("#7a3e9d"), Type: c("#00677f"), Builtin: c("#0550ae"), Function: c("#5b3ab0"),
			String: c("#8a5a00"), Number: c("#0550ae"), Comment: c("#6b7385"), Meta: c("#6b4f9e"),
			Tag: c("#005f87"), Attribute: c("#8a4600"), Heading: c("#0b6e99"), Variable: c("#8a4600"),
		},
	}
}

// Terminal uses only the 16 ANSI colours, so it follows the terminal's own
// palette (and its light or dark background).
func Terminal() Theme {
	a := func(i int) color.Color { return lipgloss.ANSIColor(i) }
	return Theme{Name: "terminal",
		Text: lipgloss.NoColor{}, Muted: a(8), Accent: a(6),
		Border: a(8), BorderFocus: a(6),
		Selected: a(4), SelectedText: a(15),
		Working: a(4), Done: a(2), Blocked: a(3), Error: a(1), Warning: a(3),
		Syntax: Syntax{
			Keyword: a(5), Type: a(6), Builtin: a(6), Function: a(4),
			String: a(3), Number: a(5), Comment: a(8), Meta: a(4),
			Tag: a(4), Attribute: a(6), Heading: a(6), Variable: a(3),
		},
	}
}

// Style returns a plain style in colour c.
func (t Theme) Style(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }

// TextStyle is ordinary text.
func (t Theme) TextStyle() lipgloss.Style { return t.Style(t.Text) }

// MutedStyle is secondary text.
func (t Theme) MutedStyle() lipgloss.Style { return t.Style(t.Muted) }

// AccentStyle is for titles and highlighted keys.
func (t Theme) AccentStyle() lipgloss.Style { return t.Style(t.Accent).Bold(true) }

// SelectedStyle is the cursor row of a list.
func (t Theme) SelectedStyle() lipgloss.Style {
	return lipgloss.NewStyle().Background(t.Selected).Foreground(t.SelectedText)
}

// ErrorStyle is for error text.
func (t Theme) ErrorStyle() lipgloss.Style { return t.Style(t.Error) }

// Panel is a bordered box, highlighted when focused.
func (t Theme) Panel(focused bool) lipgloss.Style {
	b := t.Border
	if focused {
		b = t.BorderFocus
	}
	return lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(b)
}
