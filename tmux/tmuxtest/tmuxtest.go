// Package tmuxtest gives tests a private, real tmux server: one -L socket per
// test, config /dev/null, killed in cleanup. A missing tmux fails the test;
// it never skips, because CI must not pass without exercising tmux.
package tmuxtest

import (
	"context"
	"crypto/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"amux.dev/amux/tmux"
)

// Server is a private tmux server owned by one test.
type Server struct {
	*tmux.Client
	Name string
}

// New starts nothing yet (tmux starts its server with the first session) but
// reserves a unique socket name and registers cleanup that kills the server.
func New(t testing.TB) *Server {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatalf("tmux is required for this test and is not on PATH: %v", err)
	}
	name := "amux-test-" + rand.Text()
	c := tmux.New(tmux.Server{Name: name, Config: tmux.DefaultConfigPath})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = c.Run(ctx, "kill-server")
	})
	return &Server{Client: c, Name: name}
}

// Env returns the environment assignments that point amux at this server.
func (s *Server) Env() []string { return s.Server().Env() }

// MustRun runs a tmux command and fails the test on error.
func (s *Server) MustRun(t testing.TB, args ...string) string {
	t.Helper()
	out, err := s.Run(context.Background(), args...)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return out
}

// Session creates a detached session running command (default: a long sleep)
// with the given tags, failing the test on error.
func (s *Server) Session(t testing.TB, name string, tags map[string]string, command ...string) tmux.Created {
	t.Helper()
	if len(command) == 0 {
		command = []string{"sleep", "3600"}
	}
	spec := tmux.SessionSpec{Name: name, Command: command, Width: 80, Height: 24}
	for k, v := range tags {
		spec.Tags = append(spec.Tags, tmux.SetOption{Key: k, Value: v})
	}
	c, err := tmux.NewSession(context.Background(), s, spec)
	if err != nil {
		t.Fatalf("create session %q: %v", name, err)
	}
	return c
}

// SettleFormatJobs returns once every "#(…)" format job the server started
// before the call has had its turn, so a test can then assert that a
// payload did NOT run. A canary job is started on pane ("%N") and awaited:
// jobs forked earlier have run (or been killed) by then. The canary runs
// from a control client, which stays until its job is done — tmux kills a
// client's format jobs when the client exits, so a one-shot command's
// canary could die before it ran.
func (s *Server) SettleFormatJobs(t testing.TB, pane string) {
	t.Helper()
	canary := filepath.Join(t.TempDir(), "canary")
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	ctl, err := tmux.StartControl(ctx, s.Client, pane)
	if err != nil {
		t.Fatalf("settle format jobs: %v", err)
	}
	defer ctl.Close()
	if _, err := ctl.Run(ctx, "display-message", "-p", "-t", pane, "#(touch "+canary+")"); err != nil {
		t.Fatalf("settle format jobs: %v", err)
	}
	WaitFor(t, 15*time.Second, func() (bool, string) {
		_, err := os.Stat(canary)
		return err == nil, "the canary format job never ran"
	})
}

// WaitFor polls cond until it returns true or the deadline passes, then fails
// with the last description cond gave. It is the only way tests here wait.
func WaitFor(t testing.TB, timeout time.Duration, cond func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	delay := 5 * time.Millisecond
	var last string
	for {
		ok, desc := cond()
		if ok {
			return
		}
		last = desc
		if time.Now().After(deadline) {
			t.Fatalf("condition not met within %v: %s", timeout, last)
		}
		time.Sleep(delay)
		if delay < 100*time.Millisecond {
			delay *= 2
		}
	}
}
