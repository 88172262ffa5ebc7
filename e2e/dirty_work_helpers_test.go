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

// porcelain is the status of dir as "XY path" entries (" M README.md",
// "?? notes.txt"), read from porcelain v2, whose lines start with a record
// type, so the harness's trimmed output keeps every status column.
func porcelain(t *testing.T, env *harness.Env, dir string) []string {
	t.Helper()
	out := env.Git(t, dir, "status", "--porcelain=v2", "--untracked-files=all")
	var entries []string
	for line := range strings.Lines(out) {
		line = strings.TrimRight(line, "\n")
		switch f := strings.SplitN(line, " ", 9); {
		case f[0] == "?":
			entries = append(entries, "?? "+strings.TrimPrefix(line, "? "))
		case f[0] == "1" && len(f) == 9:
			entries = append(entries, strings.ReplaceAll(f[1], ".", " ")+" "+f[8])
		default:
			entries = append(entries, line)
		}
	}
	return entries
}
