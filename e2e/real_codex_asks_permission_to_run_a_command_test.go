package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The model asks the real Codex to run a command outside its sandbox;
// Codex asks the person. amux shows the tab blocked on a permission that
// names the command; once the person says yes the command runs, the turn
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

	s.term.Type("y") // 1. Yes, proceed (y)
	s.waitScreen(t, harness.DefaultWait, "Created the file.")
	s.waitState(t, harness.DefaultWait, "done")
	if !exists(filepath.Join(harness.WorktreePath(s.env, "shop", "feat"), "made-by-codex.txt")) {
		t.Fatal("the approved command did not run")
	}
}
