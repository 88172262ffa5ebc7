package e2e

import (
	"context"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// Ctrl+Space, Enter always means "back to the list": from a tab whose
// program exited (its keys are the tab commands) it goes to the list and
// starts nothing, though the workspace has a run script the palette offers.
func TestCtrlSpaceEnterFromAnExitedTabGoesBackToTheList(t *testing.T) {
	s := newAgentSetup(t)
	err := workspace.NewStore(s.env.StateHome).SetProjectScripts(context.Background(), s.repo, workspace.ScriptSet{
		Run: "echo serving; exec sleep 300",
	})
	if err != nil {
		t.Fatal(err)
	}
	s.openFakeAgent(t, "")
	s.agent.Exit(3)
	s.term.WaitText("exited (status 3)")
	waitFooter(t, s.term, " tab area: fake ")

	s.term.Press(t, app.ActPalette)
	s.term.WaitText("Commands")
	s.term.Press(t, keys.ListChoose)
	s.term.WaitGone("Commands")
	screen := waitFooter(t, s.term, " list ")
	if strings.Contains(screen, "run script started") {
		t.Fatalf("ctrl+space, enter started the run script:\n%s", screen)
	}
	list, err := tmux.ListSessions(context.Background(), s.env.Server)
	if err != nil {
		t.Fatal(err)
	}
	for _, sess := range list {
		if sess.Type == tmux.TypeRun {
			t.Fatalf("a run session was started: %+v", sess)
		}
	}
}
