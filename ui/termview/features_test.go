package termview

import (
	"strings"
	"testing"

	"amux.dev/amux/tmux/tmuxtest"
)

// The server gets truecolor and sync for our clients and escape-time 0 (a
// private server started with -f /dev/null has 500: every Esc half a second
// late), and a second call changes nothing.
func TestEnsureServerOptions(t *testing.T) {
	srv := tmuxtest.New(t)
	srv.Session(t, "opts", nil)
	if got := strings.TrimSpace(srv.MustRun(t, "show-options", "-s", "-v", "escape-time")); got == EscapeTime {
		t.Fatalf("a fresh server already has escape-time %s: the test proves nothing", got)
	}
	if err := EnsureServerOptions(t.Context(), srv.Client); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(srv.MustRun(t, "show-options", "-s", "-v", "escape-time")); got != EscapeTime {
		t.Fatalf("escape-time = %s, want %s", got, EscapeTime)
	}
	if got := strings.TrimSpace(srv.MustRun(t, "show-options", "-s", "-v", "focus-events")); got != FocusEvents {
		t.Fatalf("focus-events = %s, want %s", got, FocusEvents)
	}
	features := srv.MustRun(t, "show-options", "-s", "terminal-features")
	for _, f := range TerminalFeatures() {
		if strings.Count(features, f) != 1 {
			t.Fatalf("terminal-features has %q %d times:\n%s", f, strings.Count(features, f), features)
		}
	}
	if err := EnsureServerOptions(t.Context(), srv.Client); err != nil {
		t.Fatal(err)
	}
	if again := srv.MustRun(t, "show-options", "-s", "terminal-features"); again != features {
		t.Fatalf("second call changed terminal-features:\n%s", again)
	}
}
