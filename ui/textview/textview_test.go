package textview

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
	"amux.dev/amux/ui/theme"
)

func key(s string) tea.KeyPressMsg { return keystest.Press(s) }

func press(t *testing.T, m Model, ks ...string) Model {
	t.Helper()
	for _, k := range ks {
		m, _, _ = m.Update(key(k))
	}
	return m
}

func typeText(m Model, s string) Model {
	for _, r := range s {
		m, _, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

func plain(m Model) []string { return strings.Split(ansi.Strip(m.View()), "\n") }

func screen(m Model) string { return ansi.Strip(m.View()) }

func defaultKeys() keys.Map { return keys.MustRegistry(keys.ComponentActions()...).Map() }

func newView(w, h int) Model {
	m := New(theme.Dark(), defaultKeys())
	m.SetSize(w, h)
	return m
}

func TestStreamingFollowsAndScrollingBackHolds(t *testing.T) {
	m := newView(40, 5) // 4 text rows + footer
	m.SetLive(true)
	if !strings.Contains(screen(m), "waiting for output") {
		t.Fatalf("an empty live viewer says:\n%s", screen(m))
	}
	m.Append([]byte("step 1\nstep 2\nhalf"))
	m.Append([]byte(" a line\n"))
	if rows := plain(m); !strings.HasPrefix(rows[2], "half a line") {
		t.Fatalf("partial line not joined: %q", rows)
	}
	for i := 3; i <= 10; i++ {
		m.Append(fmt.Appendf(nil, "step %d\n", i))
	}
	rows := plain(m)
	if !strings.HasPrefix(rows[3], "step 10") || !m.Following() {
		t.Fatalf("not following the tail: %q", rows)
	}
	if !strings.Contains(rows[4], "lines 8–11 of 11") || !strings.Contains(rows[4], "live, following") {
		t.Fatalf("footer = %q", rows[4])
	}
	m = press(t, m, "k", "k")
	m.Append([]byte("step 11\n"))
	if rows := plain(m); !strings.HasPrefix(rows[0], "step 5") || m.Following() {
		t.Fatalf("new output moved a scrolled-back view: %q", rows)
	}
	m = press(t, m, "G")
	m.Append([]byte("step 12\n"))
	if rows := plain(m); !strings.HasPrefix(rows[3], "step 12") {
		t.Fatalf("G does not follow again: %q", rows)
	}
	for _, r := range plain(m) {
		if lipgloss.Width(r) != 40 {
			t.Fatalf("row %q is %d wide", r, lipgloss.Width(r))
		}
	}
}

func TestSearchIsLiteralCaseInsensitiveAndSteps(t *testing.T) {
	m := newView(60, 6)
	var text strings.Builder
	for i := range 40 {
		switch i {
		case 5:
			text.WriteString("Error: disk full\n")
		case 20:
			text.WriteString("retrying after ERROR\n")
		case 30:
			text.WriteString("a.c is literal; abc is not a match\n")
		default:
			fmt.Fprintf(&text, "ok %d\n", i)
		}
	}
	m.SetText(text.String())
	m.Top()
	m = press(t, m, "/")
	if !m.Searching() {
		t.Fatal("/ did not open the query field")
	}
	m = typeText(m, "error")
	m = press(t, m, "enter")
	if cur, n := m.Match(); cur != 1 || n != 2 {
		t.Fatalf("match %d of %d, want 1 of 2", cur, n)
	}
	if !strings.Contains(screen(m), "Error: disk full") || !strings.Contains(screen(m), "match 1 of 2") {
		t.Fatalf("first match not shown:\n%s", screen(m))
	}
	m = press(t, m, "n")
	if cur, _ := m.Match(); cur != 2 || !strings.Contains(screen(m), "retrying after ERROR") {
		t.Fatalf("n: match %d\n%s", cur, screen(m))
	}
	m = press(t, m, "n")
	if cur, _ := m.Match(); cur != 1 || !strings.Contains(screen(m), "wrapped") {
		t.Fatalf("n past the last does not wrap: %d\n%s", cur, screen(m))
	}
	m = press(t, m, "N")
	if cur, _ := m.Match(); cur != 2 {
		t.Fatalf("N: %d", cur)
	}
	// Literal: a regexp-looking query matches only itself.
	m = press(t, m, "/")
	m.search.input.SetValue("")
	m = typeText(m, "a.c")
	m = press(t, m, "enter")
	if _, n := m.Match(); n != 1 {
		t.Fatalf("a.c matched %d times, want the literal once", n)
	}
	// Esc in the field leaves it without changing the search.
	m = press(t, m, "/")
	m = typeText(m, "zzz")
	m, _, used := m.Update(key("esc"))
	if !used || m.Searching() {
		t.Fatal("esc did not leave the query field")
	}
	if _, n := m.Match(); n != 1 {
		t.Fatal("esc changed the accepted search")
	}
	// Esc outside the field is the parent's (it closes the viewer).
	if _, _, used := m.Update(key("esc")); used {
		t.Fatal("the viewer took esc it does not use")
	}
}

// A pasted newline accepts the query (the first pasted line); a paste
// without one only fills the field.
func TestPastedNewlineAcceptsTheQuery(t *testing.T) {
	m := newView(60, 6)
	m.SetText("boot\npanic: nil map write\nexit 2\n")
	m = press(t, m, "/")
	m, _, _ = m.Update(tea.PasteMsg{Content: "panic: nil"})
	if !m.Searching() {
		t.Fatal("a paste without a newline accepted the query")
	}
	m = press(t, m, "esc", "/")
	m.search.input.SetValue("")
	m, _, _ = m.Update(tea.PasteMsg{Content: "PANIC: nil map\r\nsecond line\x1b[31m"})
	if m.Searching() {
		t.Fatal("a pasted newline did not accept the query")
	}
	if cur, n := m.Match(); cur != 1 || n != 1 || m.search.text != "PANIC: nil map" {
		t.Fatalf("query %q: match %d of %d", m.search.text, cur, n)
	}
}

// Only the retained buffer is searched, and the buffer stays bounded.
func TestSearchCoversTheRetainedBufferOnly(t *testing.T) {
	m := newView(40, 5)
	m.SetMaxLines(100)
	for i := range 1000 {
		m.Append(fmt.Appendf(nil, "line %04d\n", i))
	}
	if m.Lines() > 100 {
		t.Fatalf("%d lines retained", m.Lines())
	}
	m = press(t, m, "/")
	m = typeText(m, "line 0005")
	m = press(t, m, "enter")
	if _, n := m.Match(); n != 0 || !strings.Contains(screen(m), "no match") {
		t.Fatalf("a dropped line matched:\n%s", screen(m))
	}
	m = press(t, m, "/")
	m.search.input.SetValue("line 099")
	m = press(t, m, "enter")
	if _, n := m.Match(); n != 10 {
		t.Fatalf("%d matches of line 099x, want 10", n)
	}
	// New lines are searched as they arrive, and old matches leave with
	// their lines.
	for i := 1000; i < 1200; i++ {
		m.Append(fmt.Appendf(nil, "line %04d\n", i))
	}
	if _, n := m.Match(); n != 0 {
		t.Fatalf("%d matches survived their lines", n)
	}
}

// A match deep in a wrapped line's tail is brought into view.
func TestSearchScrollsToAMatchInAWrappedTail(t *testing.T) {
	m := newView(20, 4)
	long := strings.Repeat("x", 100) + "NEEDLE" + strings.Repeat("y", 30)
	var text strings.Builder
	for i := range 30 {
		fmt.Fprintf(&text, "row %d\n", i)
	}
	text.WriteString(long + "\n")
	for i := range 30 {
		fmt.Fprintf(&text, "after %d\n", i)
	}
	m.SetText(text.String())
	m.Top()
	m = press(t, m, "/")
	m = typeText(m, "needle")
	m = press(t, m, "enter")
	if !strings.Contains(screen(m), "NEEDLE") {
		t.Fatalf("the match is not on screen:\n%s", screen(m))
	}
	// One wheel notch is one row.
	m.Top()
	m, _, _ = m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if rows := plain(m); !strings.HasPrefix(rows[0], "row 1") {
		t.Fatalf("a notch moved to %q", rows[0])
	}
}

func TestHostileTextIsInertAndRemappedKeysWork(t *testing.T) {
	m := newView(40, 4)
	m.SetText("\x1b]8;;http://evil\x07click\x1b]8;;\x07 \x1b[2Jgone?\n")
	v := m.View()
	if strings.Contains(v, "evil") || strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\x1b]") {
		t.Fatalf("escape sequences survived: %q", v)
	}
	remapped, errs := keys.Remap(keys.ComponentActions(), map[string][]string{string(keys.ViewSearch): {"?"}}, nil)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	text := m.Text()
	m = New(theme.Dark(), keys.MustRegistry(remapped...).Map())
	m.SetSize(80, 4)
	m.SetText(text)
	if !strings.Contains(screen(m), "? search") {
		t.Fatalf("the footer does not name the remapped key:\n%s", screen(m))
	}
	if m = press(t, m, "/"); m.Searching() {
		t.Fatal("the old key still searches")
	}
	if m = press(t, m, "?"); !m.Searching() {
		t.Fatal("the remapped key does not search")
	}
}
