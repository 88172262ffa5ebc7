package e2e

import (
	"context"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
)

// Renaming a workspace changes its name, not its branch; a live session's
// @amux_workspace_name keeps the old name until amux attaches to it again,
// as the contract says.
func TestRenameWorkspaceRefreshesTheTagOnReattach(t *testing.T) {
	s := newAgentSetup(t)
	s.openFakeAgent(t, "")
	session := agentSession(t, s.env)
	label := func() string {
		out, err := s.env.Server.Run(context.Background(), "show-options", "-v", "-t", session, tmux.TagWorkspaceName)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(out)
	}
	leaveTerminal(t, s.term)
	s.term.Press(t, app.ActRenameWorkspace)
	s.term.WaitText("Rename feat")
	s.term.Keys("C-u")
	s.term.Type("login-fix")
	s.term.Press(t, keys.FormSubmit)
	s.term.WaitText("Its branch is feat.")
	s.term.Keys("o") // keep the branch's old name
	s.term.WaitText("renamed to login-fix")
	if got := label(); got != "feat" {
		t.Fatalf("the live session was re-tagged at once: %q", got)
	}
	if b := s.env.Git(t, s.repo, "branch", "--list", "feat"); b == "" {
		t.Fatal("the branch was renamed")
	}

	s.term.Press(t, app.ActQuit)
	s.term.WaitExit()
	again := harness.StartAmux(t, s.env, 120, 40)
	again.WaitText("login-fix")
	again.Press(t, app.ActBottom)
	again.Press(t, app.ActOpen)
	again.WaitText("fakeagent ready")
	harness.Eventually(t, func() (bool, string) {
		got := label()
		return got == "login-fix", "tag after reattach: " + got
	})
}
