package tmux_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// startControl gives a test a private server with one session and a control
// client attached to it.
func startControl(t *testing.T) (*tmuxtest.Server, tmux.Created, *tmux.Control) {
	t.Helper()
	srv := tmuxtest.New(t)
	created := srv.Session(t, "ctl", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ctl, err := tmux.StartControl(ctx, srv.Client, created.SessionID)
	if err != nil {
		t.Fatalf("start control: %v", err)
	}
	t.Cleanup(func() { ctl.Close() })
	return srv, created, ctl
}

func TestControlRunsCommandsAndChains(t *testing.T) {
	_, created, ctl := startControl(t)
	ctx := context.Background()

	out, err := ctl.Run(ctx, "display-message", "-p", "-t", created.PaneID, "#{pane_id}")
	if err != nil || out != created.PaneID+"\n" {
		t.Fatalf("display: %q, %v", out, err)
	}
	out, err = ctl.Run(ctx, "display-message", "-p", "one", tmux.Sep, "display-message", "-p", "two")
	if err != nil || out != "one\ntwo\n" {
		t.Fatalf("chain: %q, %v", out, err)
	}
	// if-shell inserts its own commands, each with its own block: the
	// sentinel still finds the end of the line.
	out, err = ctl.Run(ctx, "if-shell", "-F", "1", "display-message -p a ; display-message -p b")
	if err != nil || out != "a\nb\n" {
		t.Fatalf("if-shell: %q, %v", out, err)
	}
	// A failing command in the middle skips the rest and reports tmux's text.
	_, err = ctl.Run(ctx, "display-message", "-p", "x", tmux.Sep, "set-option", "-p", "-t", "%999", "@x", "y", tmux.Sep, "display-message", "-p", "z")
	var ce *tmux.CommandError
	if !errors.As(err, &ce) || !strings.Contains(ce.Stderr, "%999") {
		t.Fatalf("want a CommandError naming %%999, got %v", err)
	}
	// The connection is still usable afterwards.
	if out, err := ctl.Run(ctx, "display-message", "-p", "after"); err != nil || out != "after\n" {
		t.Fatalf("after error: %q, %v", out, err)
	}
}

// TestCommandLineHostileValues proves control-mode quoting delivers every
// argument literally: a value set over the control client reads back exactly
// like the same value set through argv.
func TestCommandLineHostileValues(t *testing.T) {
	srv, created, ctl := startControl(t)
	ctx := context.Background()
	values := []string{
		"", " ", "a b", "'", `"`, `\`, `\\`, "$HOME", "${HOME}", "~", "~root/x",
		"#{pane_id}", "#", "##", "#comment", "%if", "%1", "%", "{", "}", "{a}",
		";", "a;", `a\;`, `\;`, "a ; b", "line1\nline2", "\t", "\r", "\x01\x1b[31m",
		"日本語 ✓", "\xff\xfe", "-t", "--", "A=b", `x'y"z$w~v\u00e9`, `\e\n\101`,
		strings.Repeat("ab'\"", 2000),
	}
	for _, v := range values {
		if _, err := ctl.Run(ctx, "set-option", "-p", "-t", created.PaneID, "@ctl", v); err != nil {
			t.Fatalf("control set %q: %v", v, err)
		}
		viaControl := srv.MustRun(t, "show-options", "-p", "-v", "-t", created.PaneID, "@ctl")
		srv.MustRun(t, "set-option", "-p", "-t", created.PaneID, "@argv", v)
		viaArgv := srv.MustRun(t, "show-options", "-p", "-v", "-t", created.PaneID, "@argv")
		if viaControl != viaArgv {
			t.Errorf("value %q: control stored %q, argv stored %q", v, viaControl, viaArgv)
		}
	}
	if _, err := ctl.Run(ctx, "set-option", "-p", "-t", created.PaneID, "@ctl", "a\x00b"); err == nil {
		t.Errorf("NUL in an argument must be refused")
	}
}

func TestControlSubscriptionNotifies(t *testing.T) {
	srv, created, ctl := startControl(t)
	ctx := context.Background()
	if err := ctl.Subscribe(ctx, "t", "", "#{S:#{W:#{P:#{pane_id}=#{@sub} }}}"); err != nil {
		t.Fatalf("subscribe: %v", err)
	}
	srv.MustRun(t, "set-option", "-p", "-t", created.PaneID, "@sub", "hello world")
	want := created.PaneID + "=hello world"
	deadline := time.After(5 * time.Second)
	for {
		select {
		case n, ok := <-ctl.Notifications():
			if !ok {
				t.Fatalf("notifications closed: %v", ctl.Err())
			}
			if name, value, ok := n.Subscription(); ok && name == "t" && strings.Contains(value, want) {
				return
			}
		case <-deadline:
			t.Fatalf("no subscription change containing %q", want)
		}
	}
}

// TestControlPipelinedWaitFor shows the pattern `amux wait` relies on: a
// read and a wait-for sent in one batch; the read answers at once, the wait
// only when another client signals.
func TestControlPipelinedWaitFor(t *testing.T) {
	srv, _, ctl := startControl(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	replies, err := ctl.Start([]string{"display-message", "-p", "read"}, []string{"wait-for", "ctl-test"})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := replies[0].Wait(ctx); err != nil || out != "read\n" {
		t.Fatalf("read: %q, %v", out, err)
	}
	select {
	case <-replies[1].Done():
		t.Fatalf("wait-for returned before any signal")
	default:
	}
	// Other commands queue behind the wait; signal from a second client.
	srv.MustRun(t, "wait-for", "-S", "ctl-test")
	if _, err := replies[1].Wait(ctx); err != nil {
		t.Fatalf("wait-for: %v", err)
	}
}

func TestControlEndsWhenSessionDies(t *testing.T) {
	srv, created, ctl := startControl(t)
	replies, err := ctl.Start([]string{"wait-for", "never-signalled"})
	if err != nil {
		t.Fatal(err)
	}
	srv.MustRun(t, "kill-session", "-t", created.SessionID)
	select {
	case <-ctl.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("control client did not end with its session")
	}
	// tmux releases the blocked wait-for as the client goes: the reply
	// completes (a spurious wake for a waiter, never a hang).
	select {
	case <-replies[0].Done():
	default:
		t.Fatal("pending reply still open after the client ended")
	}
	if _, err := ctl.Run(context.Background(), "display-message", "-p", "x"); !errors.Is(err, tmux.ErrControlClosed) {
		t.Fatalf("run after end: want ErrControlClosed, got %v", err)
	}
}

func TestStartControlMissingSession(t *testing.T) {
	srv := tmuxtest.New(t)
	srv.Session(t, "present", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := tmux.StartControl(ctx, srv.Client, "=absent"); err == nil {
		t.Fatal("attaching to a missing session must fail")
	}
	empty := tmuxtest.New(t)
	if _, err := tmux.StartControl(ctx, empty.Client, "=absent"); err == nil {
		t.Fatal("attaching on a server without sessions must fail")
	}
}
