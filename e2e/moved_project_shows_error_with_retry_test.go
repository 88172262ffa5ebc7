package e2e

import (
	"os"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// A project whose directory moved shows an error on its row, with retry
// and remove; moving it back and retrying clears it.
func TestMovedProjectShowsAnErrorWithRetry(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	if err := os.Rename(repo, repo+"-moved"); err != nil {
		t.Fatal(err)
	}
	term.Press(t, app.ActRefresh)
	term.WaitText("✗")
	term.WaitText("moved, removed")
	if err := os.Rename(repo+"-moved", repo); err != nil {
		t.Fatal(err)
	}
	term.Press(t, app.ActRefresh)
	term.WaitGone("✗")
}
