package harness

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"amux.dev/amux/tmux/tmuxtest"
)

// A program in a pane that takes a while to exit when its server goes
// (amux saving its layout, a tap flushing) is gone, its last write done,
// before the test's temporary directory is removed.
func TestAServersProcessesAreGoneBeforeTheTempDirIs(t *testing.T) {
	var pid int
	t.Run("story", func(t *testing.T) {
		srv := reapedServer(t)
		dir := t.TempDir()
		pidFile := filepath.Join(dir, "pid")
		// On SIGHUP it writes into the temp dir half a second later.
		script := "trap 'sleep 0.5; echo late > " + filepath.Join(dir, "late") + "; exit 0' HUP; echo $$ > " + pidFile +
			"; while :; do sleep 0.1; done"
		srv.Session(t, "slow-exit", nil, "sh", "-c", script)
		tmuxtest.WaitFor(t, DefaultWait, func() (bool, string) {
			b, err := os.ReadFile(pidFile)
			pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
			return err == nil && pid > 0, "the pane's program never wrote its pid"
		})
	})
	if pid == 0 {
		t.Fatal("no pid")
	}
	if _, _, alive := readStat(pid); alive {
		t.Fatalf("pid %d still runs after the story's cleanup", pid)
	}
}
