package termview

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux/tmuxtest"
)

// clientInfo reads one field of the only client of srv.
func clientInfo(t *testing.T, srv *tmuxtest.Server, format string) string {
	t.Helper()
	return strings.TrimSpace(srv.MustRun(t, "list-clients", "-F", format))
}

// attachCat attaches a view to a session running cat (it prints what it
// is sent), closed in cleanup.
func attachCat(t *testing.T) (*tmuxtest.Server, *Terminal) {
	t.Helper()
	srv := tmuxtest.New(t)
	srv.Session(t, "s", nil, "cat")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	term, err := Attach(ctx, srv.Client, "s", Options{Width: 80, Height: 24})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { term.Close() })
	return srv, term
}

// A hidden view's client is suspended: tmux writes nothing to it, not even
// the redraws every option change costs each attached client. Shown again,
// the client wakes and the view shows what the pane printed meanwhile.
func TestHiddenViewsClientIsSuspendedAndWakesWithTheScreen(t *testing.T) {
	srv, term := attachCat(t)
	srv.MustRun(t, "send-keys", "-t", "=s:", "-l", "before-hiding")
	srv.MustRun(t, "send-keys", "-t", "=s:", "Enter")
	nextFrame(t, term, frameHas(term, "before-hiding"))

	term.SetVisible(false)
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		flags := clientInfo(t, srv, "#{client_flags}")
		return strings.Contains(flags, "suspended"), "client flags: " + flags
	})
	written := clientInfo(t, srv, "#{client_written}")
	for i := range 20 {
		srv.MustRun(t, "set-option", "-g", "@redraw_me", fmt.Sprint(i))
	}
	srv.MustRun(t, "send-keys", "-t", "=s:", "-l", "while-hidden")
	srv.MustRun(t, "send-keys", "-t", "=s:", "Enter")
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out := srv.MustRun(t, "capture-pane", "-p", "-t", "=s:")
		return strings.Count(out, "while-hidden") == 2, out
	})
	srv.MustRun(t, "display-message", "-p", "sync") // the server has looped since
	if now := clientInfo(t, srv, "#{client_written}"); now != written {
		t.Fatalf("tmux wrote to the hidden view's client: %s bytes before, %s after", written, now)
	}

	term.SetVisible(true)
	nextFrame(t, term, frameHas(term, "while-hidden"))
	if flags := clientInfo(t, srv, "#{client_flags}"); strings.Contains(flags, "suspended") {
		t.Fatalf("client still suspended after the view was shown: %s", flags)
	}
	if !strings.Contains(screenText(term), "before-hiding") {
		t.Fatalf("screen lost what was there before hiding:\n%s", screenText(term))
	}
	if w := term.stats.wakes.Load(); w != 1 {
		t.Fatalf("wakes = %d, want 1", w)
	}
}

// Hiding and showing at once (faster than suspend-client answers) leaves the
// client awake and the view live.
func TestQuickHideAndShowLeavesTheClientAwake(t *testing.T) {
	srv, term := attachCat(t)
	nextFrame(t, term, func(*Frame) bool { return true })
	for range 5 {
		term.SetVisible(false)
		term.SetVisible(true)
	}
	srv.MustRun(t, "send-keys", "-t", "=s:", "-l", "still-live")
	srv.MustRun(t, "send-keys", "-t", "=s:", "Enter")
	nextFrame(t, term, frameHas(term, "still-live"))
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		flags := clientInfo(t, srv, "#{client_flags}")
		return !strings.Contains(flags, "suspended"), "client flags: " + flags
	})
}

// Keys typed right after a hidden tab is shown, before tmux has woken its
// client, reach the program as they were typed: a Ctrl-C is a byte, not a
// signal the terminal's cooked modes would make of it.
func TestKeysRightAfterShowingAreNotCooked(t *testing.T) {
	srv := tmuxtest.New(t)
	srv.Session(t, "s", nil, "sh", "-c", "stty raw -echo; exec cat -v")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	term, err := Attach(ctx, srv.Client, "s", Options{Width: 80, Height: 24})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { term.Close() })
	nextFrame(t, term, func(*Frame) bool { return true })
	term.SetVisible(false)
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		flags := clientInfo(t, srv, "#{client_flags}")
		return strings.Contains(flags, "suspended"), "client flags: " + flags
	})
	term.SetVisible(true)
	if _, err := term.Write([]byte("x\x03y")); err != nil {
		t.Fatal(err)
	}
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out := srv.MustRun(t, "capture-pane", "-p", "-t", "=s:")
		return strings.Contains(out, "x^Cy"), "pane:\n" + out
	})
}
