package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// A person restores a shelved workspace and opens its script output while
// setup runs: the setup section streams as the script prints (no reload),
// settles to the transcript when it ends, and / finds a line, n and N step
// through the matches — also from a pasted line, whose newline accepts the
// query.
func TestScriptOutputFollowsSetupAndSearches(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	gate := filepath.Join(env.Home, "gate")
	os.WriteFile(gate, nil, 0o600) // the first setup, on create, runs through
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{
		Setup: []string{"echo fetching deps; while [ ! -e " + gate + " ]; do sleep 0.05; done; echo Linking ASSETS done"},
	})
	if err != nil {
		t.Fatal(err)
	}
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActShelve)
	term.WaitText("Type feat to confirm")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	term.WaitText("shelved workspace feat")
	term.Press(t, keys.FormCancel)
	term.WaitGone("Shelving feat")
	term.WaitText("feat shelved")

	os.Remove(gate)
	term.Press(t, app.ActRestore)
	term.WaitText("setup: fetching deps") // the row says how far the restore got
	term.Press(t, app.ActScriptOutput)
	term.WaitText("fetching deps")
	term.WaitText("live")
	os.WriteFile(gate, nil, 0o600)
	term.WaitText("Linking ASSETS done")      // streamed, no reload pressed
	term.WaitText("setup-workspace finished") // settled to the transcript
	term.WaitScreen(func(s string) bool { return !strings.Contains(s, "● live") }, "the live mark to go")

	term.Press(t, keys.ViewSearch)
	term.Type("assets")
	term.EditField(t, "Enter")
	term.WaitText("“assets”: match 1 of 2") // the command line and its output
	term.Press(t, keys.ViewNext)
	term.WaitText("“assets”: match 2 of 2")
	term.Press(t, keys.ViewNext) // wraps around
	term.WaitText("“assets”: match 1 of 2")
	term.Press(t, keys.ViewPrev)
	term.WaitText("“assets”: match 2 of 2")
	term.Press(t, keys.ViewSearch)
	term.EditField(t, "C-u")
	term.Paste(t, "FETCHING DEPS\nsecond line")
	term.WaitText("“FETCHING DEPS”: match")
}
