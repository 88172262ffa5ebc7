package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// agentSetup is a workbench with one project and workspace whose config
// offers the raw-mode fake agent as the assistant "fake".
type agentSetup struct {
	env   *harness.Env
	term  *harness.Terminal
	agent *harness.FakeAgent
	repo  string
}

// writeConfig writes config.json with the given assistants (name → its
// settings) and the short agent-state windows these stories use.
func writeConfig(t *testing.T, env *harness.Env, assistants map[string]any) {
	t.Helper()
	cfg := map[string]any{
		"assistants": assistants,
		// Short windows keep the agent-state stories quick.
		"status": map[string]any{"quiet_after_ms": 1500, "done_window_ms": 4000, "startup_grace_ms": 60000},
	}
	b, _ := json.Marshal(cfg)
	if err := os.MkdirAll(env.StateHome, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(env.StateHome, "config.json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// setStatus merges status settings into the config.json writeConfig wrote.
func setStatus(t *testing.T, env *harness.Env, status map[string]any) {
	t.Helper()
	setSection(t, env, "status", status)
}

// setUI merges ui settings into the config.json writeConfig wrote.
func setUI(t *testing.T, env *harness.Env, ui map[string]any) {
	t.Helper()
	setSection(t, env, "ui", ui)
}

// setSection merges keys into one section of config.json.
func setSection(t *testing.T, env *harness.Env, section string, keys map[string]any) {
	t.Helper()
	path := filepath.Join(env.StateHome, "config.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if err := json.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	sec, _ := cfg[section].(map[string]any)
	if sec == nil {
		sec = map[string]any{}
	}
	for k, v := range keys {
		sec[k] = v
	}
	cfg[section] = sec
	b, _ = json.Marshal(cfg)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// writeFakeAssistant puts the fake agent into config.json as "fake".
func writeFakeAssistant(t *testing.T, env *harness.Env, agent *harness.FakeAgent) {
	t.Helper()
	writeConfig(t, env, map[string]any{"fake": map[string]any{"command": agent.ShellCommand()}})
}

// newAgentSetup starts amux at 120×40 with a workspace "feat" selected.
func newAgentSetup(t *testing.T) *agentSetup {
	t.Helper()
	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	writeFakeAssistant(t, env, agent)
	repo := env.NewRepo(t, "shop")
	term := startWorkbench(t, env)
	addProject(t, term, repo)
	createWorkspace(t, term, "feat", "")
	return &agentSetup{env: env, term: term, agent: agent, repo: repo}
}

// openFakeAgent opens an agent tab running the fake agent, optionally with
// a first task, and waits for it to be ready.
func (s *agentSetup) openFakeAgent(t *testing.T, firstTask string) {
	t.Helper()
	s.term.Press(t, app.ActNewAgent)
	s.term.WaitText("New agent tab")
	s.term.Type("fake")
	if firstTask != "" {
		s.term.Keys("C-t")
		s.term.Type(firstTask)
	}
	s.term.Keys("Enter")
	s.agent.WaitReady(t)
	s.term.WaitText("fakeagent ready")
}

// leaveTerminal moves focus from a live terminal back to the project list:
// ctrl+space opens the palette with that command on top.
func leaveTerminal(t *testing.T, term *harness.Terminal) {
	t.Helper()
	term.WaitText("back to the list") // the terminal has focus: the palette's top entry leaves it
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Press(t, keys.ListChoose)
	term.WaitGone("Commands")
}
