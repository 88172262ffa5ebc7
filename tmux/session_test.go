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
