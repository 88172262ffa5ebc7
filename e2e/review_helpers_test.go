package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// startReview runs amux wide enough for the sidebar (it shows by default
// from 140 columns), with a project and one workspace, and returns the
// workspace's worktree. The repository gets an identity of its own: amux's
// git drops every GIT_* variable, so a commit or a merge through amux
// takes it from config.
func startReview(t testing.TB, env *harness.Env, repo, name string) (*harness.Terminal, string) {
	t.Helper()
	term, root := startReviewAt(t, env, repo, name, 160, 45)
	term.WaitText("no uncommitted changes")
	return term, root
}

// startReviewAt is startReview at w×h: below 140 columns the sidebar is
// hidden.
func startReviewAt(t testing.TB, env *harness.Env, repo, name string, w, h int) (*harness.Terminal, string) {
	t.Helper()
	env.Git(t, repo, "config", "user.name", "amux test")
	env.Git(t, repo, "config", "user.email", "test@amux.invalid")
	term := harness.StartAmux(t, env, w, h)
	term.WaitText("Projects")
	addProject(t, term, repo)
	createWorkspace(t, term, name, "")
	return term, filepath.Join(env.StateHome, "worktrees", filepath.Base(repo), name)
}

func writeFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFileString(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}
