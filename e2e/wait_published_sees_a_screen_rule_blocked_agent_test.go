package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A supervising script waits for an agent that never reports: its screen
// shows a permission prompt a screen rule reads as blocked. `amux wait`'s
// report-only default does not see it; `amux wait --published` does, and
// says why it is blocked.
func TestWaitPublishedSeesAScreenRuleBlockedAgent(t *testing.T) {
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
	env.AfterStartupGrace(t)

	agent.Print("\x1b[H\x1b[2J Bash command\r\n\r\n   go test ./...\r\n\r\n Do you want to proceed?\r\n ❯ 1. Yes\r\n   2. No")
	term.WaitText("blocked (permission)")

	code, out, errOut := startAmuxWait(t, env.Vars(), "--state", "blocked", "--timeout", "1s").result(t)
	if code != 2 {
		t.Fatalf("the report-only default matched an agent that never reported: %d %q %q", code, out, errOut)
	}
	code, out, errOut = startAmuxWait(t, env.Vars(), "--published", "--state", "blocked", "--timeout", "10s").result(t)
	if code != 0 || !strings.Contains(out, "state=blocked") || !strings.Contains(out, "app=claude") ||
		!strings.Contains(out, "message='Bash command'") { // the claude rules name the tool
		t.Fatalf("amux wait --published: exit %d, out %q, err %q", code, out, errOut)
	}
}
