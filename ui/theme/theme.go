// Package theme turns a palette (config.Palette: the colours as data) into
// the styles amux draws with. Components take a Theme and never pick
// colours themselves, so a theme change restyles everything.
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

	// Background is painted under every cell amux draws, and under the
	// default-coloured cells of embedded terminals (see Fill); nil for a
	// theme drawn on the terminal's own background.
	Background color.Color

	Text, Muted, Accent, Border, BorderFocus color.Color
	Selected, SelectedText                   color.Color
	SelectedBlur, SelectedBlurText           color.Color
	Working, Done, Blocked, Error, Warning   color.Color
	// Reverse draws the focused cursor row in reverse video instead of
	// Selected/SelectedText (the terminal theme: its own colours swapped).
	Reverse bool

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

// ByName returns the built-in theme with this name ("" is the default),
// or the default and an error naming the valid ones.
func ByName(name string) (Theme, error) {
	return Lookup(config.Config{}, name)
}

// Lookup returns the named theme among cfg's (built-ins and the user's
// own), or the default and an error naming the valid ones.
func Lookup(cfg config.Config, name string) (Theme, error) {
	if name == "" {
		name = config.Defaults().UI.Theme
	}
	if p, ok := cfg.Palette(name); ok {
		return FromPalette(p)
	}
	def, _ := config.BuiltinPalette(config.Defaults().UI.Theme)
	th, _ := FromPalette(def)
	return th, fmt.Errorf("unknown theme %q (want one of %v)", name, cfg.ThemeNames())
}

// FromPalette builds the theme a palette describes. An invalid palette is
// an error (config validates user themes before they get here).
func FromPalette(p config.Palette) (Theme, error) {
	if err := p.Validate(); err != nil {
		return Theme{}, err
	}
	c := func(s string) color.Color {
		pc, _ := config.ParseColor(s)
		switch pc.Kind {
		case config.RGBColor:
			return color.RGBA{R: pc.RGB[0], G: pc.RGB[1], B: pc.RGB[2], A: 0xff}
		case config.ANSIColor:
			return lipgloss.ANSIColor(pc.ANSI)
		}
		return lipgloss.NoColor{}
	}
	th := Theme{Name: p.Name,
		Text: c(p.Text), Muted: c(p.Muted), Accent: c(p.Accent),
		Border: c(p.Border), BorderFocus: c(p.BorderFocus),
		SelectedText: c(p.SelectedText), SelectedBlur: c(p.SelectedBlur), SelectedBlurText: c(p.SelectedBlurText),
		Working: c(p.Working), Done: c(p.Done), Blocked: c(p.Blocked), Error: c(p.Error), Warning: c(p.Warning),
	}
	if p.Selected == "reverse" {
		th.Reverse, th.Selected = true, lipgloss.NoColor{}
	} else {
		th.Selected = c(p.Selected)
	}
	if p.Background != "" {
		th.Background = c(p.Background)
	}
	th.Syntax = syntaxOf(th)
	return th, nil
}

// Fill is what a cell drawn without colours of its own is painted in: the
// theme's text on its background, so that what the contrast check measured
// is what the person sees whatever the terminal's own colours are. Both
// are nil for a theme without a background (the terminal theme): the
// terminal's defaults show through. fg is nil when the text colour is the
// terminal's own ("default").
func (t Theme) Fill() (fg, bg color.Color) {
	if t.Background == nil {
		return nil, nil
	}
	if _, ok := t.Text.(lipgloss.NoColor); ok {
		return nil, t.Background
	}
	return t.Text, t.Background
}

// syntaxOf derives a theme's syntax colours from its semantic ones, so
// every palette — built in or the person's own — colours code, and with
// colours already held to the contrast rule on its background. The
// diff's own colours (Done for added, Error for deleted lines) are left
// out: a token in them would blur which side its line is on.
func syntaxOf(th Theme) Syntax {
	return Syntax{
		Keyword: th.Accent, Type: th.Working, Builtin: th.Warning, Function: th.BorderFocus,
		String: th.Blocked, Number: th.Warning, Comment: th.Muted, Meta: th.Working,
		Tag: th.Accent, Attribute: th.Warning, Heading: th.Accent, Variable: th.Blocked,
	}
}

// Dark is the default theme.
func Dark() Theme { th, _ := ByName("dark"); return th }

// Style returns a plain style in colour c.
func (t Theme) Style(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }

// TextStyle is ordinary text.
func (t Theme) TextStyle() lipgloss.Style { return t.Style(t.Text) }

// MutedStyle is secondary text.
func (t Theme) MutedStyle() lipgloss.Style { return t.Style(t.Muted) }

// AccentStyle is for titles and highlighted keys.
func (t Theme) AccentStyle() lipgloss.Style { return t.Style(t.Accent).Bold(true) }

// SelectedStyle is the cursor row of the focused list.
func (t Theme) SelectedStyle() lipgloss.Style {
	if t.Reverse {
		return lipgloss.NewStyle().Reverse(true)
	}
	return lipgloss.NewStyle().Background(t.Selected).Foreground(t.SelectedText)
}

// SelectedBlurStyle is the cursor row of a list without focus.
func (t Theme) SelectedBlurStyle() lipgloss.Style {
	return lipgloss.NewStyle().Background(t.SelectedBlur).Foreground(t.SelectedBlurText)
}

// CursorRow is the cursor row's style: SelectedStyle when its list has
// focus, SelectedBlurStyle when not.
func (t Theme) CursorRow(focused bool) lipgloss.Style {
	if focused {
		return t.SelectedStyle()
	}
	return t.SelectedBlurStyle()
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
