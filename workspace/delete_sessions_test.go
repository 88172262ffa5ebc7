package workspace

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// A delete kills every session of the workspace — its agent tabs by tag,
// and anything holding its name prefix — and nothing of other workspaces.
func TestDeleteKillsTheWorkspacesSessions(t *testing.T) {
	ctx := context.Background()
	srv := tmuxtest.New(t)
	repo := newRepo(t, nil)
	e := newEngine(t, func(o *Options) { o.Tmux = srv.Client })
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat"})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	tagged := map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: id, tmux.TagType: tmux.TypeAgent}
	srv.Session(t, "odd-name-agent", tagged)
	srv.Session(t, tmux.SessionName("amux", id, "tab-x-1"), nil) // untagged, reclaimed by name
	srv.Session(t, tmux.SessionName("amux", "ffffffffffffffff", "tab-x-1"), map[string]string{
		tmux.TagManaged: "1", tmux.TagWorkspace: "ffffffffffffffff"})
	srv.Session(t, "unrelated", nil)

	if _, err := e.Delete(ctx, id, DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	all, err := tmux.ListAllSessions(ctx, srv)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, s := range all {
		left = append(left, s.Name)
	}
	if len(left) != 2 || !contains(left[0]+left[1], "unrelated") || !contains(left[0]+left[1], "ffffffffffffffff") {
		t.Fatalf("sessions left: %q", left)
	}
}

// Deleting a workspace whose branch holds commits found nowhere else keeps
// the branch: a delete never discards unpushed work.
func TestDeleteKeepsABranchWithUnmergedCommits(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "work"})
	if err != nil {
		t.Fatal(err)
	}
	root := res.Workspace.Root
	if err := os.WriteFile(filepath.Join(root, "new.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	runGit(t, root, "add", "new.txt")
	runGit(t, root, "commit", "-q", "-m", "unpushed work")

	tr, err := e.Delete(ctx, res.Workspace.ID, DeleteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !tr.BranchKept || !branchExists(t, repo, "work") {
		t.Fatalf("branch with unmerged commits deleted (kept=%v)", tr.BranchKept)
	}
	if exists(root) {
		t.Fatal("worktree not removed")
	}
}
