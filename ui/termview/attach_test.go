package termview

import (
	"context"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux/tmuxtest"
)

// Attaching to a session that does not exist ends the view with the
// client's failure, rather than silently.
func TestAttachToMissingSessionReportsWhy(t *testing.T) {
	srv := tmuxtest.New(t)
	srv.Session(t, "present", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	term, err := Attach(ctx, srv.Client, "absent", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	select {
	case <-term.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("view of a missing session never ended")
	}
	if err := term.Err(); err == nil || !strings.Contains(err.Error(), "exit status") {
		t.Fatalf("Err() = %v, want the client's exit status", err)
	}
}

// Closing our view is not an error, and leaves the session running.
func TestCloseIsNotAnError(t *testing.T) {
	srv := tmuxtest.New(t)
	srv.Session(t, "s", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	term, err := Attach(ctx, srv.Client, "s", Options{})
	if err != nil {
		t.Fatal(err)
	}
	nextFrame(t, term, func(*Frame) bool { return true })
	term.Close()
	<-term.Done()
	if err := term.Err(); err != nil {
		t.Fatalf("Err() after Close = %v", err)
	}
	srv.MustRun(t, "has-session", "-t", "=s")
}
