package status

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// hostileBinary links the test binary (which runs the tap verb, see
// TestMain) under a path that needs quoting for the shell and for tmux's
// format expansion.
func hostileBinary(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), `we ird 'q' #{pane_id} 50%s $HOME "z";`)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "am ux")
	if err := os.Symlink(self, bin); err != nil {
		t.Fatal(err)
	}
	return bin
}

func TestInstallTapPipesExactPane(t *testing.T) {
	srv := tmuxtest.New(t)
	created, print := panePrinter(t, srv, "inst")
	bin := hostileBinary(t)
	ctx := context.Background()
	if err := InstallTap(ctx, srv, bin, created.PaneID); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", created.PaneID, "#{pane_pipe}")); got != "1" {
		t.Fatalf("pane_pipe = %q after install", got)
	}
	print([]byte("hello\r\n\x1b]7501;state=working:msg=" + b64("first") + "\x1b\\"))
	waitOption(t, srv, created.PaneID, tmux.PaneReportedState, "working")

	// Reinstalling must not toggle the pipe off (pipe-pane -o alone would).
	for range 2 {
		if err := InstallTap(ctx, srv, bin, created.PaneID); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", created.PaneID, "#{pane_pipe}")); got != "1" {
		t.Fatalf("reinstall turned the tap off (pane_pipe %q)", got)
	}
	// The same tap process still holds the records: a blocked sub-record
	// folds over the earlier working root.
	print([]byte("\x1b]7501;state=blocked:id=sub:kind=question\x07"))
	waitOption(t, srv, created.PaneID, tmux.PaneReportedState, "blocked")
	print([]byte("\x1b]7501;state=clear:id=sub\x07"))
	waitOption(t, srv, created.PaneID, tmux.PaneReportedMessage, "first")

	// A new pane split off the session gets nothing: the tap addresses the
	// pane it was bound to, not the session's active pane.
	newPane := strings.TrimSpace(srv.MustRun(t, "split-window", "-d", "-P", "-F", "#{pane_id}", "-t", created.PaneID))
	srv.MustRun(t, "select-pane", "-t", newPane)
	print([]byte("\x1b]7501;state=done:msg=" + b64("second") + "\x07"))
	waitOption(t, srv, created.PaneID, tmux.PaneReportedState, "done")
	if got := paneOptions(t, srv, newPane)[tmux.PaneReportedState]; got != "" {
		t.Fatalf("report leaked onto split pane %s: %q", newPane, got)
	}
}

func TestInstallTapRejectsBadInput(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	for _, pane := range []string{"", "%", "1", "%1;kill-server", "=sess:", "%1 "} {
		if err := InstallTap(ctx, srv, "/bin/true", pane); err == nil {
			t.Errorf("pane %q accepted", pane)
		}
	}
	if err := InstallTap(ctx, srv, "/bin/true", "%424242"); err == nil {
		t.Error("a missing pane must be an error")
	}
}

func TestTapShellCommandQuoting(t *testing.T) {
	got := TapShellCommand(`/a b/it's #x 5%s/amux`, "/tmp/tmux-0/def ault", "%3")
	want := `exec '/a b/it'\''s ##x 5%%s/amux' ` + TapVerb + ` -S '/tmp/tmux-0/def ault' --shared %%3`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}
