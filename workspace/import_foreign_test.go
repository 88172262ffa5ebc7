package workspace

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A delivered repository's .git/worktrees/x/gitdir names another
// repository, so git lists that repository as its worktree. Adding the
// project imports it not (no record, so no delete will ever commit or
// remove its files) and says why; refreshing says so again.
func TestImportRefusesAWorktreeThatIsAnotherRepository(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	victim := newRepo(t, map[string]string{"secret.txt": "mine\n"})
	mustWrite(t, filepath.Join(victim, "draft.txt"), "uncommitted\n")
	admin := filepath.Join(repo, ".git", "worktrees", "x")
	for name, body := range map[string]string{
		"gitdir": filepath.Join(victim, ".git") + "\n", "HEAD": "ref: refs/heads/main\n", "commondir": "../..\n",
	} {
		mustWrite(t, filepath.Join(admin, name), body)
	}
	if out := runGit(t, repo, "worktree", "list"); !strings.Contains(out, victim) {
		t.Fatalf("git does not list the planted worktree:\n%s", out)
	}
	e := newEngine(t, nil)
	if _, err := e.AddProject(ctx, repo); err != nil {
		t.Fatal(err)
	}
	states, err := e.RefreshProjects(ctx)
	if err != nil || len(states) != 1 {
		t.Fatalf("refresh %+v %v", states, err)
	}
	if recs, _ := e.Store().List(); len(recs) != 0 {
		t.Fatalf("imported %+v", recs)
	}
	st := states[0]
	if len(st.Imported) != 0 || len(st.Refused) != 1 || st.Refused[0].Path != victim ||
		!strings.Contains(st.Refused[0].Error(), "repository of its own") {
		t.Fatalf("refresh imported %+v, refused %+v", st.Imported, st.Refused)
	}
	if b, _ := os.ReadFile(filepath.Join(victim, "draft.txt")); string(b) != "uncommitted\n" {
		t.Fatal("the other repository's work changed")
	}
}
