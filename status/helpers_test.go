package status

import (
	"context"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// TestMain lets the test binary stand in for the amux binary: InstallTap
// tests point pipe-pane at it, and it runs the tap verb.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == TapVerb {
		os.Exit(TapMain(os.Args[2:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// tapOptionKeys are every option the tap owns, in optionValues order.
func tapOptionKeys() []string {
	keys := make([]string, numOptions)
	for i := range keys {
		keys[i] = optionKey(i)
	}
	return keys
}

// paneOptions reads the tap's options of a pane in one call; "" = unset.
func paneOptions(t *testing.T, srv *tmuxtest.Server, pane string) map[string]string {
	t.Helper()
	keys := tapOptionKeys()
	var f []string
	for _, k := range keys {
		f = append(f, "#{"+k+"}")
	}
	out := srv.MustRun(t, "display-message", "-p", "-t", pane, strings.Join(f, "\x1f"))
	vals := strings.Split(strings.TrimSuffix(out, "\n"), "\x1f")
	m := make(map[string]string)
	for i, k := range keys {
		if i < len(vals) {
			m[k] = vals[i]
		}
	}
	return m
}

// waitOption waits until a pane option has the wanted value.
func waitOption(t *testing.T, srv *tmuxtest.Server, pane, key, want string) {
	t.Helper()
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		got := paneOptions(t, srv, pane)[key]
		return got == want, key + " = " + got + ", want " + want
	})
}

// countingRunner counts the tmux calls the tap makes.
type countingRunner struct {
	r     tmux.Runner
	mu    sync.Mutex
	calls [][]string
}

func (c *countingRunner) Run(ctx context.Context, args ...string) (string, error) {
	c.mu.Lock()
	c.calls = append(c.calls, args)
	c.mu.Unlock()
	return c.r.Run(ctx, args...)
}

// count returns how many publishes (calls carrying the wake signal) ran.
func (c *countingRunner) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, call := range c.calls {
		if strings.Contains(strings.Join(call, " "), "wait-for -S "+WakeChannel) {
			n++
		}
	}
	return n
}

// panePrinter starts a session whose pane prints, byte for byte, whatever is
// written to a FIFO, and returns the pane id and a print function.
func panePrinter(t *testing.T, srv *tmuxtest.Server, name string) (tmux.Created, func([]byte)) {
	t.Helper()
	fifo := t.TempDir() + "/out"
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	created := srv.Session(t, name, nil, "sh", "-c", `stty raw -echo; while cat "$0"; do :; done`, fifo)
	print := func(b []byte) {
		t.Helper()
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	return created, print
}
