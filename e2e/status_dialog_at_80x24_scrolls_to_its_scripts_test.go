package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// At 80×24 the i dialog of a workspace with tabs and a history is taller
// than the screen: it says "more below", keeps its keys (A: approve) in
// sight, and scrolls down to its Scripts section.
func TestStatusDialogAt80x24ScrollsToItsScripts(t *testing.T) {
	env, term, _ := harness.StartShellAmux(t, 80, 24)
	term.CreateWorkspace(t, "feat", "")
	for i := 1; i <= 3; i++ {
		term.Press(t, app.ActNewTerminal)
		term.WaitText(strconv.Itoa(i) + " shell")
		term.LeaveTerminal(t)
	}
	// Scripts the repository ships (in the worktree, not approved yet).
	root := filepath.Join(env.StateHome, "worktrees", "shop", "feat")
	if err := os.MkdirAll(filepath.Join(root, ".amux"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".amux", "scripts.json"),
		[]byte(`{"setup-workspace": ["echo setting up"], "run": "echo serving the shop"}`), 0o644); err != nil {
		t.Fatal(err)
	}

	term.Press(t, app.ActStatus)
	term.WaitText("more below")
	term.WaitText("A: approve scripts")
	term.Press(t, keys.ViewBottom)
	term.WaitText("more above")
	term.WaitText("echo serving the shop")
	term.WaitText("A: approve scripts")
}
