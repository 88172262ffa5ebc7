package config

import (
	"fmt"
	"math"
)

// The contrast rules a theme must meet (WCAG 2.x, level AA).
const (
	// MinTextContrast is for text: 4.5:1 for normal-sized text.
	MinTextContrast = 4.5
	// MinUIContrast is for what marks a component's state without being
	// text — here the focused panel's border (WCAG 1.4.11, 3:1).
	MinUIContrast = 3.0
)

// A theme made of the terminal's own colours ("ansi:N", "default") cannot
// know them. Its contrast is checked against the palette most terminals
// start from: xterm's 16 colours on a black background, with ANSI 7 as the
// default foreground. A terminal whose background is light but keeps those
// colours should use a light theme instead.
var (
	referenceBackground = [3]uint8{0, 0, 0}
	referenceANSI       = [16][3]uint8{
		{0x00, 0x00, 0x00}, {0xcd, 0x00, 0x00}, {0x00, 0xcd, 0x00}, {0xcd, 0xcd, 0x00},
		{0x00, 0x00, 0xee}, {0xcd, 0x00, 0xcd}, {0x00, 0xcd, 0xcd}, {0xe5, 0xe5, 0xe5},
		{0x7f, 0x7f, 0x7f}, {0xff, 0x00, 0x00}, {0x00, 0xff, 0x00}, {0xff, 0xff, 0x00},
		{0x5c, 0x5c, 0xff}, {0xff, 0x00, 0xff}, {0x00, 0xff, 0xff}, {0xff, 0xff, 0xff},
	}
)

// referenceForeground is the terminal's default foreground in the reference.
func referenceForeground() [3]uint8 { return referenceANSI[7] }

// resolve gives a palette colour's RGB: itself, or its reference value.
func resolve(c Color) [3]uint8 {
	switch c.Kind {
	case RGBColor:
		return c.RGB
	case ANSIColor:
		return referenceANSI[c.ANSI]
	}
	return referenceForeground()
}

// ContrastRatio is the WCAG contrast ratio of two colours, from 1 to 21.
func ContrastRatio(a, b [3]uint8) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// luminance is WCAG's relative luminance of an sRGB colour.
func luminance(c [3]uint8) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
}

// ContrastProblem is one pair of a theme's colours that is too close, or
// whose contrast cannot be known (Unknown).
type ContrastProblem struct {
	Theme    string
	Fg, Bg   string // role names, as in a theme file
	Ratio    float64
	Required float64
	// Unknown: the theme paints its background but this pair has one of
	// the terminal's own colours ("ansi:N", "default"), which amux cannot
	// know, so nothing says the text is readable on the painted colour.
	Unknown bool
}

// Error implements error.
func (p ContrastProblem) Error() string {
	if p.Unknown {
		return fmt.Sprintf("theme %q: %s on %s uses a terminal colour (ansi:N or default) on the theme's own background: its contrast cannot be checked (use #rrggbb)", p.Theme, p.Fg, p.Bg)
	}
	return fmt.Sprintf("theme %q: %s on %s has contrast %.2f:1, below %.1f:1", p.Theme, p.Fg, p.Bg, p.Ratio, p.Required)
}

// CheckContrast lists the pairs of p that fail WCAG AA: every text role on
// the background, each cursor row's text on its own background (4.5:1),
// and the focused border on the background (3:1). State glyphs on a cursor
// row are drawn in the row's text colour, so they need no pair of their
// own. The palette must be valid (Validate).
//
// The background is the one amux paints under every cell (see
// ui/theme.Theme.Fill), so a pair that passes here is what the person
// sees. A theme without one is drawn on the terminal's own background and
// checked against the reference palette; a theme with one must give its
// checked colours as #rrggbb, because the terminal's colours on a painted
// background are anyone's guess.
func (p Palette) CheckContrast() []ContrastProblem {
	bg := referenceBackground
	painted := p.Background != ""
	if painted {
		bg, _ = parseHex(p.Background)
	}
	col := func(s string) [3]uint8 {
		c, _ := ParseColor(s)
		return resolve(c)
	}
	rgb := func(s string) bool { c, err := ParseColor(s); return err == nil && c.Kind == RGBColor }
	var out []ContrastProblem
	// bgColour is the pair's background as the palette names it, "" for
	// the theme's background.
	check := func(fgName, fg, bgColour, bgName string, bgc [3]uint8, need float64) {
		if painted && (!rgb(fg) || bgColour != "" && !rgb(bgColour)) {
			out = append(out, ContrastProblem{Theme: p.Name, Fg: fgName, Bg: bgName, Required: need, Unknown: true})
			return
		}
		if r := ContrastRatio(col(fg), bgc); r < need {
			out = append(out, ContrastProblem{Theme: p.Name, Fg: fgName, Bg: bgName, Ratio: r, Required: need})
		}
	}
	for _, r := range p.roles() {
		switch r.name {
		case "text", "muted", "accent", "working", "done", "blocked", "error", "warning":
			check(r.name, *r.val, "", "background", bg, MinTextContrast)
		}
	}
	if p.Selected == "reverse" {
		// Reverse video swaps the row's text colour and the background.
		check("selected_text", p.SelectedText, "", "background (reverse video)", bg, MinTextContrast)
	} else {
		check("selected_text", p.SelectedText, p.Selected, "selected", col(p.Selected), MinTextContrast)
	}
	check("selected_blur_text", p.SelectedBlurText, p.SelectedBlur, "selected_blur", col(p.SelectedBlur), MinTextContrast)
	check("border_focus", p.BorderFocus, "", "background", bg, MinUIContrast)
	return out
}
