package status

import (
	"slices"
	"testing"
	"time"

	"amux.dev/amux/tmux/tmuxtest"
)

// wakeOnly counts the tap's calls that only signal the wake channel.
func wakeOnly(c *countingRunner) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, call := range c.calls {
		if slices.Equal(call, []string{"wait-for", "-S", WakeChannel}) {
			n++
		}
	}
	return n
}

// Output after a quiet spell wakes the monitor (which reads quiet panes
// only when told), with the signal alone: no option changes, so no client
// is redrawn. Output that follows closely sends nothing more.
func TestTapWakesTheMonitorWhenAQuietPanePrints(t *testing.T) {
	lt := startLiveTap(t)
	lt.write(t, "the agent woke up\n")
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		return wakeOnly(lt.runner) == 1, "no wake signal after the first output"
	})
	lt.write(t, "and goes on\n")
	lt.write(t, "\x1b]7501;state=working\x1b\\")
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		return paneOptions(t, lt.srv, lt.pane)["@amux_reported_state"] == "working", "report not published"
	})
	if n := wakeOnly(lt.runner); n != 1 {
		t.Fatalf("%d wake-only signals, want 1 (output right after output is no news)", n)
	}
}

// Two changes a few milliseconds apart (a shell's command-start mark, then
// the report the command prints) are published without the flood spacing
// between them.
func TestPublishPaceLetsABurstThrough(t *testing.T) {
	var p publishPace
	now := time.Now()
	for i := range publishBurst {
		if w := p.wait(now); w != 0 {
			t.Fatalf("publish %d of a burst waits %v", i+1, w)
		}
		p.spend(now)
		now = now.Add(time.Millisecond)
	}
	if w := p.wait(now); w <= 0 {
		t.Fatal("a flood past the burst is not spaced")
	}
	// Paid back over time: a lone publish later goes at once.
	if w := p.wait(now.Add(time.Second)); w != 0 {
		t.Fatalf("a publish after a quiet second waits %v", w)
	}
}
