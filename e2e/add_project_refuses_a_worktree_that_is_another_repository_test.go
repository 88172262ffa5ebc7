package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// A delivered repository plants .git/worktrees/x/gitdir naming another of
// the person's repositories, so git lists it as a worktree. Adding the
// project does not make that repository a workspace: amux says which
// worktree it did not import and why, and lists only the project.
func TestAddProjectRefusesAWorktreeThatIsAnotherRepository(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "delivered")
	victim := env.NewRepo(t, "precious")
	admin := filepath.Join(repo, ".git", "worktrees", "x")
	if err := os.MkdirAll(admin, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"gitdir": filepath.Join(victim, ".git") + "\n", "HEAD": "ref: refs/heads/main\n", "commondir": "../..\n",
	} {
		if err := os.WriteFile(filepath.Join(admin, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	screen := term.WaitText("not imported")
	if !harness.ContainsAll(screen, "precious", "repository of its own") {
		t.Fatalf("the refusal does not name the worktree and why:\n%s", screen)
	}
	if harness.ContainsAll(screen, "imported 1 existing") {
		t.Fatalf("the other repository was imported:\n%s", screen)
	}
	term.Press(t, app.ActRefresh)
	term.WaitText("not imported")
	if entries, _ := os.ReadDir(filepath.Join(env.StateHome, "workspaces")); len(entries) != 0 {
		t.Fatalf("records were written: %v", entries)
	}
	term.Press(t, app.ActQuit) // wait for amux to end: it logs the refusal as it goes
	term.WaitExit()
}
