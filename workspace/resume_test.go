package workspace

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// After a reboot (the server and its sessions gone) the workspace's
// recorded agent tabs are what can come back, and resume starts each with
// its resume command in its recorded directory, under its own tab ID. A tab
// whose agent died (its pane kept) is relaunched in place.
func TestResumeBringsRecordedTabsBack(t *testing.T) {
	ctx := context.Background()
	srv := tmuxtest.New(t)
	repo := newRepo(t, nil)
	e := newEngine(t, func(o *Options) { o.Tmux, o.AmuxBin = srv.Client, os.Args[0] })
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "resume"})
	if err != nil {
		t.Fatal(err)
	}
	id, root := res.Workspace.ID, res.Workspace.Root
	sub := filepath.Join(root, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	tabs := []Tab{
		{ID: "tab-r-1", Type: tmux.TypeAgent, Assistant: "claude", Cwd: sub},
		{ID: "tab-r-2", Type: tmux.TypeAgent, Assistant: "codex", Cwd: "/etc"}, // outside: the worktree instead
	}
	if _, err := e.Store().SetTabs(ctx, id, tabs); err != nil {
		t.Fatal(err)
	}
	srv.Session(t, "keeps-the-server-up", nil)
	lost, err := e.LostTabs(ctx, id)
	if err != nil || len(lost) != 2 {
		t.Fatalf("lost tabs %+v, %v", lost, err)
	}
	out := t.TempDir()
	for _, tab := range lost {
		marker := filepath.Join(out, tab.ID)
		name, err := e.ResumeTab(ctx, ResumeRequest{Workspace: id, Tab: tab,
			Command: "printf '%s' \"$PWD\" > " + shellQuote(marker) + "; exec sleep 600"})
		if err != nil {
			t.Fatal(err)
		}
		if name != tmux.SessionName("amux", id, tab.ID) {
			t.Fatalf("resumed under %q", name)
		}
	}
	for tab, want := range map[string]string{"tab-r-1": sub, "tab-r-2": root} {
		if got := waitFile(t, filepath.Join(out, tab)); got != want {
			t.Errorf("%s resumed in %q, want %q", tab, got, want)
		}
	}
	if lost, _ := e.LostTabs(ctx, id); len(lost) != 0 {
		t.Fatalf("still lost: %+v", lost)
	}

	// The agent dies; resume relaunches it in its session, which stays.
	name := tmux.SessionName("amux", id, "tab-r-1")
	srv.MustRun(t, "set-option", "-t", name, "remain-on-exit", "on")
	srv.MustRun(t, "respawn-pane", "-k", "-t", tmux.ExactPane(name), "sh", "-c", "exit 3")
	waitFor(t, 10*time.Second, "the agent to die", func() bool {
		o, _ := srv.Run(ctx, "display-message", "-p", "-t", tmux.ExactPane(name), "#{pane_dead}")
		return strings.TrimSpace(o) == "1"
	})
	again := filepath.Join(out, "again")
	if _, err := e.ResumeTab(ctx, ResumeRequest{Workspace: id, Tab: tabs[0],
		Command: "printf resumed > " + shellQuote(again) + "; exec sleep 600"}); err != nil {
		t.Fatal(err)
	}
	if got := waitFile(t, again); got != "resumed" {
		t.Fatalf("relaunch wrote %q", got)
	}
}

// A name held by a session amux does not own is never taken over.
func TestResumeRefusesAForeignSession(t *testing.T) {
	ctx := context.Background()
	srv := tmuxtest.New(t)
	repo := newRepo(t, nil)
	e := newEngine(t, func(o *Options) { o.Tmux, o.AmuxBin = srv.Client, os.Args[0] })
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "foreign"})
	if err != nil {
		t.Fatal(err)
	}
	srv.Session(t, tmux.SessionName("amux", res.Workspace.ID, "tab-f-1"), nil)
	_, err = e.ResumeTab(ctx, ResumeRequest{Workspace: res.Workspace.ID, Tab: Tab{ID: "tab-f-1"}, Command: "true"})
	if err == nil || !strings.Contains(err.Error(), "does not own") {
		t.Fatalf("err = %v", err)
	}
}

func waitFile(t *testing.T, path string) string {
	t.Helper()
	var got []byte
	waitFor(t, 10*time.Second, path, func() bool {
		got, _ = os.ReadFile(path)
		return len(got) > 0
	})
	return string(got)
}
