package e2e

import (
	"bytes"
	"fmt"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// A tab that turns blocked asks the outer terminal for a desktop
// notification carrying the question — OSC 9 by default, OSC 777 when
// config says so — and another when it is done; "off" sends none. The bytes are read as the outer
// terminal receives them.
func TestBlockedAgentSendsADesktopNotification(t *testing.T) {
	for _, c := range []struct{ style, want, done string }{
		{"osc9", "\x1b]9;", ": done\a"},
		{"osc777", "\x1b]777;notify;", ";done\a"},
		{"off", "", ""},
	} {
		t.Run(c.style, func(t *testing.T) {
			env := harness.NewEnv(t)
			agent := harness.PrepareFakeAgent(t)
			env.WriteFakeAssistant(t, agent)
			env.SetConfig(t, "ui", map[string]any{"notifications": c.style})
			repo := env.NewRepo(t, "shop")
			term := harness.StartWorkbench(t, env)
			term.AddProject(t, repo)
			term.CreateWorkspace(t, "feat", "")
			s := &harness.AgentSetup{Env: env, Term: term, Agent: agent, Repo: repo}
			s.OpenFakeAgent(t, "")
			term.LeaveTerminal(t)
			out := term.RecordOutput(t)

			agent.Report("state=blocked:kind=question:app=fake:msg=" + harness.B64("Which migration?"))
			term.WaitText("Which migration?")
			sent := func() bool { return bytes.Contains(out(), []byte("Which migration?")) }
			if c.want == "" {
				// The tab bar drew the question: any notification would be out by now.
				if bytes.Contains(out(), []byte("\x1b]9;")) || bytes.Contains(out(), []byte("\x1b]777;")) {
					t.Fatalf("notifications off, yet one was sent: %q", out())
				}
				return
			}
			harness.Eventually(t, func() (bool, string) {
				b := out()
				return sent() && bytes.Contains(b, []byte(c.want)), fmt.Sprintf("no %q notification with the question in %q", c.want, b)
			})
			// The agent finishes: a second notification says so.
			agent.Report("state=done:app=fake")
			harness.Eventually(t, func() (bool, string) {
				b := out()
				return bytes.Contains(b, []byte(c.done)), fmt.Sprintf("no done notification %q in %q", c.done, b)
			})
		})
	}
}
