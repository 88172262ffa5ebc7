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
	writeConfig(t, env, map[string]any{"fake": map[string]any{
		"command":        agent.ShellCommand(),
		"resume_command": "pwd > " + marker + "; exec " + agent.ShellCommand(),
	}})
	repo := env.NewRepo(t, "shop")
	term := startWorkbench(t, env)
	addProject(t, term, repo)
	createWorkspace(t, term, "feat", "")
	s := &agentSetup{env: env, term: term, agent: agent, repo: repo}
	s.openFakeAgent(t, "")
	session := agentSession(t, env)
	agent.Exit(3)
	s.term.WaitText("exited (status 3)")
	s.term.WaitText("resume")
	s.term.Press(t, app.ActResumeTab)
	harness.Eventually(t, func() (bool, string) {
		b, err := os.ReadFile(marker)
		return err == nil && strings.Contains(string(b), filepath.Join("worktrees", "shop", "feat")), "resume command not run: " + string(b)
	})
	s.term.WaitGone("exited (status 3)")
	s.term.WaitText("fakeagent ready")
	if got := agentSession(t, env); got != session {
		t.Fatalf("resume made a new session %q, want %q", got, session)
	}
}
