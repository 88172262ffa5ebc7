package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// The sidebar's Terminal tab is a shell of the workspace in its own tmux
// session (@amux_type=terminal, never in the tab bar). While it has focus
// every key goes to it, Ctrl+Q as 0x11 and Ctrl+] as 0x1D (the program
// here is the raw-mode fake agent, configured as the shell).
func TestSidebarTerminalGetsControlKeys(t *testing.T) {
	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	env.WriteConfig(t, map[string]any{"shell": map[string]any{"command": agent.ShellCommand()}})
	repo := env.NewRepo(t, "shop")
	term, _ := harness.StartReview(t, env, repo, "feat")
	term.Press(t, app.ActFocusTabArea)
	term.Press(t, app.ActFocusSidebar)
	term.Press(t, app.ActSideNextTab)
	term.WaitText("[Project]")
	term.Press(t, app.ActSideNextTab)
	term.WaitText("[Terminal]")
	agent.WaitReady(t)
	term.WaitText("fakeagent ready")
	term.Press(t, app.ActSideEnter) // showing the shell does not give it the keys
	term.KeyToProgram(t, "C-q", "C-]", "x")
	agent.WaitReceived(t, []byte{0x11, 0x1d, 'x'})

	out := env.Server.MustRun(t, "list-sessions", "-F", "#{session_name}|#{@amux_type}|#{@amux_tab}")
	if !strings.Contains(out, "-sidebar|terminal|sidebar") {
		t.Fatalf("no sidebar terminal session tagged as a terminal:\n%s", out)
	}
	if strings.Contains(term.Screen(), "1 shell") {
		t.Fatalf("the sidebar terminal shows in the tab bar:\n%s", term.Screen())
	}
}
