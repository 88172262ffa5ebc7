package e2e

import (
	"context"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// Ctrl+Space, Enter always means "back to the list": from a tab whose
// program exited (its keys are the tab commands) it goes to the list and
// starts nothing, though the workspace has a run script the palette offers.
func TestCtrlSpaceEnterFromAnExitedTabGoesBackToTheList(t *testing.T) {
	s := harness.NewAgentSetup(t)
	err := workspace.NewStore(s.Env.StateHome).SetProjectScripts(context.Background(), s.Repo, workspace.ScriptSet{
		Run: "echo serving; exec sleep 300",
	})
	if err != nil {
		t.Fatal(err)
	}
	s.OpenFakeAgent(t, "")
	s.Agent.Exit(3)
	s.Term.WaitText("exited (status 3)")
	s.Term.WaitFooter(t, " tab area: fake ")

	s.Term.Press(t, app.ActPalette)
	s.Term.WaitText("Commands")
	s.Term.Press(t, keys.ListChoose)
	s.Term.WaitGone("Commands")
	screen := s.Term.WaitFooter(t, " list ")
	if strings.Contains(screen, "run script started") {
		t.Fatalf("ctrl+space, enter started the run script:\n%s", screen)
	}
	list, err := tmux.ListSessions(context.Background(), s.Env.Server)
	if err != nil {
		t.Fatal(err)
	}
	for _, sess := range list {
		if sess.Type == tmux.TypeRun {
			t.Fatalf("a run session was started: %+v", sess)
		}
	}
}
