package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/ui/keys"
)

// firstFrame loads body as config.json and draws amux's first frame with
// it, at a normal size and at a narrow one: what amux does at start.
func firstFrame(t testing.TB, body []byte) (*Model, string) {
	t.Helper()
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, config.FileName), body, 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, _ := config.Load(home) // a warning still starts amux
	m := New(withEngine(Deps{Config: cfg, Now: time.Now, Zone: time.UTC}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: 30, Height: 10})
	_ = m.render()
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: sampleSnapshot()})
	return m, screenText(m)
}

// An action the person left with no key ("quit": [], as the README allows)
// is drawn everywhere without one: the first frame draws, the footer leaves
// it out, and help lists it as palette only.
func TestAnActionWithNoKeyIsPaletteOnly(t *testing.T) {
	m, screen := firstFrame(t, []byte(`{"keys": {"quit": [], "help": []}}`))
	if strings.Contains(screen, " quit") {
		t.Fatalf("the footer offers quit, which has no key:\n%s", screen)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24}) // the footer cannot hold every key
	m.list.rows.Move(1)                                // onto a workspace: more keys
	if foot := screenText(m); strings.Contains(foot, "help help") || !strings.Contains(foot, "commands") {
		t.Fatalf("the footer points at help, which has no key:\n%s", foot)
	}
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.run(actHelp)
	help := screenText(m)
	if !strings.Contains(help, "palette only") || !strings.Contains(help, "Quit amux") {
		t.Fatalf("help does not list quit as palette only:\n%s", help)
	}
}

// A key-only action (the palette itself, the cursor moves) has no palette
// entry to fall back on: an empty list for it is refused and it keeps its
// keys, so amux stays usable.
func TestAKeyOnlyActionKeepsItsKeys(t *testing.T) {
	m, screen := firstFrame(t, []byte(`{"keys": {"palette": [], "cursor-down": []}}`))
	for _, id := range []keys.ActionID{actPalette, actDown} {
		if a, _ := m.reg.Get(id); len(a.Keys) == 0 {
			t.Fatalf("%s was left without keys", id)
		}
	}
	if m.keyName(actPalette) == string(actPalette) {
		t.Fatalf("the palette has no key name:\n%s", screen)
	}
}

// FuzzConfigFirstFrame loads any config.json and draws the first frame:
// whatever the file holds, amux starts.
func FuzzConfigFirstFrame(f *testing.F) {
	for _, seed := range []string{
		`{"keys": {"quit": []}}`,
		`{"keys": {"palette": []}}`,
		`{"keys": {"palette": [], "quit": [], "help": [], "cursor-down": [], "form-cancel": [], "form-submit": []}}`,
		`{"keys": {"quit": ["ctrl+space"]}}`,
		`{"keys": null, "ui": {"theme": "light", "show_key_hints": false}}`,
		`{"ui": {"theme": ""}, "status": {"quiet_after_ms": 0}}`,
		`[]`, `null`, ``, `{"keys": {"": [""]}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		firstFrame(t, body)
	})
}
