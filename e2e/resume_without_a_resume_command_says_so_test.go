package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// claude's command is overridden by another program and no resume_command
// is given: once it exits, resume says there is none for it instead of
// running the built-in "claude --continue" (which is not this program's,
// and would exit 127 under a "resumed 1 tab").
func TestResumeWithoutAResumeCommandSaysSo(t *testing.T) {
	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	env.WriteConfig(t, map[string]any{"claude": map[string]any{"command": agent.ShellCommand()}})
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActNewAgent)
	term.WaitText("New agent tab")
	term.Type("claude")
	term.Press(t, keys.ListChoose)
	agent.WaitReady(t)
	term.WaitText("fakeagent ready")
	agent.Exit(3)
	term.WaitText("exited (status 3)")
	term.Press(t, app.ActResumeTab)
	term.WaitText("no resume command for claude")
	if s := term.Screen(); strings.Contains(s, "resumed 1 tab") || strings.Contains(s, "resuming…") {
		t.Fatalf("resume ran a command:\n%s", s)
	}
}
