package e2e

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// A project's secret environment reaches the agent but never appears in
// argv: not in pane_start_command, not in ps.
func TestAgentEnvNeverInArgv(t *testing.T) {
	s := harness.NewAgentSetup(t)
	secret := "sk-" + strings.Repeat("7", 24)
	store := workspace.NewStore(s.Env.StateHome)
	if err := store.SetProjectEnv(context.Background(), s.Repo, map[string]string{"API_TOKEN": secret}); err != nil {
		t.Fatal(err)
	}
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)

	out := s.Env.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session), "#{pane_pid}|#{pane_start_command}")
	pid, start, _ := strings.Cut(strings.TrimSpace(out), "|")
	if strings.Contains(start, secret) || !strings.Contains(start, tmux.LaunchVerb) {
		t.Fatalf("pane_start_command = %q", start)
	}
	environ, err := os.ReadFile("/proc/" + pid + "/environ")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(environ), "API_TOKEN="+secret) || !strings.Contains(string(environ), "AMUX_ENV=1") {
		t.Fatal("the agent did not get the project env and AMUX_ENV")
	}
	ps, err := exec.Command("ps", "-eo", "args").Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(ps), secret) {
		t.Fatal("the secret is visible in ps")
	}
}
