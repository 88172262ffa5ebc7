package tmux_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// A pane launched with AwaitTap starts its program only once its output is
// piped: a line the program prints at once reaches a pipe installed after
// the session was made.
func TestALaunchAwaitsItsTapBeforeTheProgramStarts(t *testing.T) {
	srv := tmuxtest.New(t)
	dir := t.TempDir()
	piped := filepath.Join(dir, "piped")
	l, err := tmux.PreparePaneLaunch(amuxTestBinary(t), dir, tmux.PaneLaunch{Dir: dir,
		Command: "printf 'first words\\n'; sleep 60", AwaitTap: true}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	created := srv.Session(t, "awaits", nil, l.Argv...)
	time.Sleep(300 * time.Millisecond) // the tap comes late; the program must wait for it
	srv.MustRun(t, "pipe-pane", "-t", created.PaneID, "cat >> "+piped)
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		b, _ := os.ReadFile(piped)
		return strings.Contains(string(b), "first words"), "the pipe holds " + string(b)
	})
}

// A tap that never comes does not keep the program from starting: it
// starts once the wait is over.
func TestALaunchStartsWithoutATapThatNeverComes(t *testing.T) {
	srv := tmuxtest.New(t)
	dir := t.TempDir()
	ran := filepath.Join(dir, "ran")
	l, err := tmux.PreparePaneLaunch(amuxTestBinary(t), dir, tmux.PaneLaunch{Dir: dir,
		Command: "touch " + ran + "; sleep 60", AwaitTap: true}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	srv.Session(t, "untapped", nil, l.Argv...)
	tmuxtest.WaitFor(t, 15*time.Second, func() (bool, string) {
		_, err := os.Stat(ran)
		return err == nil, "the program has not run"
	})
}
