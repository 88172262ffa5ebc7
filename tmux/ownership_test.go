package tmux_test

import (
	"context"
	"errors"
	"testing"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

func TestSessionOwned(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	ws := "0123456789abcdef"
	srv.Session(t, "amux-owned", map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: ws})
	srv.Session(t, "amux-legacy", map[string]string{tmux.TagManaged: "1"})
	srv.Session(t, "amux-squatter", nil)
	srv.Session(t, "amux-other-ws", map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: "ffffffffffffffff"})
	// A prefix of another live name must not borrow that session's verdict.
	srv.Session(t, "amux-owned-10", map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: ws})

	cases := map[string]tmux.Ownership{
		"amux-owned":    tmux.SessionOwnedByAmux,
		"amux-legacy":   tmux.SessionOwnedByAmux,
		"amux-squatter": tmux.SessionForeign,
		"amux-other-ws": tmux.SessionForeign,
		"amux-owned-1":  tmux.SessionMissing,
		"amux-missing":  tmux.SessionMissing,
	}
	for name, want := range cases {
		got, _, err := tmux.SessionOwned(ctx, srv, name, ws)
		if err != nil || got != want {
			t.Errorf("SessionOwned(%s) = %v, %v; want %v", name, got, err, want)
		}
	}
}

func TestKillAndHasSessionAreExact(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	srv.Session(t, "amux-a-10", nil)
	if ok, err := tmux.HasSession(ctx, srv, "amux-a-1"); err != nil || ok {
		t.Fatalf("has-session prefix-matched: %v %v", ok, err)
	}
	if err := tmux.KillSession(ctx, srv, "amux-a-1"); err != nil {
		t.Fatalf("killing a missing session must be a no-op: %v", err)
	}
	if ok, _ := tmux.HasSession(ctx, srv, "amux-a-10"); !ok {
		t.Fatal("kill-session of a prefix killed another session")
	}
}

// A session that is not there, on a live server or on none, is an answer
// for has-session and kill-session; only that failure is.
func TestMissingSessionIsNotAnError(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	if ok, err := tmux.HasSession(ctx, srv, "amux-none"); err != nil || ok {
		t.Fatalf("no server: has-session = %v, %v", ok, err)
	}
	if err := tmux.KillSession(ctx, srv, "amux-none"); err != nil {
		t.Fatalf("no server: kill-session = %v", err)
	}
	srv.Session(t, "amux-present", nil)
	if ok, err := tmux.HasSession(ctx, srv, "amux-none"); err != nil || ok {
		t.Fatalf("live server: has-session = %v, %v", ok, err)
	}
	_, err := srv.Run(ctx, "has-session", "-t", tmux.ExactSession("amux-none"))
	var ce *tmux.CommandError
	if !errors.As(err, &ce) || !ce.Missing() {
		t.Fatalf("has-session of a missing session: %v is not Missing", err)
	}
	_, err = srv.Run(ctx, "kill-window", "-t", "=amux-present:99")
	if !errors.As(err, &ce) || ce.Missing() {
		t.Fatalf("a missing window is not a missing session: %v", err)
	}
}
