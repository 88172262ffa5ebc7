package picker

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

func TestIsPathLike(t *testing.T) {
	yes := []string{"/", "/srv/x", "~", "~/code", "./x", "../x", ".", "..", "code/repo"}
	no := []string{"", "  ", "repo", "my-project", "~user"}
	for _, s := range yes {
		if !IsPathLike(s) {
			t.Errorf("%q should be path-like", s)
		}
	}
	for _, s := range no {
		if IsPathLike(s) {
			t.Errorf("%q should be a plain name", s)
		}
	}
	if got := Resolve("~/a/../b", "/home/u", "/cwd"); got != "/home/u/b" {
		t.Errorf("resolve ~ = %q", got)
	}
	if got := Resolve("../x", "/home/u", "/cwd/sub"); got != "/cwd/x" {
		t.Errorf("resolve rel = %q", got)
	}
}

func TestComplete(t *testing.T) {
	home := t.TempDir()
	for _, d := range []string{"code/alpha", "code/alpine", "code/beta", "code/.hidden", "docs"} {
		os.MkdirAll(filepath.Join(home, d), 0o755)
	}
	os.WriteFile(filepath.Join(home, "code", "alfile"), nil, 0o644)
	os.Symlink(filepath.Join(home, "docs"), filepath.Join(home, "code", "betalink"))

	c, err := Complete("~/co", home, "/")
	if err != nil || c.Input != "~/code/" {
		t.Fatalf("single: %+v %v", c, err)
	}
	c, _ = Complete("~/code/al", home, "/")
	if c.Input != "~/code/alp" || len(c.Candidates) != 2 {
		t.Fatalf("common prefix: %+v", c)
	}
	c, _ = Complete("~/code/", home, "/")
	if len(c.Candidates) != 4 { // alpha alpine beta betalink; not the file or hidden
		t.Fatalf("listing: %+v", c)
	}
	c, _ = Complete("~/code/.h", home, "/")
	if c.Input != "~/code/.hidden/" {
		t.Fatalf("hidden on dot prefix: %+v", c)
	}
	if _, err := Complete("/nonexistent/x", home, "/"); err == nil {
		t.Fatal("missing dir completes silently")
	}
}

func typeKeys(m Model, s string) Model {
	for _, r := range s {
		m, _, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

// A typed path wins over listed rows on Enter, even when a row would match.
func TestTypedPathBeatsRows(t *testing.T) {
	home := t.TempDir()
	m := New(theme.Dark(), testKeys(), "Add project", home, "/", []string{filepath.Join(home, "other")})
	m = typeKeys(m, "/srv/repo")
	m, _, out := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if out != dialog.Submitted || m.Chosen() != "/srv/repo" {
		t.Fatalf("chosen %q out %v", m.Chosen(), out)
	}

	m = New(theme.Dark(), testKeys(), "Add project", home, "/", []string{"/a/alpha", "/b/beta"})
	m = typeKeys(m, "bet")
	m, _, out = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if out != dialog.Submitted || m.Chosen() != "/b/beta" {
		t.Fatalf("row: chosen %q out %v", m.Chosen(), out)
	}
}

func TestTabCompletesAndDropsStale(t *testing.T) {
	home := t.TempDir()
	os.MkdirAll(filepath.Join(home, "projects"), 0o755)
	m := New(theme.Dark(), testKeys(), "Add project", home, "/", nil)
	m = typeKeys(m, "~/pro")
	m, cmd, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	if cmd == nil {
		t.Fatal("tab on a path must start a completion")
	}
	msg := cmd()
	stale := typeKeys(m, "x")
	stale, _, _ = stale.Update(msg)
	if stale.input.Value() != "~/prox" {
		t.Fatalf("stale completion applied: %q", stale.input.Value())
	}
	m, _, _ = m.Update(msg)
	if m.input.Value() != "~/projects/" {
		t.Fatalf("completion = %q", m.input.Value())
	}
}

// Directory names the picker cannot draw as they are are never completed
// into the input, and offered rows are drawn from display copies while
// enter still chooses the real path.
func TestPickerNeverDrawsOutsideTextRaw(t *testing.T) {
	home := t.TempDir()
	for _, d := range []string{"code/shop\x1b[31m", "code/shop\u202e", "code/shopping"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	c, err := Complete("~/code/sho", home, home)
	if err != nil || c.Input != "~/code/shopping/" {
		t.Fatalf("complete = %+v, %v; want only the drawable name", c, err)
	}
	row := filepath.Join(home, "code", "shop\x1b[31m")
	m := New(theme.Dark(), testKeys(), "Add project", home, home, []string{row})
	if v := m.View(80, 20); strings.Contains(v, "\x1b[31mshop") || strings.Contains(v, "shop\x1b[31m") {
		t.Fatalf("the row is drawn raw: %q", v)
	}
	m, _, out := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if out != dialog.Submitted || m.Chosen() != row {
		t.Fatalf("chosen %q (%v), want the real path", m.Chosen(), out)
	}
}

// testKeys are the components' default keys, as the application binds them.
func testKeys() keys.Map { return keys.MustRegistry(keys.ComponentActions()...).Map() }
