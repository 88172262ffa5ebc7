package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// twoAgents is a workbench with workspace "feat" and two fake agent tabs,
// "first-agent" (tab 1) and "second-agent" (tab 2), focus back on the list.
type twoAgents struct {
	env           *harness.Env
	term          *harness.Terminal
	first, second *harness.FakeAgent
}

func startTwoAgents(t *testing.T) *twoAgents {
	t.Helper()
	env := harness.NewEnv(t)
	s := &twoAgents{env: env, first: harness.PrepareFakeAgent(t), second: harness.PrepareFakeAgent(t)}
	writeConfig(t, env, map[string]any{
		"first-agent":  map[string]any{"command": s.first.ShellCommand()},
		"second-agent": map[string]any{"command": s.second.ShellCommand()},
	})
	repo := env.NewRepo(t, "shop")
	s.term = startWorkbench(t, env)
	addProject(t, s.term, repo)
	createWorkspace(t, s.term, "feat", "")
	for _, a := range []struct {
		name  string
		agent *harness.FakeAgent
	}{{"first-agent", s.first}, {"second-agent", s.second}} {
		s.term.Press(t, app.ActNewAgent)
		s.term.WaitText("New agent tab")
		s.term.Type(a.name)
		s.term.Press(t, keys.ListChoose)
		a.agent.WaitReady(t)
		s.term.WaitText(" " + a.name + " ")
		leaveTerminal(t, s.term)
	}
	waitFooter(t, s.term, " list ")
	return s
}

// waitFooter waits until the footer (the screen's last row) starts with
// prefix: the name of where keys go.
func waitFooter(t *testing.T, term *harness.Terminal, prefix string) string {
	t.Helper()
	return term.WaitScreen(func(s string) bool { return strings.HasPrefix(footer(s), prefix) },
		"the footer starting "+prefix)
}
