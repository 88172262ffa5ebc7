package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// Shelving a workspace with uncommitted work shows what is at stake and, by
// default, keeps it as a WIP commit on the branch; restoring turns that
// commit back into the same uncommitted changes (the untracked file
// untracked again) and the list marks the workspace dirty, recomputed after
// the restore rather than remembered from before.
func TestShelveKeepsUncommittedWorkAndRestoreBringsItBack(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "parked", "")
	root := filepath.Join(env.StateHome, "worktrees", "shop", "parked")
	tip := env.Git(t, repo, "rev-parse", "parked")
	makeDirty(t, root) // amux last saw a clean tree: no "*" yet
	if strings.Contains(term.Screen(), "parked *") {
		t.Fatal("the list already marks the workspace dirty; the story needs it unmarked")
	}

	term.Press(t, app.ActShelve)
	screen := term.WaitText("Uncommitted work")
	if !harness.ContainsAll(screen, "1 modified", dirtyTracked, "1 untracked", dirtyUntracked, "WIP commit") {
		t.Fatalf("the dialog does not say what would be lost:\n%s", screen)
	}
	term.Press(t, keys.ChoicePick) // the default: keep it as a WIP commit
	term.WaitText("Type parked to confirm")
	term.Type("parked")
	term.Press(t, keys.FormSubmit)
	term.WaitText("shelved workspace parked")
	term.Press(t, keys.FormCancel)
	term.WaitGone("Shelving parked")
	term.WaitText("parked shelved")
	if harness.Exists(root) {
		t.Fatal("shelve left the worktree")
	}
	if msg := env.Git(t, repo, "log", "-1", "--format=%B", "parked"); !strings.Contains(msg, "Amux-WIP: shelve") {
		t.Fatalf("the branch tip is not amux's WIP commit:\n%s", msg)
	}

	term.Press(t, app.ActRestore)
	term.WaitText("restored workspace parked")
	if b, err := os.ReadFile(filepath.Join(root, dirtyTracked)); err != nil || string(b) != dirtyEdit {
		t.Fatalf("the tracked edit did not come back: %q %v", b, err)
	}
	if b, err := os.ReadFile(filepath.Join(root, dirtyUntracked)); err != nil || string(b) != dirtyNotes {
		t.Fatalf("the untracked file did not come back: %q %v", b, err)
	}
	want := []string{" M " + dirtyTracked, "?? " + dirtyUntracked}
	if got := porcelain(t, env, root); !slices.Equal(got, want) {
		t.Fatalf("restored changes are not uncommitted as before: %q, want %q", got, want)
	}
	if got := env.Git(t, repo, "rev-parse", "parked"); got != tip {
		t.Fatalf("the WIP commit is still on the branch: tip %s, want %s", got, tip)
	}
	term.WaitText("parked *")
}
