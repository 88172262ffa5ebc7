package app

import (
	"strings"
	"testing"

	"amux.dev/amux/app/modal"
)

// A notice is one row however many lines (or escape sequences) the error
// behind it holds: config warnings come joined by newlines, and git's
// stderr from a hostile repository may carry escapes.
func TestMultiLineNoticeKeepsTheLayout(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.say(modal.LevelWarn, strings.Join([]string{
		"config: unknown theme \"neon\"", "config: ports ignored\x1b]2;pwned\x07", "",
	}, "\n"))
	got := screenText(m)
	if n := strings.Count(got, "\n"); n != 40 {
		t.Fatalf("screen has %d rows, want 40:\n%s", n, got)
	}
	if !strings.Contains(got, `config: unknown theme "neon" · config: ports ignored`) {
		t.Fatalf("notice not on one line:\n%s", got)
	}
	if raw := m.render(); strings.Contains(raw, "pwned") {
		t.Fatal("an escape sequence from the error reached the terminal")
	}
}

// A refusal too long for the row keeps its reason: the path in it is
// shortened to its last element before anything is cut.
func TestALongNoticeKeepsTheReasonNotThePath(t *testing.T) {
	m := newTestModel(t, 80, 24)
	m.say(modal.LevelError, "approve: open /home/dev/.amux/registries/projects/shop-1111111111111111/trusted-scripts.json: permission denied")
	got := screenText(m)
	if !strings.Contains(got, "permission denied") || !strings.Contains(got, "…/trusted-scripts.json") {
		t.Fatalf("the notice lost its reason to the path:\n%s", got)
	}
}
