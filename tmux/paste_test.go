package tmux_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// rawReader is a pane program in raw mode that asks for bracketed paste
// (when bracketed) and logs every byte it receives until it has n.
func rawReader(out string, n int, bracketed bool) []string {
	ask := ""
	if bracketed {
		ask = `printf '\033[?2004h'; `
	}
	return []string{"sh", "-c", "stty raw -echo; " + ask + "printf ready; head -c " + strconv.Itoa(n) + " > " + out + "; exec sleep 600"}
}

func waitScreen(t *testing.T, srv *tmuxtest.Server, pane, want string) {
	t.Helper()
	tmuxtest.WaitFor(t, tmux.DefaultTimeout, func() (bool, string) {
		out, _ := tmux.CapturePane(context.Background(), srv, pane, 0, false)
		return strings.Contains(out, want), "screen lacks " + want + ":\n" + out
	})
}

// A paste arrives in one piece, bracketed for a program that asked, with its
// line feed kept; the CR comes as its own write. The paste file (in a
// directory whose name is a tmux format) is gone afterwards, and no buffer
// is left on the server.
func TestPasteTextArrivesBracketedThenCR(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "got")
	text := "fix the #{session_name} bug\nthen test"
	want := "\x1b[200~" + text + "\x1b[201~\r"
	c := srv.Session(t, "amux-paste", nil, rawReader(out, len(want), true)...)
	waitScreen(t, srv, c.PaneID, "ready")
	tmp := filepath.Join(t.TempDir(), "tmp#{pane_id}")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := tmux.PasteText(ctx, srv, c.PaneID, text, tmp); err != nil {
		t.Fatal(err)
	}
	if err := tmux.SubmitCR(ctx, srv, c.PaneID); err != nil {
		t.Fatal(err)
	}
	if got := readWhenWritten(t, out); got != want {
		t.Fatalf("pane received %q, want %q", got, want)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Fatalf("paste files left behind: %v", left)
	}
	if bufs := srv.MustRun(t, "list-buffers", "-F", "#{buffer_name}"); strings.Contains(bufs, "amux-paste") {
		t.Fatalf("a paste buffer stayed: %q", bufs)
	}
}

// A program that never asked for bracketed paste gets the text plain.
func TestPasteTextPlainWithoutBracketMode(t *testing.T) {
	srv := tmuxtest.New(t)
	out := filepath.Join(t.TempDir(), "got")
	c := srv.Session(t, "amux-plain", nil, rawReader(out, 5, false)...)
	waitScreen(t, srv, c.PaneID, "ready")
	if err := tmux.PasteText(context.Background(), srv, c.PaneID, "hello", ""); err != nil {
		t.Fatal(err)
	}
	if got := readWhenWritten(t, out); got != "hello" {
		t.Fatalf("pane received %q", got)
	}
}
