package workspace

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorktreeFilesCopiedAndLinkedAfterApproval: the repository's list
// asks for approval first (setup does not run without it); once approved,
// .env is copied and node_modules linked from the main checkout before
// setup-workspace runs (setup sees them), and a rerun leaves both alone.
func TestWorktreeFilesCopiedAndLinkedAfterApproval(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, map[string]string{
		RepoWorktreeFile: `{"copy": [".env", "config/local.yml"], "symlink": ["node_modules"]}`,
		".gitignore":     ".env\nnode_modules/\nconfig/local.yml\n",
	})
	mustWrite(t, filepath.Join(repo, ".env"), "SECRET=1\n")
	os.Chmod(filepath.Join(repo, ".env"), 0o600)
	mustWrite(t, filepath.Join(repo, "config", "local.yml"), "db: x\n")
	mustWrite(t, filepath.Join(repo, "node_modules", "left-pad", "index.js"), "x")
	e := newEngine(t, nil)
	if err := e.Store().SetProjectScripts(ctx, repo, ScriptSet{Setup: []string{"cat .env > seen-env && ls node_modules > seen-modules"}}); err != nil {
		t.Fatal(err)
	}
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat"})
	if err != nil {
		t.Fatal(err)
	}
	var ue *UntrustedError
	if !errors.As(res.SetupErr, &ue) || ue.Script.Kind != KindWorktreeFiles {
		t.Fatalf("setup err %v, want the worktree list to need approval", res.SetupErr)
	}
	root := res.Workspace.Root
	if exists(filepath.Join(root, ".env")) || exists(filepath.Join(root, "seen-env")) {
		t.Fatal("copied or ran before approval")
	}
	if want := "copy .env\ncopy config/local.yml\nsymlink node_modules"; strings.Join(ue.Script.Commands, "\n") != want {
		t.Fatalf("approval shows %q", ue.Script.Commands)
	}
	// What the status dialog approves is what ResolveScript reports.
	sc, ok, err := e.ResolveScript(res.Workspace, KindWorktreeFiles)
	if err != nil || !ok || sc.Hash != ue.Script.Hash {
		t.Fatalf("ResolveScript %+v %v %v", sc, ok, err)
	}
	if err := e.Store().Trust(ctx, repo, sc); err != nil {
		t.Fatal(err)
	}
	out, err := e.RunSetup(ctx, res.Workspace.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(root, "seen-env")); got != "SECRET=1\n" {
		t.Fatalf("setup saw .env %q", got)
	}
	if got := readFile(t, filepath.Join(root, "seen-modules")); got != "left-pad\n" {
		t.Fatalf("setup saw node_modules %q", got)
	}
	if fi, _ := os.Stat(filepath.Join(root, ".env")); fi.Mode().Perm() != 0o600 {
		t.Fatalf(".env mode %v", fi.Mode())
	}
	if target, _ := os.Readlink(filepath.Join(root, "node_modules")); target != filepath.Join(repo, "node_modules") {
		t.Fatalf("node_modules links to %q", target)
	}
	if len(out.Provisioned) != 3 || !strings.HasSuffix(out.Provisioned[0], "done") {
		t.Fatalf("notes %q", out.Provisioned)
	}
	if log := readFile(t, out.Output); !strings.Contains(log, "[amux: copy .env: done]") {
		t.Fatalf("setup output lacks the notes:\n%s", log)
	}
	// A rerun changes nothing and says so.
	mustWrite(t, filepath.Join(root, ".env"), "EDITED=1\n")
	out, err = e.RunSetup(ctx, res.Workspace.ID)
	if err != nil || !strings.Contains(out.Provisioned[0], "left as it is") || readFile(t, filepath.Join(root, ".env")) != "EDITED=1\n" {
		t.Fatalf("rerun: %q %v", out.Provisioned, err)
	}
	// Any edit of the list asks again.
	mustWrite(t, filepath.Join(root, RepoWorktreeFile), `{"copy": [".env", "secrets.txt"]}`)
	if _, err := e.RunSetup(ctx, res.Workspace.ID); !errors.Is(err, ErrUntrusted) {
		t.Fatalf("edited list applied: %v", err)
	}
}

// TestWorktreeFilesRefuseWhatLeavesTheTrees: paths outside the checkout,
// into .git, links in the main checkout, and a worktree directory that is
// a link are all skipped with a reason; nothing is written outside.
func TestWorktreeFilesRefuseWhatLeavesTheTrees(t *testing.T) {
	ctx := context.Background()
	outside := t.TempDir()
	repo := newRepo(t, map[string]string{
		RepoWorktreeFile: `{"copy": ["../escape", ".git/config", "linked.env", "via/x.env", "big.bin", "missing"], "symlink": ["linkdir"]}`,
	})
	mustWrite(t, filepath.Join(outside, "secret"), "s")
	os.Symlink(filepath.Join(outside, "secret"), filepath.Join(repo, "linked.env"))
	os.Symlink(outside, filepath.Join(repo, "linkdir"))
	mustWrite(t, filepath.Join(repo, "via", "x.env"), "x")
	if err := os.WriteFile(filepath.Join(repo, "big.bin"), make([]byte, maxCopy+1), 0o644); err != nil {
		t.Fatal(err)
	}
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	// The worktree's "via" is a link the branch delivered: writing through
	// it would land outside the worktree.
	root := res.Workspace.Root
	os.Symlink(outside, filepath.Join(root, "via"))
	sc, _, _ := e.ResolveScript(res.Workspace, KindWorktreeFiles)
	if err := e.Store().Trust(ctx, repo, sc); err != nil {
		t.Fatal(err)
	}
	out, err := e.RunSetup(ctx, res.Workspace.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range out.Provisioned {
		if strings.HasSuffix(n, ": done") {
			t.Errorf("made: %s", n)
		}
	}
	if len(out.Provisioned) != 7 {
		t.Fatalf("notes %q", out.Provisioned)
	}
	entries, _ := os.ReadDir(outside)
	if len(entries) != 1 {
		t.Fatalf("something was written outside: %v", entries)
	}
	if exists(filepath.Join(root, "linked.env")) || exists(filepath.Join(root, "linkdir")) {
		t.Fatal("a link in the main checkout was followed")
	}
}
