package kvedit

import (
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
	"amux.dev/amux/ui/theme"
)

func km() keys.Map { return keys.MustRegistry(keys.ComponentActions()...).Map() }

func key(s string) tea.KeyPressMsg { return keystest.Press(s) }

func run(m Model, ks ...string) (Model, dialog.Outcome) {
	var out dialog.Outcome
	for _, k := range ks {
		m, _, out = m.Update(key(k))
	}
	return m, out
}

func typeIn(m Model, s string) Model {
	for _, r := range s {
		m, _, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

func TestEnvEditorAddsEditsRemovesAndValidates(t *testing.T) {
	m := NewEnv(theme.Dark(), km(), "Environment of shop", []Pair{{"DB", "postgres://x"}, {"TOKEN", "old"}})
	m, _ = run(m, "tab", "tab", "tab") // DB name → DB value → TOKEN name → TOKEN value
	m, _, _ = m.Update(tea.PasteMsg{Content: "-new\nrm -rf ~\x1b[2J"})
	m, _ = run(m, "ctrl+n")
	m = typeIn(m, "PORT_BASE")
	m, _ = run(m, "tab")
	m = typeIn(m, "7000")
	m, out := run(m, "enter")
	if out != dialog.Submitted {
		t.Fatalf("not submitted: %q", m.err)
	}
	want := map[string]string{"DB": "postgres://x", "TOKEN": "old-new", "PORT_BASE": "7000"}
	if got := m.Env(); !reflect.DeepEqual(got, want) {
		t.Fatalf("env %v, want %v (a paste adds its first line only)", got, want)
	}
	// Remove DB; bad names are refused with the row.
	m, _ = run(m, "tab") // wraps to DB's name
	m, _ = run(m, "ctrl+d")
	if _, ok := m.Env()["DB"]; ok {
		t.Fatal("DB not removed")
	}
	m, _ = run(m, "ctrl+n")
	m = typeIn(m, "2BAD")
	if m, out = run(m, "enter"); out != dialog.Pending || !strings.Contains(m.err, "not a variable name") {
		t.Fatalf("bad name: %v %q", out, m.err)
	}
	if !strings.Contains(ansi.Strip(m.View(80, 20)), "not a variable name") {
		t.Fatal("the error is not shown")
	}
	m = NewEnv(theme.Dark(), km(), "x", nil)
	m = typeIn(m, "AMUX_PORT")
	if m, out = run(m, "enter"); out != dialog.Pending || !strings.Contains(m.err, "amux's own") {
		t.Fatalf("AMUX_ variable: %v %q", out, m.err)
	}
	// A paste with a newline never submits.
	m = NewEnv(theme.Dark(), km(), "x", nil)
	if _, _, out = m.Update(tea.PasteMsg{Content: "A\n"}); out != dialog.Pending {
		t.Fatal("a pasted newline submitted")
	}
}

func TestScriptsEditor(t *testing.T) {
	m := NewScripts(theme.Dark(), km(), "Scripts of shop", ScriptSet{Setup: []string{"npm ci"}, Run: "npm start"})
	m, _ = run(m, "ctrl+n") // a second setup command after the first
	m = typeIn(m, "npm run build")
	m, _ = run(m, "tab", "tab") // run → archive
	m = typeIn(m, "tar czf /tmp/a.tgz .")
	m, _ = run(m, "tab") // on-done
	m, _, _ = m.Update(tea.PasteMsg{Content: "notify-send done\nsecond"})
	m, out := run(m, "enter")
	if out != dialog.Submitted {
		t.Fatalf("not submitted: %q", m.err)
	}
	want := ScriptSet{Setup: []string{"npm ci", "npm run build"}, Run: "npm start", Archive: "tar czf /tmp/a.tgz .", OnDone: "notify-send done"}
	if got := m.Scripts(); !reflect.DeepEqual(got, want) {
		t.Fatalf("scripts %+v, want %+v", got, want)
	}
	// Removing run empties it; the last setup command is emptied, not lost.
	m = NewScripts(theme.Dark(), km(), "x", ScriptSet{Setup: []string{"make"}, Run: "serve"})
	m, _ = run(m, "ctrl+d", "tab", "ctrl+d")
	if got := m.Scripts(); len(got.Setup) != 0 || got.Run != "" || len(m.rows) != 4 {
		t.Fatalf("after removals: %+v, %d rows", got, len(m.rows))
	}
}
