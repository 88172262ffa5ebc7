package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The model asks the real Codex to run a command outside its sandbox;
// Codex asks the person. amux shows the tab blocked on a permission that
// names the command; once the person says yes Codex takes it, the turn
// ends and the tab is done.
func TestRealCodexAsksPermissionToRunACommand(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{}, true)
	s.model.Script(
		modelserver.Turn{Tool: harness.CodexCommand("touch made-by-codex.txt")},
		modelserver.Turn{Text: "Created the file."},
	)
	s.prompt(t, "Make a file")
	s.waitScreen(t, codexStart, "Would you like to run the following command?")
	s.waitBlocked(t, harness.DefaultWait, "permission", "$ touch made-by-codex.txt")
	s.waitBadge(t, "◆", func(b string) bool { return b == "◆" })

	// 1. Yes, proceed (y). Under load Codex can draw the approval before it
	// reads keys: say yes again while the question is still on screen.
	s.term.Type("y")
	harness.Eventually(t, func() (bool, string) {
		if strings.Contains(s.term.Screen(), "Would you like to run the following command?") {
			s.term.Type("y")
			return false, "the approval is still asked"
		}
		return true, ""
	})
	s.waitScreen(t, harness.DefaultWait, "Created the file.")
	s.waitState(t, harness.DefaultWait, "done")
	// What amux vouches for ends here: the person's yes reached Codex (it
	// says so) and the turn ended. Whether Codex's own runner then finishes
	// the command is Codex's business: on this machine its PTY runner has
	// been seen to leave even a touch "Running" past its 10 s wait.
	s.waitScreen(t, harness.DefaultWait, "You approved codex to run touch made-by-codex.txt")
}
