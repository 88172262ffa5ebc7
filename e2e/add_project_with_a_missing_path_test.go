package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person types a path that does not exist: amux says so, instead of
// calling it "not inside a git repository".
func TestAddProjectWithAMissingPath(t *testing.T) {
	env := harness.NewEnv(t)
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	missing := filepath.Join(env.Home, "code", "typo-repo")
	term.Press(t, app.ActAddProject)
	term.WaitText("Add project")
	term.Type(missing)
	term.Press(t, keys.ListChoose)
	// The message may wrap after "not" in a narrow dialog.
	screen := term.WaitScreen(func(sc string) bool {
		return strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(sc, "│", " ")), " "), "does not exist")
	}, "waiting for \"does not exist\"")
	if strings.Contains(screen, "not inside a git") {
		t.Fatalf("a missing path was called not a repository:\n%s", screen)
	}
}
