package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// fakeComposerRules tells amux where the fake agent's composer is, as the
// built-in rules do for claude and codex.
const fakeComposerRules = `[composer]
rows = 4
prompt = 're:^›(?:\s(.*?))?\s*$'
`

// newComposerSetup is newAgentSetup with a fake agent that draws a
// composer and takes ("take") or never takes ("keep") what is submitted.
func newComposerSetup(t *testing.T, mode string) *agentSetup {
	t.Helper()
	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	writeConfig(t, env, map[string]any{"fake": map[string]any{"command": agent.ComposerCommand(mode)}})
	dir := filepath.Join(env.StateHome, "screen-rules")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fake.toml"), []byte(fakeComposerRules), 0o600); err != nil {
		t.Fatal(err)
	}
	repo := env.NewRepo(t, "shop")
	term := startWorkbench(t, env)
	addProject(t, term, repo)
	createWorkspace(t, term, "feat", "")
	return &agentSetup{env: env, term: term, agent: agent, repo: repo}
}

// The first task given in the agent picker goes in once the agent signals
// readiness — as one paste, then a separate CR — and amux confirms the
// agent took it: its composer emptied.
func TestFirstTaskIsPastedAndConfirmed(t *testing.T) {
	s := newComposerSetup(t, "take")
	s.openFakeAgent(t, "write the tests first")
	want := []byte("\x1b[200~write the tests first\x1b[201~\r")
	harness.Eventually(t, func() (bool, string) {
		got := s.agent.Received()
		// The screen says why when it never comes (not ready, not sent).
		return bytes.Contains(got, want), fmt.Sprintf("agent received %q, want %q; screen:\n%s", got, want, s.term.Screen())
	})
	if got := s.agent.Received(); !bytes.Equal(got, want) {
		t.Fatalf("agent received %q, want %q", got, want)
	}
	s.term.WaitText("first task delivered (composer emptied)")
}
