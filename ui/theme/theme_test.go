package theme

import (
	"image/color"
	"testing"

	"charm.land/lipgloss/v2"

	"amux.dev/amux/config"
)

func TestEveryThemeBuildsAndUnknownFallsBack(t *testing.T) {
	cfg := config.Defaults()
	cfg.UserThemes = []config.Palette{func() config.Palette {
		p, _ := config.BuiltinPalette("light")
		p.Name, p.Accent = "mine", "#112233"
		return p
	}()}
	for _, name := range cfg.ThemeNames() {
		th, err := Lookup(cfg, name)
		if err != nil || th.Name != name {
			t.Errorf("%s: %v %q", name, err, th.Name)
		}
	}
	if th, _ := Lookup(cfg, "mine"); th.Accent != (color.RGBA{0x11, 0x22, 0x33, 0xff}) {
		t.Errorf("user accent = %v", th.Accent)
	}
	th, err := ByName("neon")
	if err == nil || th.Name != "dark" {
		t.Fatalf("unknown theme: %v %q", err, th.Name)
	}
	if _, err := ByName("mine"); err == nil {
		t.Fatal("a user theme resolved without its config")
	}
}

// The terminal theme draws with ANSI colours and reverse video only, so the
// terminal's palette decides what the person sees.
func TestTerminalThemeDrawsWithTheTerminalsColours(t *testing.T) {
	th, err := ByName("terminal")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []color.Color{th.Text, th.Muted, th.Accent, th.Border, th.BorderFocus, th.SelectedText,
		th.SelectedBlur, th.SelectedBlurText, th.Working, th.Done, th.Blocked, th.Error, th.Warning} {
		switch c.(type) {
		case lipgloss.ANSIColor, lipgloss.NoColor:
		default:
			t.Errorf("colour %#v is not one of the terminal's", c)
		}
	}
	if !th.Reverse {
		t.Fatal("cursor row not in reverse video")
	}
	if !th.SelectedStyle().GetReverse() {
		t.Fatal("SelectedStyle ignores Reverse")
	}
}

// What the contrast check measures is what is painted: a theme's fill is
// its palette's background and text colour exactly, and the terminal
// theme has none (the terminal's own colours show).
func TestFillIsTheCheckedBackground(t *testing.T) {
	for _, p := range config.BuiltinPalettes() {
		th, err := FromPalette(p)
		if err != nil {
			t.Fatal(err)
		}
		fg, bg := th.Fill()
		if p.Background == "" {
			if fg != nil || bg != nil {
				t.Errorf("%s: no background, but fills %v on %v", p.Name, fg, bg)
			}
			continue
		}
		want, _ := config.ParseColor(p.Background)
		text, _ := config.ParseColor(p.Text)
		if bg != (color.RGBA{want.RGB[0], want.RGB[1], want.RGB[2], 0xff}) || fg != (color.RGBA{text.RGB[0], text.RGB[1], text.RGB[2], 0xff}) {
			t.Errorf("%s: fills %v on %v, want %s on %s", p.Name, fg, bg, p.Text, p.Background)
		}
	}
}
