package termview

import (
	"amux.dev/amux/ui/keys/keystest"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/tmux/tmuxtest"
)

// scrolledModel is a 40×6 view scrolled back into a history of n lines
// ("log 1" … "log n", with "ERROR here" on the lines in errs).
func scrolledModel(t *testing.T, n int, errs ...int) (Model, *pipeTerm) {
	t.Helper()
	p := newPipeTerm(t, Options{Width: 40, Height: 6, FrameInterval: time.Nanosecond})
	m := New(p.Terminal)
	p.Output(t, "live")
	m, _ = m.Update(FrameMsg{term: p.Terminal, Frame: nextFrame(t, p.Terminal, frameHas(p.Terminal, "live"))})
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "log %d", i)
		for _, e := range errs {
			if e == i {
				b.WriteString(" \x1b[1mError\x1b[m here")
			}
		}
		b.WriteString("\n")
	}
	p.runner, p.session = &fakeRunner{out: b.String()}, "s"
	cmd := m.ScrollUp(1)
	m, _ = m.Update(cmd())
	return m, p
}

func keyMsg(s string) tea.KeyPressMsg { return keystest.Press(s) }

func feed(m Model, ks ...string) Model {
	for _, k := range ks {
		m, _ = m.Update(keyMsg(k))
	}
	return m
}

func rowsOf(m Model) []string { return strings.Split(ansi.Strip(m.View()), "\n") }

// A scrolled-back view says where it is: "line N of M" in its last row.
func TestHistoryShowsItsPosition(t *testing.T) {
	m, _ := scrolledModel(t, 5000)
	rows := rowsOf(m)
	if !strings.HasPrefix(rows[4], "log 5000") || !strings.Contains(rows[5], "line 4996 of 5000") {
		t.Fatalf("bottom of history:\n%s", strings.Join(rows, "\n"))
	}
	if w := ansi.StringWidth(strings.Split(m.View(), "\n")[5]); w != 40 {
		t.Fatalf("status row is %d wide", w)
	}
	m = feed(m, "pgup")
	if line, _, _ := m.HistoryPosition(); line != 4996-4 {
		t.Fatalf("a page up is at line %d, want %d", line, 4996-4)
	}
	m = feed(m, "g")
	if rows := rowsOf(m); !strings.HasPrefix(rows[0], "log 1") || !strings.Contains(rows[5], "line 1 of 5000") {
		t.Fatalf("top of history:\n%s", strings.Join(rows, "\n"))
	}
}

// / searches the history: literal, any case, the nearest match above the
// bottom first; n and N step and wrap; the current match is marked.
func TestHistorySearchFindsAndSteps(t *testing.T) {
	m, p := scrolledModel(t, 3000, 100, 2000, 2990)
	m = feed(m, "/", "e", "R", "r", "o", "R")
	if rows := rowsOf(m); !strings.HasPrefix(rows[5], " /eRroR") {
		t.Fatalf("query row = %q", rows[5])
	}
	m = feed(m, "enter")
	screen := strings.Join(rowsOf(m), "\n")
	if !strings.Contains(screen, "log 2990 Error here") || !strings.Contains(screen, "“eRroR” 3/3") {
		t.Fatalf("first match:\n%s", screen)
	}
	if !strings.Contains(m.View(), sgrCurrent+"Error") {
		t.Fatal("the current match is not marked")
	}
	m = feed(m, "N")
	if screen := strings.Join(rowsOf(m), "\n"); !strings.Contains(screen, "log 2000 Error") || !strings.Contains(screen, "“eRroR” 2/3") {
		t.Fatalf("N:\n%s", screen)
	}
	m = feed(m, "N", "N")
	if screen := strings.Join(rowsOf(m), "\n"); !strings.Contains(screen, "log 2990 Error") || !strings.Contains(screen, "3/3 wrap") {
		t.Fatalf("N past the first does not wrap:\n%s", screen)
	}
	m = feed(m, "n")
	if screen := strings.Join(rowsOf(m), "\n"); !strings.Contains(screen, "log 100 Error") {
		t.Fatalf("n past the last does not wrap:\n%s", screen)
	}
	if p.Input() != "" {
		t.Fatalf("search keys reached the program: %q", p.Input())
	}
	// Literal: a pattern-looking query matches nothing here.
	m = feed(m, "/")
	for range len("error") {
		m = feed(m, "backspace")
	}
	m = feed(m, "l", "o", "g", " ", ".", "enter")
	if screen := strings.Join(rowsOf(m), "\n"); !strings.Contains(screen, "no match for “log .”") {
		t.Fatalf("literal search:\n%s", screen)
	}
}

// A pasted newline accepts the query; other keys leave history and reach
// the program, as typing does in a terminal.
func TestHistoryPasteAcceptsAndTypingReturnsLive(t *testing.T) {
	m, p := scrolledModel(t, 500, 42)
	m = feed(m, "/")
	m, _ = m.Update(tea.PasteMsg{Content: "ERROR HERE\nrm -rf /\n"})
	if screen := strings.Join(rowsOf(m), "\n"); !strings.Contains(screen, "log 42 Error here") || !strings.Contains(screen, "“ERROR HERE” 1/1") {
		t.Fatalf("pasted query:\n%s", screen)
	}
	m = feed(m, "x")
	if m.Scrolled() != 0 {
		t.Fatal("typing did not return to the live screen")
	}
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) { return p.Input() == "x", "input " + p.Input() })
	// Esc also returns to live, and is not sent.
	m, _ = scrolledModel(t, 50)
	m = feed(m, "esc")
	if m.Scrolled() != 0 {
		t.Fatal("esc did not return to live")
	}
}
