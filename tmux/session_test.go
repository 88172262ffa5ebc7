package tmux_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// CapturePane's start line reaches into the scrollback; 0 is the visible
// screen only, and escapes keep the styles a program drew with.
func TestCapturePaneStartLineAndEscapes(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	s := srv.Session(t, "amux-capture", nil, "sh", "-c", `seq 1 60; printf '\033[31mred\033[m'; exec sleep 3600`)
	var screen string
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) {
		var err error
		screen, err = tmux.CapturePane(ctx, srv, s.PaneID, 0, false)
		return err == nil && strings.Contains(screen, "red"), "screen: " + screen
	})
	rows := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(rows) != 24 || strings.Contains(screen, "\x1b") || rows[0] != "38" {
		t.Fatalf("visible screen (%d rows) = %q", len(rows), screen)
	}
	back, err := tmux.CapturePane(ctx, srv, s.PaneID, -10, true)
	if err != nil {
		t.Fatal(err)
	}
	rows = strings.Split(strings.TrimRight(back, "\n"), "\n")
	if len(rows) != 34 || strings.TrimRight(rows[0], " ") != "28" || !strings.Contains(back, "\x1b[31mred") {
		t.Fatalf("10 lines back with escapes (%d rows) = %q", len(rows), back)
	}
}

// A session amux creates keeps tmux.HistoryLimit lines of history, on a
// server the call starts and on one already running; a larger limit from
// the person's config is kept.
func TestNewSessionRaisesTheHistoryLimit(t *testing.T) {
	ctx := context.Background()
	srv := tmuxtest.New(t)
	spec := func(name string) tmux.SessionSpec {
		return tmux.SessionSpec{Name: name, Command: []string{"sleep", "600"}, HistoryLimit: tmux.HistoryLimit}
	}
	if _, err := tmux.NewSession(ctx, srv, spec("first")); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", "=first:", "#{history_limit}")); got != "50000" {
		t.Fatalf("first session's history_limit = %s", got)
	}
	srv.MustRun(t, "set-option", "-g", "history-limit", "90000")
	if _, err := tmux.NewSession(ctx, srv, spec("second")); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", "=second:", "#{history_limit}")); got != "90000" {
		t.Fatalf("a larger configured limit was lowered to %s", got)
	}
}

// CaptureHistory returns the whole history, past tmux's default 2000 lines.
func TestCaptureHistoryReturnsEverythingKept(t *testing.T) {
	ctx := context.Background()
	srv := tmuxtest.New(t)
	_, err := tmux.NewSession(ctx, srv, tmux.SessionSpec{Name: "long", HistoryLimit: tmux.HistoryLimit,
		Command: []string{"sh", "-c", "seq 1 6000; exec sleep 600"}})
	if err != nil {
		t.Fatal(err)
	}
	var out string
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out, err = tmux.CaptureHistory(ctx, srv, "=long:", false)
		return err == nil && strings.Contains(out, "\n6000\n"), "capture: " + out[max(0, len(out)-80):]
	})
	if !strings.HasPrefix(out, "1\n2\n") || strings.Count(out, "\n") < 6000 {
		t.Fatalf("history starts %q, %d lines", out[:min(len(out), 20)], strings.Count(out, "\n"))
	}
}
