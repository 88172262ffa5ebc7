package status

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// A reporter that follows the protocol's feature detection: it asks, waits
// for the terminal's answer on its own input (raw mode, no echo), and
// reports only when the answer is the revision-0.4 one. Without an answer
// it would wait forever and never report.
const waitingReporter = `stty raw -echo
printf '\033]7501;?\033\\'
got=$(head -c 10)
[ "$got" = "$(printf '\033]7501;?\033\\')" ] && printf '\033]7501;state=working:app=waiter\033\\'
exec sleep 600`

// The real tap (pipe-pane into the tap verb) answers the query into the
// pane, so a reporter that waits for the answer reports.
func TestTapAnswersTheCapabilityQuery(t *testing.T) {
	srv := tmuxtest.New(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The reporter waits for a go-ahead so the tap is in place before it asks.
	gate := filepath.Join(t.TempDir(), "go")
	c := srv.Session(t, "amux-waiter", nil, "sh", "-c", "while [ ! -e "+gate+" ]; do sleep 0.05; done\n"+waitingReporter)
	if err := InstallTap(context.Background(), srv, self, c.PaneID); err != nil {
		t.Fatal(err)
	}
	waitTap(t, srv, c.PaneID)
	if err := os.WriteFile(gate, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	waitOption(t, srv, c.PaneID, tmux.PaneReportedState, "working")
	if app := paneOptions(t, srv, c.PaneID)[tmux.PaneReportedApp]; app != "waiter" {
		t.Fatalf("reported app %q", app)
	}
}

// Every query gets exactly one answer, ending as the query ended, and the
// answers of back-to-back queries arrive whole, one after the other.
func TestTapAnswersEachQueryOnceWithItsTerminator(t *testing.T) {
	srv := tmuxtest.New(t)
	out := filepath.Join(t.TempDir(), "input")
	bel, st := string(QueryAnswer(true)), string(QueryAnswer(false))
	want := st + bel + st
	c := srv.Session(t, "amux-answers", nil, "sh", "-c",
		"stty raw -echo; head -c "+strconv.Itoa(len(want))+" > "+out+"; exec sleep 600")
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- RunTap(context.Background(), TapConfig{PaneID: c.PaneID, Runner: srv.Client}, r) }()
	defer func() { w.Close(); <-done }()
	// Split across writes, with output around it and a report between.
	for _, chunk := range []string{"text\x1b]75", "01;?\x1b", "\\more\x1b]7501;?\a", "\x1b]7501;state=idle\a\x1b]7501;?\x1b\\"} {
		if _, err := w.Write([]byte(chunk)); err != nil {
			t.Fatal(err)
		}
	}
	var got []byte
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		got, _ = os.ReadFile(out)
		return len(got) == len(want), "pane input so far: " + strings.ReplaceAll(string(got), "\x1b", "ESC")
	})
	if string(got) != want {
		t.Fatalf("pane input %q, want %q", got, want)
	}
}

func waitTap(t *testing.T, srv *tmuxtest.Server, pane string) {
	t.Helper()
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		return paneOptions(t, srv, pane)[tmux.PaneTap] != "", "the tap never announced itself"
	})
}
