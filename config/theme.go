package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Palette is a theme as data: the colour of each role amux draws with.
// ui/theme turns a palette into styles; nothing else picks colours.
//
// A colour is "#rrggbb" (or "#rgb"), "ansi:N" for one of the terminal's 16
// colours (0–15), or "default" for the terminal's own foreground. Selected
// may also be "reverse": the cursor row in reverse video, which has the
// contrast of the terminal's own foreground on its background.
type Palette struct {
	Name string
	// Background is the background the theme is drawn on ("#rrggbb"):
	// amux paints it under every cell, and it is what the contrast is
	// checked against. "" means the terminal's own, left unpainted, for a
	// theme made only of the terminal's colours.
	Background string

	Text, Muted, Accent string // ordinary, secondary and highlighted text
	Border, BorderFocus string // panel borders; the focused panel's border and title
	// Selected and SelectedText are the cursor row of the focused list;
	// SelectedBlur and SelectedBlurText the cursor row of a list that does
	// not have focus.
	Selected, SelectedText         string
	SelectedBlur, SelectedBlurText string
	// State colours: badges, step marks, errors and warnings.
	Working, Done, Blocked, Error, Warning string
}

// ThemeNames lists the built-in themes, in the order settings offer them.
// It is the one list of built-in theme names: ui/theme draws each of them,
// and Config.ThemeNames adds the user's own.
func ThemeNames() []string {
	ps := BuiltinPalettes()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return names
}

// BuiltinPalette returns the built-in theme with this name.
func BuiltinPalette(name string) (Palette, bool) {
	for _, p := range BuiltinPalettes() {
		if p.Name == name {
			return p, true
		}
	}
	return Palette{}, false
}

// BuiltinPalettes returns amux's themes. Every one passes CheckContrast
// (TestBuiltinThemesMeetContrast).
func BuiltinPalettes() []Palette {
	return []Palette{
		{Name: "dark", Background: "#2e3440",
			Text: "#d8dee9", Muted: "#a3abb9", Accent: "#88c0d0",
			Border: "#4c566a", BorderFocus: "#88c0d0",
			Selected: "#4c6a88", SelectedText: "#ffffff", SelectedBlur: "#434c5e", SelectedBlurText: "#e5e9f0",
			Working: "#8fb3d9", Done: "#a3be8c", Blocked: "#ebcb8b", Error: "#e48a92", Warning: "#e0a080"},
		{Name: "light", Background: "#ffffff",
			Text: "#2e3440", Muted: "#5c6475", Accent: "#0b6e99",
			Border: "#c5cad3", BorderFocus: "#0b6e99",
			Selected: "#cfe0f0", SelectedText: "#1c2330", SelectedBlur: "#e6e9ee", SelectedBlurText: "#2e3440",
			Working: "#2f5f9e", Done: "#2e7d32", Blocked: "#8a5f00", Error: "#b3261e", Warning: "#a35400"},
		{Name: "terminal", Background: "",
			Text: "default", Muted: "ansi:8", Accent: "ansi:6",
			Border: "ansi:8", BorderFocus: "ansi:14",
			Selected: "reverse", SelectedText: "default", SelectedBlur: "ansi:8", SelectedBlurText: "ansi:0",
			Working: "ansi:14", Done: "ansi:10", Blocked: "ansi:11", Error: "ansi:9", Warning: "ansi:11"},
		{Name: "high-contrast", Background: "#000000",
			Text: "#ffffff", Muted: "#d0d0d0", Accent: "#00e5ff",
			Border: "#b0b0b0", BorderFocus: "#ffff00",
			Selected: "#ffff00", SelectedText: "#000000", SelectedBlur: "#ffffff", SelectedBlurText: "#000000",
			Working: "#66ccff", Done: "#66ff66", Blocked: "#ffff00", Error: "#ff6666", Warning: "#ffb000"},
		{Name: "high-contrast-light", Background: "#ffffff",
			Text: "#000000", Muted: "#333333", Accent: "#0000c0",
			Border: "#505050", BorderFocus: "#0000c0",
			Selected: "#000080", SelectedText: "#ffffff", SelectedBlur: "#000000", SelectedBlurText: "#ffffff",
			Working: "#003c99", Done: "#005a00", Blocked: "#6b4400", Error: "#a00000", Warning: "#8a3b00"},
		{Name: "dusk", Background: "#282828",
			Text: "#ebdbb2", Muted: "#bdae93", Accent: "#fabd2f",
			Border: "#504945", BorderFocus: "#fabd2f",
			Selected: "#665c54", SelectedText: "#fbf1c7", SelectedBlur: "#3c3836", SelectedBlurText: "#ebdbb2",
			Working: "#83a598", Done: "#b8bb26", Blocked: "#fabd2f", Error: "#ff6655", Warning: "#fe8019"},
		{Name: "ocean", Background: "#0f1c2e",
			Text: "#dce7f3", Muted: "#9fb2c8", Accent: "#5ccfe6",
			Border: "#2b4058", BorderFocus: "#5ccfe6",
			Selected: "#1f4a70", SelectedText: "#ffffff", SelectedBlur: "#1b2d44", SelectedBlurText: "#dce7f3",
			Working: "#73b8ff", Done: "#8fe3a0", Blocked: "#ffd580", Error: "#ff8a8a", Warning: "#ffae57"},
		{Name: "forest", Background: "#1b2b22",
			Text: "#e0eadf", Muted: "#a8bba9", Accent: "#9ee0a0",
			Border: "#37503f", BorderFocus: "#9ee0a0",
			Selected: "#35603f", SelectedText: "#ffffff", SelectedBlur: "#2a3f31", SelectedBlurText: "#e0eadf",
			Working: "#8cc8e8", Done: "#b5e48c", Blocked: "#f2d16b", Error: "#ff8f80", Warning: "#f5a962"},
		{Name: "paper", Background: "#f6f1e7",
			Text: "#3a3226", Muted: "#665a48", Accent: "#8a4b08",
			Border: "#cfc4b0", BorderFocus: "#8a4b08",
			Selected: "#e6d5b3", SelectedText: "#2a2318", SelectedBlur: "#ebe3d3", SelectedBlurText: "#3a3226",
			Working: "#1f5a8a", Done: "#3b6e1e", Blocked: "#7a5300", Error: "#a52a1a", Warning: "#9a4500"},
		{Name: "mono", Background: "#1a1a1a",
			Text: "#e0e0e0", Muted: "#a8a8a8", Accent: "#ffffff",
			Border: "#4a4a4a", BorderFocus: "#ffffff",
			Selected: "#e0e0e0", SelectedText: "#1a1a1a", SelectedBlur: "#4a4a4a", SelectedBlurText: "#f0f0f0",
			Working: "#c8c8c8", Done: "#e8e8e8", Blocked: "#ffffff", Error: "#ffffff", Warning: "#d8d8d8"},
	}
}

// roles lists every colour field with its name as written in a theme file.
func (p *Palette) roles() []struct {
	name string
	val  *string
} {
	return []struct {
		name string
		val  *string
	}{
		{"text", &p.Text}, {"muted", &p.Muted}, {"accent", &p.Accent},
		{"border", &p.Border}, {"border_focus", &p.BorderFocus},
		{"selected", &p.Selected}, {"selected_text", &p.SelectedText},
		{"selected_blur", &p.SelectedBlur}, {"selected_blur_text", &p.SelectedBlurText},
		{"working", &p.Working}, {"done", &p.Done}, {"blocked", &p.Blocked},
		{"error", &p.Error}, {"warning", &p.Warning},
	}
}

// Validate reports the first colour that is not one amux can draw.
func (p Palette) Validate() error {
	if p.Background != "" {
		if _, err := parseHex(p.Background); err != nil {
			return fmt.Errorf("theme %q: background: %w", p.Name, err)
		}
	}
	for _, r := range p.roles() {
		if *r.val == "reverse" && r.name == "selected" {
			continue
		}
		if _, err := ParseColor(*r.val); err != nil {
			return fmt.Errorf("theme %q: %s: %w", p.Name, r.name, err)
		}
	}
	return nil
}

// Color is a parsed palette colour.
type Color struct {
	Kind ColorKind
	RGB  [3]uint8 // for RGBColor
	ANSI int      // for ANSIColor: 0–15
}

// ColorKind says what a Color refers to.
type ColorKind int

// The kinds of colour a palette can name.
const (
	DefaultColor ColorKind = iota // the terminal's own foreground
	RGBColor
	ANSIColor
)

// ParseColor parses one palette colour (see Palette).
func ParseColor(s string) (Color, error) {
	switch {
	case s == "default":
		return Color{Kind: DefaultColor}, nil
	case strings.HasPrefix(s, "ansi:"):
		n, err := strconv.Atoi(strings.TrimPrefix(s, "ansi:"))
		if err != nil || n < 0 || n > 15 {
			return Color{}, fmt.Errorf("%q: want ansi:0 to ansi:15", s)
		}
		return Color{Kind: ANSIColor, ANSI: n}, nil
	case strings.HasPrefix(s, "#"):
		rgb, err := parseHex(s)
		return Color{Kind: RGBColor, RGB: rgb}, err
	}
	return Color{}, fmt.Errorf("%q: want #rrggbb, ansi:N or default", s)
}

func parseHex(s string) ([3]uint8, error) {
	h := strings.TrimPrefix(s, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil || len(h) != 6 || !strings.HasPrefix(s, "#") {
		return [3]uint8{}, fmt.Errorf("%q is not a #rrggbb colour", s)
	}
	return [3]uint8{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

// ThemeNames lists every theme this configuration offers: the built-ins,
// then the user's own from themes.json.
func (c Config) ThemeNames() []string {
	names := ThemeNames()
	for _, p := range c.UserThemes {
		if !slices.Contains(names, p.Name) {
			names = append(names, p.Name)
		}
	}
	return names
}

// Palette returns the named theme's palette: a built-in or a user theme.
func (c Config) Palette(name string) (Palette, bool) {
	if p, ok := BuiltinPalette(name); ok {
		return p, true
	}
	for _, p := range c.UserThemes {
		if p.Name == name {
			return p, true
		}
	}
	return Palette{}, false
}
