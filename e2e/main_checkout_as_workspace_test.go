package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// The main checkout becomes a workspace of its own; deleting it is
// refused and the checkout stays.
func TestMainCheckoutAsAWorkspace(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.Press(t, app.ActMainWorkspace)
	term.WaitText("the main checkout is workspace main-checkout")
	term.WaitText("─ main-checkout ─")
	// Delete is not offered for it, and the palette says why.
	if screen := term.Screen(); harness.ContainsAll(screen, "D delete") {
		t.Fatalf("delete offered for the main checkout:\n%s", screen)
	}
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("delete the selected")
	term.WaitText("the main checkout is never deleted or shelved")
	if !harness.Exists(filepath.Join(repo, "README.md")) {
		t.Fatal("the main checkout lost its files")
	}
}
