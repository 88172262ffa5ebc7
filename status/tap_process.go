package status

import (
	"context"
	"strconv"
	"strings"
)

// watchProcess finds the pane's process and watches for its exit, so that
// working and blocked records drop when the process ends even while tmux
// keeps the dead pane (remain-on-exit) and the pipe stays open. It runs at
// start and again when output follows an exit (respawn-pane). Without a
// watch (the platform cannot, or tmux did not answer) the end of the input
// remains the signal.
func (t *tap) watchProcess(ctx context.Context) {
	out, err := t.cfg.Runner.Run(ctx, "display-message", "-p", "-t", t.cfg.PaneID, "#{pane_dead} #{pane_pid}")
	if err != nil {
		t.cfg.Logf("tap %s: pane process: %v", t.cfg.PaneID, err)
		return
	}
	dead, pidText, _ := strings.Cut(strings.TrimSpace(out), " ")
	pid, _ := strconv.Atoi(pidText)
	t.mu.Lock()
	same := pid == t.watched
	t.mu.Unlock()
	if dead == "1" || pid <= 0 || same {
		return
	}
	stop, err := watchExit(pid, func() { t.processExited(pid) })
	if err != nil {
		t.cfg.Logf("tap %s: cannot watch process %d: %v", t.cfg.PaneID, pid, err)
		return
	}
	t.mu.Lock()
	if t.stop != nil {
		t.stop()
	}
	t.watched, t.stop = pid, stop
	t.mu.Unlock()
}

// processExited runs on the watcher's goroutine when the pane's process
// ends: transient records die with it, and nothing runs any more.
func (t *tap) processExited(pid int) {
	t.mu.Lock()
	if pid != t.watched {
		t.mu.Unlock()
		return
	}
	t.records.DropTransient()
	if t.cmd.running() {
		t.cmd.state = "idle"
	}
	t.rearm = true
	if t.update() {
		// Under the lock: finish closes kick only after it has marked the
		// watch over under the same lock, so this never sends on a closed
		// channel (poke never blocks).
		t.poke()
	}
	t.mu.Unlock()
}
