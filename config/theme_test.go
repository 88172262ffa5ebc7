package config

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// Every built-in theme's text meets WCAG AA on its own background (the
// 16-colour theme against the reference palette: see contrast.go).
func TestBuiltinThemesMeetContrast(t *testing.T) {
	ps := BuiltinPalettes()
	if len(ps) < 8 {
		t.Fatalf("%d themes, want at least 8", len(ps))
	}
	for _, want := range []string{"dark", "light", "terminal", "high-contrast"} {
		if !slices.Contains(ThemeNames(), want) {
			t.Errorf("no %q theme", want)
		}
	}
	seen := map[string]bool{}
	for _, p := range ps {
		if seen[p.Name] {
			t.Errorf("theme %q twice", p.Name)
		}
		seen[p.Name] = true
		if err := p.Validate(); err != nil {
			t.Error(err)
			continue
		}
		for _, prob := range p.CheckContrast() {
			t.Error(prob)
		}
	}
}

// The terminal theme is made only of the terminal's own colours, so it
// follows whatever palette the terminal has.
func TestTerminalThemeUsesOnlyTheTerminalsColours(t *testing.T) {
	p, ok := BuiltinPalette("terminal")
	if !ok {
		t.Fatal("no terminal theme")
	}
	if p.Background != "" {
		t.Errorf("terminal theme sets a background: %q", p.Background)
	}
	for _, r := range p.roles() {
		c := *r.val
		if c == "reverse" && r.name == "selected" {
			continue
		}
		pc, err := ParseColor(c)
		if err != nil || pc.Kind == RGBColor {
			t.Errorf("%s = %q: not one of the terminal's colours", r.name, c)
		}
	}
}

func TestContrastRatioAndCheckCatchALowContrastTheme(t *testing.T) {
	if r := ContrastRatio([3]uint8{0, 0, 0}, [3]uint8{255, 255, 255}); math.Abs(r-21) > 0.01 {
		t.Fatalf("black on white = %v, want 21", r)
	}
	if r := ContrastRatio([3]uint8{0x77, 0x77, 0x77}, [3]uint8{0x77, 0x77, 0x77}); r != 1 {
		t.Fatalf("same colour = %v, want 1", r)
	}
	// #767676 on white is the classic just-passing grey (4.54:1).
	if r := ContrastRatio([3]uint8{0x76, 0x76, 0x76}, [3]uint8{255, 255, 255}); r < 4.5 || r > 4.6 {
		t.Fatalf("#767676 on white = %v", r)
	}
	p, _ := BuiltinPalette("light")
	p.Name, p.Muted, p.SelectedText = "washed", "#aaaaaa", "#d0d8e0"
	probs := p.CheckContrast()
	var roles []string
	for _, pr := range probs {
		roles = append(roles, pr.Fg)
	}
	if !slices.Contains(roles, "muted") || !slices.Contains(roles, "selected_text") {
		t.Fatalf("problems %v, want muted and selected_text", probs)
	}
	if !strings.Contains(probs[0].Error(), "washed") {
		t.Fatalf("problem does not name the theme: %v", probs[0])
	}
}

// A theme that paints its background cannot vouch for the terminal's own
// colours on it: a text role in "default" or "ansi:N" is reported, since
// nothing says the terminal's foreground is readable on the painted colour.
func TestTerminalColoursOnAPaintedBackgroundAreReported(t *testing.T) {
	p, _ := BuiltinPalette("light")
	p.Name, p.Text, p.SelectedBlur = "mixed", "default", "ansi:7"
	var unknown []string
	for _, pr := range p.CheckContrast() {
		if pr.Unknown {
			unknown = append(unknown, pr.Fg)
			if !strings.Contains(pr.Error(), "cannot be checked") {
				t.Errorf("message %q", pr.Error())
			}
		}
	}
	if !slices.Equal(unknown, []string{"text", "selected_blur_text"}) {
		t.Fatalf("unknown pairs %v, want text and selected_blur_text", unknown)
	}
	term, _ := BuiltinPalette("terminal")
	if probs := term.CheckContrast(); len(probs) != 0 {
		t.Fatalf("the terminal theme (no painted background) reported %v", probs)
	}
}

func TestParseColor(t *testing.T) {
	for _, ok := range []string{"#000000", "#FfF", "ansi:0", "ansi:15", "default"} {
		if _, err := ParseColor(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "red", "#12345", "#gggggg", "ansi:16", "ansi:-1", "123456", "reverse"} {
		if _, err := ParseColor(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func writeThemes(t *testing.T, home, body string) {
	t.Helper()
	if err := os.MkdirAll(home, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ThemesFileName), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestUserThemesLoadAndBadOnesAreReported(t *testing.T) {
	home := t.TempDir()
	writeThemes(t, home, `{
	  "sunset": {"base": "dark", "accent": "#ffaa55", "border_focus": "#ffaa55"},
	  "dark": {"base": "light"},
	  "typo": {"base": "dark", "acent": "#ffffff"},
	  "badcolour": {"base": "dark", "text": "pink"},
	  "partial": {"text": "#ffffff"},
	  "dim": {"base": "dark", "muted": "#3a3f4a"}
	}`)
	writeConfig(t, home, `{"ui": {"theme": "sunset"}}`)
	cfg, err := Load(home)
	if err == nil {
		t.Fatal("bad themes not reported")
	}
	for _, want := range []string{`"dark" is built in`, `unknown key "acent"`, `"pink"`, "partial", `"dim": muted on background`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("warning lacks %q:\n%v", want, err)
		}
	}
	if cfg.UI.Theme != "sunset" {
		t.Errorf("user theme not selectable: %q", cfg.UI.Theme)
	}
	names := cfg.ThemeNames()
	if !slices.Contains(names, "sunset") || !slices.Contains(names, "dim") || slices.Contains(names, "typo") {
		t.Errorf("names = %v", names)
	}
	p, ok := cfg.Palette("sunset")
	if !ok || p.Accent != "#ffaa55" || p.Text != "#d8dee9" {
		t.Errorf("sunset = %+v", p)
	}
	if d, _ := cfg.Palette("dark"); d.Background != "#2e3440" {
		t.Error("a user theme replaced a built-in")
	}
}

// A theme file that is not a JSON object, or is not a regular file, gives
// no user themes and a warning; the built-ins stay and startup goes on.
func TestBadThemeFileKeepsDefaults(t *testing.T) {
	for name, setup := range map[string]func(t *testing.T, home string){
		"not an object": func(t *testing.T, home string) { writeThemes(t, home, `["dark"]`) },
		"truncated":     func(t *testing.T, home string) { writeThemes(t, home, `{"x": {"base": "dark"`) },
		"a directory":   func(t *testing.T, home string) { mustMkdir(t, filepath.Join(home, ThemesFileName)) },
		"a fifo": func(t *testing.T, home string) {
			if err := syscall.Mkfifo(filepath.Join(home, ThemesFileName), 0o600); err != nil {
				t.Skip("no FIFOs here:", err)
			}
		},
		"a link to a tty": func(t *testing.T, home string) {
			if err := os.Symlink("/dev/tty", filepath.Join(home, ThemesFileName)); err != nil {
				t.Fatal(err)
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			setup(t, home)
			writeConfig(t, home, `{"ui": {"theme": "light"}}`)
			cfg, err := Load(home)
			if err == nil || !strings.Contains(err.Error(), "user themes ignored") {
				t.Fatalf("err = %v", err)
			}
			if len(cfg.UserThemes) != 0 || cfg.UI.Theme != "light" || !slices.Equal(cfg.ThemeNames(), ThemeNames()) {
				t.Fatalf("cfg = %+v", cfg.UI)
			}
		})
	}
	home := t.TempDir()
	if themes, err := LoadUserThemes(home); err != nil || themes != nil {
		t.Fatalf("missing file: %v %v", themes, err)
	}
}

func mustMkdir(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(p, 0o700); err != nil {
		t.Fatal(err)
	}
}
