package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// An agent that exited offers resume beside restart; resume relaunches it
// in its session with the assistant's resume_command, in its worktree.
func TestResumeRelaunchesWithTheResumeCommand(t *testing.T) {
	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	marker := filepath.Join(t.TempDir(), "resumed")
	env.WriteConfig(t, map[string]any{"fake": map[string]any{
		"command":        agent.ShellCommand(),
		"resume_command": "pwd > " + marker + "; exec " + agent.ShellCommand(),
	}})
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	s := &harness.AgentSetup{Env: env, Term: term, Agent: agent, Repo: repo}
	s.OpenFakeAgent(t, "")
	session := env.AgentSession(t)
	agent.Exit(3)
	s.Term.WaitText("exited (status 3)")
	s.Term.WaitText("resume")
	s.Term.Press(t, app.ActResumeTab)
	harness.Eventually(t, func() (bool, string) {
		b, err := os.ReadFile(marker)
		return err == nil && strings.Contains(string(b), filepath.Join("worktrees", "shop", "feat")), "resume command not run: " + string(b)
	})
	s.Term.WaitGone("exited (status 3)")
	s.Term.WaitText("fakeagent ready")
	if got := env.AgentSession(t); got != session {
		t.Fatalf("resume made a new session %q, want %q", got, session)
	}
}
