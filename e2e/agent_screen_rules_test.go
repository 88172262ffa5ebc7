package e2e

import (
	"strings"
	"testing"
	"time"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// Screen rules see what activity cannot: a Claude-like agent showing its
// busy footer stays working through a silent stretch, and a permission
// dialog on its screen reads as blocked.
func TestScreenRulesDecideForAClaudeScreen(t *testing.T) {
	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	env.WriteConfig(t, map[string]any{"claude": map[string]any{"command": agent.ShellCommand()}})
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	states := env.StateLog(t)
	term.Press(t, app.ActNewAgent)
	term.WaitText("New agent tab")
	term.Type("claude")
	term.Press(t, keys.ListChoose)
	agent.WaitReady(t)
	env.AfterStartupGrace(t)

	agent.Print("\x1b[H\x1b[2J> add a test\r\n\r\n✻ Thinking… (esc to interrupt)\r\n\r\n> \r\n  ? for shortcuts")
	printed := time.Now()
	harness.Eventually(t, func() (bool, string) {
		got := states()
		return len(got) > 0 && got[len(got)-1] == "working", "states: " + strings.Join(got, ",")
	})
	// Silent for longer than activity alone would call working (2 s active
	// window + 1.5 s quiet): the busy footer keeps it working.
	harness.Eventually(t, func() (bool, string) { return time.Since(printed) > 5*time.Second, "waiting out the quiet" })
	if got := states(); got[len(got)-1] != "working" {
		t.Fatalf("a silent agent with a busy footer became %s", got[len(got)-1])
	}

	agent.Print("\x1b[H\x1b[2J Bash command\r\n\r\n   go test ./...\r\n\r\n Do you want to proceed?\r\n ❯ 1. Yes\r\n   2. No")
	harness.Eventually(t, func() (bool, string) {
		got := states()
		return got[len(got)-1] == "blocked", "states: " + strings.Join(got, ",")
	})
	term.WaitText("blocked (permission)")
}
