package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// The main checkout's workspace is never deleted: closing it (from the
// palette, typed confirm) ends its sessions and drops amux's record, and
// leaves the checkout, its files and its branch alone.
func TestCloseTheMainCheckoutWorkspace(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.Press(t, app.ActMainWorkspace)
	term.WaitText("─ main-checkout ─")
	term.Press(t, app.ActNewTerminal)
	term.WaitText("started shell")
	term.LeaveTerminal(t)
	if out := env.Server.MustRun(t, "list-sessions", "-F", "#{@amux_type}"); !strings.Contains(out, "terminal") {
		t.Fatalf("no terminal session to close: %q", out)
	}

	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("close the main")
	term.Press(t, keys.ListChoose)
	term.WaitText("Close workspace main-checkout")
	term.Type("main-checkout")
	term.Press(t, keys.FormSubmit)
	term.WaitText("closed workspace main-checkout (the main checkout is untouched)")
	harness.Eventually(t, func() (bool, string) {
		out, _ := env.Server.Run(t.Context(), "list-sessions", "-F", "#{@amux_type}")
		return !strings.Contains(out, "terminal"), "sessions left: " + out
	})
	if !harness.Exists(filepath.Join(repo, "README.md")) || env.Git(t, repo, "branch", "--show-current") == "" {
		t.Fatal("the main checkout lost its files or its branch")
	}
}
