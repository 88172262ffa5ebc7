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
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)
	label := func() string {
		out, err := s.Env.Server.Run(context.Background(), "show-options", "-v", "-t", session, tmux.TagWorkspaceName)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(out)
	}
	s.Term.LeaveTerminal(t)
	s.Term.Press(t, app.ActRenameWorkspace)
	s.Term.WaitText("Rename feat")
	s.Term.EditField(t, "C-u")
	s.Term.Type("login-fix")
	s.Term.Press(t, keys.FormSubmit)
	s.Term.WaitText("Its branch is feat.")
	s.Term.Answer(t, "o") // keep the branch's old name
	s.Term.WaitText("renamed to login-fix")
	if got := label(); got != "feat" {
		t.Fatalf("the live session was re-tagged at once: %q", got)
	}
	if b := s.Env.Git(t, s.Repo, "branch", "--list", "feat"); b == "" {
		t.Fatal("the branch was renamed")
	}

	s.Term.Press(t, app.ActQuit)
	s.Term.WaitExit()
	again := harness.StartAmux(t, s.Env, 120, 40)
	again.WaitText("login-fix")
	again.Press(t, app.ActBottom)
	again.Press(t, app.ActOpen)
	again.WaitText("fakeagent ready")
	harness.Eventually(t, func() (bool, string) {
		got := label()
		return got == "login-fix", "tag after reattach: " + got
	})
}
