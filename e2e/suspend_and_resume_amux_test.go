package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// A person runs amux from an interactive shell, presses Ctrl+Z to get the
// shell back, and later brings amux back with fg: while it is stopped the
// terminal is the shell's (main screen, no mouse reporting); back in the
// foreground amux takes it again and draws its whole screen.
func TestSuspendAndResumeAmux(t *testing.T) {
	env := harness.NewEnv(t)
	term := harness.StartTerminal(t, env.Vars(), 120, 40, "bash", "--norc", "--noprofile", "-i")
	term.WaitScreen(func(s string) bool { return strings.Contains(s, "$") || strings.Contains(s, "#") }, "waiting for the prompt")
	before := term.Display(t, terminalModes)
	term.Type(harness.AmuxBinary(t))
	term.KeyToProgram(t, "Enter")
	term.WaitText("Projects")

	term.Press(t, app.ActSuspend)
	term.WaitText("Stopped")
	if got := term.Display(t, terminalModes); got != before {
		t.Fatalf("suspended amux left modes %s\n                 want %s", got, before)
	}
	term.Type("fg")
	term.KeyToProgram(t, "Enter")
	term.WaitScreen(func(s string) bool { return strings.Contains(s, "Projects") && !strings.Contains(s, "Stopped") },
		"waiting for amux to draw its screen again")
	if got := term.Display(t, "#{alternate_on} #{mouse_button_flag}"); got != "1 1" {
		t.Fatalf("resumed amux runs with alternate screen / mouse %q, want \"1 1\"", got)
	}
	term.Press(t, app.ActQuit)
	term.WaitGone("Projects")
}
