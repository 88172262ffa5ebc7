package e2e

import (
	"os/exec"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// In a terminal tab (bash, with amux's prompt marks) a quick ls ends as
// done without a bell, and a failing false shows error with its exit code.
func TestTerminalTabLsRingsNoBellAndFalseShowsError(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("bash is needed: %v", err)
	}
	t.Setenv("SHELL", bash) // amux's tmux server, started below, passes it to panes
	s := harness.NewAgentSetup(t)
	// The server starts from this process: its panes get this HOME, so
	// bash reads the test's empty home, never the machine's own rc files.
	t.Setenv("HOME", s.Env.Home)
	t.Setenv("HISTFILE", "/dev/null") // no history written as the test's home is removed
	s.Env.Server.Session(t, "keepalive", nil)
	s.Term.Press(t, app.ActNewTerminal)
	var session string
	harness.Eventually(t, func() (bool, string) {
		list, _ := tmux.ListSessions(t.Context(), s.Env.Server)
		for _, x := range list {
			if x.Type == tmux.TypeTerminal {
				session = x.Name
			}
		}
		return session != "", "no terminal session"
	})
	pane := tmux.ExactPane(session)
	command := func() string {
		return s.Env.Server.MustRun(t, "display-message", "-p", "-t", pane, "#{@amux_command_state}|#{@amux_command_exit}")
	}
	harness.Eventually(t, func() (bool, string) { c := command(); return c == "idle|\n", "marks: " + c })
	s.Term.Type("ls\r")
	harness.Eventually(t, func() (bool, string) { c := command(); return c == "idle|0\n", "after ls: " + c })
	harness.Eventually(t, func() (bool, string) {
		st := harness.ShowOption(s.Env.Server, "-t", session, tmux.TagAgentState)
		return st == "done", "ls published " + st
	})
	s.Term.WaitText("done (exit 0)") // the code is shown for a success too
	if s.Term.BellRang(t) {
		t.Fatal("ls rang the bell")
	}
	s.Term.Type("false\r")
	s.Term.WaitText("error (exit 1)")
	if got := harness.ShowOption(s.Env.Server, "-t", session, tmux.TagAgentState); got != "error" {
		t.Fatalf("false published %q", got)
	}
	if s.Term.BellRang(t) {
		t.Fatal("a short false rang the bell")
	}
}
