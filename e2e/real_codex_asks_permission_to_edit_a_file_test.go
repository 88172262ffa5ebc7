package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The model asks the real Codex to add a file; Codex, in its read-only
// sandbox, asks the person first. amux shows the tab blocked on a
// permission that names the file; a yes writes it and the turn is done.
func TestRealCodexAsksPermissionToEditAFile(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{}, true)
	s.model.Script(
		modelserver.Turn{Tool: harness.CodexEdit("notes.txt", "hello from codex")},
		modelserver.Turn{Text: "Wrote notes.txt."},
	)
	s.prompt(t, "Write notes")
	s.waitScreen(t, codexStart, "Would you like to make the following edits?")
	file := filepath.Join(harness.WorktreePath(s.env, "shop", "feat"), "notes.txt")
	s.waitBlocked(t, harness.DefaultWait, "permission", "Added notes.txt (+1 -0)")

	s.term.Type("y") // 1. Yes, proceed (y)
	s.waitScreen(t, harness.DefaultWait, "Wrote notes.txt.")
	s.waitState(t, harness.DefaultWait, "done")
	if b, err := os.ReadFile(file); err != nil || string(b) != "hello from codex\n" {
		t.Fatalf("notes.txt: %q, %v", b, err)
	}
}
