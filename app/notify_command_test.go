package app

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The notify command's rate limit: one run per session per gap, and at
// most notifyWindowMax runs in any window however many sessions there are.
func TestNotifyLimiterPerSessionAndOverall(t *testing.T) {
	var l notifyLimiter
	t0 := time.Unix(1_700_000_000, 0)
	if !l.allow("a", t0) || l.allow("a", t0.Add(notifySessionGap-time.Millisecond)) {
		t.Fatal("a session ran twice within the gap")
	}
	if !l.allow("a", t0.Add(notifySessionGap)) {
		t.Fatal("a session may run again after the gap")
	}
	ran := 2
	for i := 0; i < 3*notifyWindowMax; i++ {
		if l.allow("s"+string(rune('A'+i)), t0.Add(notifySessionGap+time.Duration(i)*time.Millisecond)) {
			ran++
		}
	}
	if ran != notifyWindowMax {
		t.Fatalf("%d runs in one window, want %d", ran, notifyWindowMax)
	}
	if !l.allow("late", t0.Add(notifyWindow+notifySessionGap)) {
		t.Fatal("the window never frees up")
	}
}

func TestCappedBufferKeepsTheStart(t *testing.T) {
	c := &cappedBuffer{max: 4}
	if n, _ := c.Write([]byte("abc")); n != 3 {
		t.Fatal(n)
	}
	c.Write([]byte("defg"))
	if string(c.b) != "abcd" {
		t.Fatalf("%q", c.b)
	}
}

// A notify command that fails, or outlives its deadline (its whole
// process group killed), is logged with the start of its output.
func TestRunNotifyLogsFailuresAndKillsAtTheDeadline(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	runNotify([]string{"sh", "-c", `echo "oops $AMUX_NOTIFY_STATE"; exit 3`}, []string{"AMUX_NOTIFY_STATE=blocked"},
		5*time.Second, log, "s1", "blocked")
	if out := buf.String(); !strings.Contains(out, "notify command failed") || !strings.Contains(out, "oops blocked") {
		t.Fatalf("log: %s", out)
	}
	buf.Reset()
	pidFile := filepath.Join(t.TempDir(), "pid")
	runNotify([]string{"sh", "-c", `sleep 60 & echo $! > "$0"; wait`, pidFile}, nil, 300*time.Millisecond, log, "s1", "done")
	if !strings.Contains(buf.String(), "notify command failed") {
		t.Fatalf("a command killed at its deadline was not logged: %s", buf.String())
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("the command's child %d outlived the deadline: its group was not killed", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
