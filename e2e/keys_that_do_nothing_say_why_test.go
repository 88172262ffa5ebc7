package e2e

import (
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// With the tab area focused and no live terminal, list keys do nothing
// there: each says where it works, instead of nothing at all.
func TestKeysThatDoNothingSayWhy(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	addProject(t, term, repo)
	createWorkspace(t, term, "feat", "")
	term.Press(t, app.ActFocusTabArea)
	term.WaitText("focus list")
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("works in the project list")
	term.Press(t, app.ActDelete)
	term.WaitText("D delete: works in the project list")
	// In the list, a key whose action cannot run says why.
	term.Press(t, app.ActFocusList)
	term.Press(t, app.ActRestore)
	term.WaitText("select a shelved workspace")
}
