package procid

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

// An exited child not yet reaped gives its status; a live one does not.
func TestZombieExit(t *testing.T) {
	for _, c := range []struct {
		script string
		want   int
	}{{"exit 3", 3}, {"kill -TERM $$", 128 + 15}} {
		cmd := exec.Command("sh", "-c", c.script)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		pid := cmd.Process.Pid
		deadline := time.Now().Add(10 * time.Second)
		var got int
		var ok bool
		for !ok && time.Now().Before(deadline) {
			got, ok = ZombieExit(pid)
			time.Sleep(5 * time.Millisecond)
		}
		_ = cmd.Wait()
		if !ok || got != c.want {
			t.Fatalf("%s: %d %v, want %d", c.script, got, ok, c.want)
		}
	}
	if _, ok := ZombieExit(os.Getpid()); ok {
		t.Fatal("a live process has no exit status")
	}
}
