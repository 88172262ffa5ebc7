package harness

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/ui/agentpicker"
	"amux.dev/amux/ui/keys"
)

// AgentSetup is a workbench with one project and workspace "feat" whose
// config offers the raw-mode fake agent as the assistant "fake".
type AgentSetup struct {
	Env   *Env
	Term  *Terminal
	Agent *FakeAgent
	Repo  string
}

// NewAgentSetup starts amux at 120×40 with a workspace "feat" selected.
func NewAgentSetup(t testing.TB) *AgentSetup {
	t.Helper()
	env := NewEnv(t)
	agent := PrepareFakeAgent(t)
	env.WriteFakeAssistant(t, agent)
	return startAgentSetup(t, env, agent)
}

// FakeComposerRules tells amux where the fake agent's composer is, as the
// built-in rules do for claude and codex.
const FakeComposerRules = `[composer]
rows = 4
prompt = 're:^›(?:\s(.*?))?\s*$'
`

// NewComposerSetup is NewAgentSetup with a fake agent that draws a
// composer and takes ("take") or never takes ("keep") what is submitted.
func NewComposerSetup(t testing.TB, mode string) *AgentSetup {
	t.Helper()
	env := NewEnv(t)
	agent := PrepareFakeAgent(t)
	env.WriteConfig(t, map[string]any{"fake": map[string]any{"command": agent.ComposerCommand(mode)}})
	dir := filepath.Join(env.StateHome, "screen-rules")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fake.toml"), []byte(FakeComposerRules), 0o600); err != nil {
		t.Fatal(err)
	}
	return startAgentSetup(t, env, agent)
}

func startAgentSetup(t testing.TB, env *Env, agent *FakeAgent) *AgentSetup {
	t.Helper()
	repo := env.NewRepo(t, "shop")
	term := StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	return &AgentSetup{Env: env, Term: term, Agent: agent, Repo: repo}
}

// OpenFakeAgent opens an agent tab running the fake agent, optionally with
// a first task, and waits for it to be ready.
func (s *AgentSetup) OpenFakeAgent(t testing.TB, firstTask string) {
	t.Helper()
	s.Term.Press(t, app.ActNewAgent)
	s.Term.WaitText("New agent tab")
	s.Term.Type("fake")
	if firstTask != "" {
		s.Term.Press(t, agentpicker.FirstTask)
		s.Term.Type(firstTask)
	}
	s.Term.Press(t, keys.ListChoose)
	s.Agent.WaitReady(t)
	s.Term.WaitText("fakeagent ready")
}

// TwoAgents is a workbench with workspace "feat" and two fake agent tabs,
// "first-agent" (tab 1) and "second-agent" (tab 2), focus back on the list.
type TwoAgents struct {
	Env           *Env
	Term          *Terminal
	First, Second *FakeAgent
}

// StartTwoAgents opens both tabs and waits until the list has the keys.
func StartTwoAgents(t testing.TB) *TwoAgents {
	t.Helper()
	env := NewEnv(t)
	s := &TwoAgents{Env: env, First: PrepareFakeAgent(t), Second: PrepareFakeAgent(t)}
	env.WriteConfig(t, map[string]any{
		"first-agent":  map[string]any{"command": s.First.ShellCommand()},
		"second-agent": map[string]any{"command": s.Second.ShellCommand()},
	})
	repo := env.NewRepo(t, "shop")
	s.Term = StartWorkbench(t, env)
	s.Term.AddProject(t, repo)
	s.Term.CreateWorkspace(t, "feat", "")
	for _, a := range []struct {
		name  string
		agent *FakeAgent
	}{{"first-agent", s.First}, {"second-agent", s.Second}} {
		s.Term.Press(t, app.ActNewAgent)
		s.Term.WaitText("New agent tab")
		s.Term.Type(a.name)
		s.Term.Press(t, keys.ListChoose)
		a.agent.WaitReady(t)
		s.Term.WaitText(" " + a.name + " ")
		s.Term.LeaveTerminal(t)
	}
	s.Term.WaitFooter(t, " list ")
	return s
}

// RebootWithOneAgent opens a fake agent tab, quits amux, kills the tmux
// server (a reboot) and starts amux again on the workspace, which says its
// tab lost its session. It returns the new amux and the lost session.
func RebootWithOneAgent(t testing.TB) (*AgentSetup, *Terminal, string) {
	t.Helper()
	s := NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)
	s.Term.LeaveTerminal(t)
	s.Term.Press(t, app.ActQuit)
	s.Term.WaitExit()
	if _, err := s.Env.Server.Run(context.Background(), "kill-server"); err != nil {
		t.Fatal(err)
	}
	again := StartAmux(t, s.Env, 120, 40)
	again.WaitText("feat")
	again.Press(t, app.ActBottom)
	again.WaitText("1 tab lost its session")
	return s, again, session
}
