package workspace

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// TestAddProjectImportsLinkedWorktrees: worktrees made outside amux become
// workspaces when the project is added and on refresh; amux's own, the
// main checkout, detached and vanished ones are not imported; an imported
// workspace's branch survives its delete.
func TestAddProjectImportsLinkedWorktrees(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	outside := t.TempDir()
	runGit(t, repo, "worktree", "add", "-q", "-b", "fix-login", filepath.Join(outside, "fix-login"))
	runGit(t, repo, "worktree", "add", "-q", "--detach", filepath.Join(outside, "detached"))
	runGit(t, repo, "worktree", "add", "-q", "-b", "gone", filepath.Join(outside, "gone"))
	os.RemoveAll(filepath.Join(outside, "gone"))
	e := newEngine(t, nil)
	own, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "mine", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddProject(ctx, repo); err != nil {
		t.Fatal(err)
	}
	recs, _ := e.Store().List()
	var imported []Record
	for _, r := range recs {
		if r.Imported {
			imported = append(imported, r)
		}
	}
	if len(imported) != 1 || imported[0].Branch != "fix-login" || imported[0].Name != "fix-login" || imported[0].Base != "main" {
		t.Fatalf("imported %+v (all %d)", imported, len(recs))
	}
	if len(recs) != 2 {
		t.Fatalf("records %d, want mine and fix-login", len(recs))
	}
	// A worktree added later, named like an existing workspace, arrives on
	// refresh with a unique name.
	runGit(t, repo, "worktree", "add", "-q", "-b", "other", filepath.Join(outside, "sub", "mine"))
	states, err := e.RefreshProjects(ctx)
	if err != nil || len(states) != 1 || states[0].Err != nil || len(states[0].Imported) != 1 {
		t.Fatalf("refresh %+v %v", states, err)
	}
	if got := states[0].Imported[0].Name; got != "mine-2" {
		t.Fatalf("imported name %q", got)
	}
	if again, _ := e.RefreshProjects(ctx); len(again[0].Imported) != 0 {
		t.Fatal("a second refresh imported again")
	}
	if _, err := e.Delete(ctx, imported[0].ID, DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if !branchExists(t, repo, "fix-login") || exists(filepath.Join(outside, "fix-login")) {
		t.Fatal("deleting an imported workspace must remove its worktree and keep its branch")
	}
	_ = own
}

// TestMainCheckoutIsAWorkspaceNeverDeleted.
func TestMainCheckoutIsAWorkspaceNeverDeleted(t *testing.T) {
	ctx := context.Background()
	srv := tmuxtest.New(t)
	repo := newRepo(t, nil)
	e := newEngine(t, func(o *Options) { o.Tmux, o.AmuxBin = srv.Client, os.Args[0] })
	rec, err := e.MainWorkspace(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Main || rec.Root != repo || rec.Branch != "main" {
		t.Fatalf("main workspace %+v", rec)
	}
	if again, _ := e.MainWorkspace(ctx, repo); again.ID != rec.ID {
		t.Fatal("a second record for the main checkout")
	}
	for _, op := range []func() error{
		func() error { _, err := e.Delete(ctx, rec.ID, DeleteOptions{Dirty: DirtyDiscard}); return err },
		func() error { _, err := e.Shelve(ctx, rec.ID, DeleteOptions{}); return err },
	} {
		if err := op(); !errors.Is(err, ErrMainCheckout) {
			t.Fatalf("teardown of the main checkout: %v", err)
		}
	}
	if !exists(filepath.Join(repo, "README")) {
		t.Fatal("the main checkout lost files")
	}
	sess, err := e.OpenSession(ctx, SessionRequest{Workspace: rec.ID, Kind: tmux.TypeTerminal, Tab: "tab-1", Command: "sleep 60"})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.ForgetMain(ctx, rec.ID); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := tmux.FindSession(ctx, srv, sess.Name); ok {
		t.Fatal("its session was not closed")
	}
	if _, err := e.Store().Load(rec.ID); !errors.Is(err, ErrNotFound) || !exists(filepath.Join(repo, "README")) {
		t.Fatalf("forget: record %v, checkout kept %v", err, exists(filepath.Join(repo, "README")))
	}
}

// TestRenameChangesTheNameAndRefreshesLabelsOnAttach: only the record's
// name changes (the branch too only when asked); the session's
// @amux_workspace_name changes when RefreshLabels runs, not before.
func TestRenameChangesTheNameAndRefreshesLabelsOnAttach(t *testing.T) {
	ctx := context.Background()
	srv := tmuxtest.New(t)
	repo := newRepo(t, nil)
	e := newEngine(t, func(o *Options) { o.Tmux, o.AmuxBin = srv.Client, os.Args[0] })
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	sess, err := e.OpenSession(ctx, SessionRequest{Workspace: id, Kind: tmux.TypeAgent, Tab: "tab-1", Command: "sleep 60"})
	if err != nil {
		t.Fatal(err)
	}
	label := func() string {
		out, err := srv.Run(ctx, "show-options", "-v", "-t", sess.Name, tmux.TagWorkspaceName)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(out)
	}
	rec, err := e.RenameWorkspace(ctx, id, "login-fix", false)
	if err != nil || rec.Name != "login-fix" || rec.Branch != "feat" || !branchExists(t, repo, "feat") {
		t.Fatalf("rename %+v %v", rec, err)
	}
	if got := label(); got != "feat" {
		t.Fatalf("a live session was re-tagged at once: %q", got)
	}
	if err := e.RefreshLabels(ctx, id, sess.Name); err != nil {
		t.Fatal(err)
	}
	if got := label(); got != "login-fix" {
		t.Fatalf("label after reattach %q", got)
	}
	rec, err = e.RenameWorkspace(ctx, id, "login-fix-2", true)
	if err != nil || rec.Branch != "login-fix-2" || branchExists(t, repo, "feat") || !branchExists(t, repo, "login-fix-2") {
		t.Fatalf("rename with branch %+v %v", rec, err)
	}
	other, _ := e.Create(ctx, CreateRequest{Repo: repo, Name: "other", SkipSetup: true})
	if _, err := e.RenameWorkspace(ctx, other.Workspace.ID, "login-fix-2", false); !errors.Is(err, ErrExists) {
		t.Fatalf("duplicate name: %v", err)
	}
}

// TestRemoveProjectKeepsWorkspacesUnlessAsked, and a vanished project is
// an error, never nothing.
func TestRemoveProjectKeepsWorkspacesUnlessAsked(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	ws, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.RemoveProject(ctx, repo, false, DeleteOptions{})
	if err != nil || res.Kept != 1 {
		t.Fatalf("remove %+v %v", res, err)
	}
	if ps, _ := e.Store().Projects(); len(ps) != 0 {
		t.Fatal("still registered")
	}
	if _, err := e.Store().Load(ws.Workspace.ID); err != nil || !exists(ws.Workspace.Root) {
		t.Fatal("the workspace was not kept")
	}
	if _, err := e.AddProject(ctx, repo); err != nil {
		t.Fatal(err)
	}
	res, err = e.RemoveProject(ctx, repo, true, DeleteOptions{})
	if err != nil || len(res.Deleted) != 1 || exists(ws.Workspace.Root) {
		t.Fatalf("remove with workspaces %+v %v", res, err)
	}

	gone := newRepo(t, nil)
	if _, err := e.AddProject(ctx, gone); err != nil {
		t.Fatal(err)
	}
	moved := gone + "-moved"
	if err := os.Rename(gone, moved); err != nil {
		t.Fatal(err)
	}
	states, _ := e.RefreshProjects(ctx)
	if len(states) != 1 || !errors.Is(states[0].Err, ErrProjectMissing) {
		t.Fatalf("moved project %+v", states)
	}
	os.Rename(moved, gone)
	if err := e.CheckProject(ctx, states[0].Project); err != nil {
		t.Fatalf("retry after the move back: %v", err)
	}
}
