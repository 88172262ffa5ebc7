package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// The edits the uncommitted-work stories make: one tracked file changed,
// one untracked file added.
const (
	dirtyTracked   = "README.md"
	dirtyEdit      = "# shop\nhalf-done edit\n"
	dirtyUntracked = "notes.txt"
	dirtyNotes     = "ideas nobody committed\n"
)

// makeDirty edits a tracked file and adds an untracked one in the worktree
// at root, behind amux's back (the list is not refreshed).
func makeDirty(t *testing.T, root string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, dirtyTracked), []byte(dirtyEdit), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, dirtyUntracked), []byte(dirtyNotes), 0o644); err != nil {
		t.Fatal(err)
	}
}

// porcelain is `git status --porcelain` of dir, one entry per line.
func porcelain(t *testing.T, env *harness.Env, dir string) []string {
	t.Helper()
	out := env.Git(t, dir, "status", "--porcelain", "--untracked-files=all")
	if out == "" {
		return nil
	}
	return strings.Split(out, "\n")
}
