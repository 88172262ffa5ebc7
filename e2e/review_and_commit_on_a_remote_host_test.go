package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/git"
	"amux.dev/amux/workspace"
)

// A change an agent makes in a remote worktree is pushed to a watch here;
// reviewing, staging and committing it goes through the host's git; the
// workspace is then deleted there.
func TestReviewAndCommitOnARemoteHost(t *testing.T) {
	s, o := remoteHost(t, true)
	repo := (&harness.Env{Home: s.RemoteHome}).NewRepo(t, "shop")
	// The host's person has a git identity, as the host's git needs.
	ident := "[user]\n\tname = host person\n\temail = person@host.invalid\n"
	if err := os.WriteFile(filepath.Join(s.RemoteHome, ".gitconfig"), []byte(ident), 0o644); err != nil {
		t.Fatal(err)
	}
	h := startHost(t, o)
	awaitHost(t, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
	ctx := t.Context()
	res, err := h.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "cart", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	w, err := h.Watch(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()

	// The agent's edit, on the host's disk.
	if err := os.WriteFile(filepath.Join(res.Workspace.Root, "cart.go"), []byte("package cart\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case <-w.Changed():
	case <-time.After(10 * time.Second):
		t.Fatal("the host pushed no change of the tree")
	}
	if dirty, err := h.Dirty(ctx, id); err != nil || !dirty {
		t.Fatalf("dirty=%v err=%v", dirty, err)
	}
	files, err := h.Diff(ctx, id, workspace.DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffUntracked, Path: "cart.go"}})
	if err != nil || len(files) != 1 {
		t.Fatalf("diff: %v %+v", err, files)
	}
	if err := h.Stage(ctx, id, "cart.go", false); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Commit(ctx, id, git.CommitRequest{Message: "cart: a package"}); err != nil {
		t.Fatal(err)
	}
	rev, err := h.Review(ctx, id)
	if err != nil || rev.CommitCount != 1 {
		t.Fatalf("review after the commit: %v %+v", err, rev)
	}
	if msg, err := h.LastMessage(ctx, id); err != nil || strings.TrimSpace(msg) != "cart: a package" {
		t.Fatalf("last message %q %v", msg, err)
	}
	if _, err := h.Delete(ctx, id, workspace.DeleteOptions{KeepBranch: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(res.Workspace.Root); !os.IsNotExist(err) {
		t.Fatalf("the worktree is still on the host: %v", err)
	}
}
