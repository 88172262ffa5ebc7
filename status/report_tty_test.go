package status

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/tmux/tmuxtest"
)

// TestReportTTYFindsThePane: with no controlling terminal (an agent's
// detached hook), report writes to the tty of $TMUX_PANE on the server in
// $TMUX, and never to a pane tmux would pick for an empty target.
func TestReportTTYFindsThePane(t *testing.T) {
	srv := tmuxtest.New(t)
	c := srv.Session(t, "s", nil)
	socket := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", c.PaneID, "#{socket_path}"))
	paneTTY := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", c.PaneID, "#{pane_tty}"))
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	noCtty := func() (*os.File, error) { return nil, errors.New("no such device or address") }
	inPane := env("TMUX", socket+",1,0", "TMUX_PANE", c.PaneID)

	// A controlling terminal wins; tmux is not consulted.
	ctty := filepath.Join(t.TempDir(), "ctty")
	f, err := reportTTY(inPane, func() (*os.File, error) { return os.Create(ctty) })
	if err != nil || f.Name() != ctty {
		t.Fatalf("with a controlling terminal: %v %v", f, err)
	}
	f.Close()

	f, err = reportTTY(inPane, noCtty)
	if err != nil {
		t.Fatalf("detached: %v", err)
	}
	got, _ := f.Stat()
	want, err := os.Stat(paneTTY)
	f.Close()
	if err != nil || !os.SameFile(got, want) {
		t.Fatalf("opened %s, want the pane's tty %s (%v)", f.Name(), paneTTY, err)
	}

	// The server holds exactly one pane, so asking it with an empty target
	// would name that pane: none of these may open anything.
	for name, getenv := range map[string]func(string) string{
		"no TMUX_PANE": env("TMUX", socket+",1,0"),
		"no TMUX":      env("TMUX_PANE", c.PaneID),
		"no such pane": env("TMUX", socket+",1,0", "TMUX_PANE", "%999"),
		"no such tmux": env("TMUX", filepath.Join(t.TempDir(), "gone")+",1,0", "TMUX_PANE", c.PaneID),
	} {
		if f, err := reportTTY(getenv, noCtty); err == nil {
			f.Close()
			t.Errorf("%s: opened %s", name, f.Name())
		}
	}
}
