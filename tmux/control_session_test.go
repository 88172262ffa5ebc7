package tmux_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// A control client lives on amux's control session, never on an agent's:
// the agent's program, which asked for focus events, hears no focus in
// from it, and listings leave the control session out. Once nobody is
// attached, the session is retired; while a client is, it is kept.
func TestControlClientsLiveOnTheControlSession(t *testing.T) {
	srv := tmuxtest.New(t)
	heard := filepath.Join(t.TempDir(), "heard")
	srv.Session(t, "amux-agent", nil, "sh", "-c", `printf '\033[?1004h'; stty raw -echo; cat -v > `+heard)
	srv.MustRun(t, "set-option", "-g", "focus-events", "on")
	ctx := context.Background()
	ctl, err := tmux.AttachControl(ctx, srv.Client, true)
	if err != nil {
		t.Fatal(err)
	}
	if out := srv.MustRun(t, "list-clients", "-F", "#{client_session}"); strings.TrimSpace(out) != tmux.ControlSession {
		t.Fatalf("the control client is on %q", out)
	}
	list, err := tmux.ListAllSessions(ctx, srv.Client)
	if err != nil || len(list) != 1 || list[0].Name != "amux-agent" {
		t.Fatalf("listed %+v (%v), want only the agent's session", list, err)
	}
	// A second attach with create finds the session there.
	again, err := tmux.AttachControl(ctx, srv.Client, true)
	if err != nil {
		t.Fatal(err)
	}
	again.Close()
	if err := tmux.RetireControlSession(ctx, srv.Client); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Run(ctx, "has-session", "-t", "="+tmux.ControlSession); err != nil {
		t.Fatal("retired while a client was attached")
	}
	// A focus report from the attach would reach the program before keys
	// sent after it: once the keys are through, it would be there.
	srv.MustRun(t, "send-keys", "-t", tmux.ExactPane("amux-agent"), "-l", "xyz")
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		b, _ := os.ReadFile(heard)
		return strings.Contains(string(b), "xyz"), "the program heard " + string(b)
	})
	if b, _ := os.ReadFile(heard); strings.Contains(string(b), "^[[I") {
		t.Fatalf("the agent heard focus in from a control client: %q", b)
	}
	ctl.Close()
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) {
		out, _ := srv.Run(ctx, "list-clients", "-F", "#{client_pid}")
		return strings.TrimSpace(out) == "", "clients: " + out
	})
	if err := tmux.RetireControlSession(ctx, srv.Client); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Run(ctx, "has-session", "-t", "="+tmux.ControlSession); err == nil {
		t.Fatal("the control session outlived its last client")
	}
	if _, err := tmux.AttachControl(ctx, srv.Client, false); err != tmux.ErrNoControlSession {
		t.Fatalf("attach without create: %v, want ErrNoControlSession", err)
	}
}
