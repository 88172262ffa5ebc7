package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// The repository's archive script is not approved: the delete dialog asks
// first, showing its commands — skipped, the workspace goes without it;
// approved (for the project, from then on), it runs and the workspace
// goes. The dialog never says
// "tombstone", and the confirmation names the sessions it ends.
func TestDeleteWithAnUnapprovedArchiveScriptAsksToApproveOrSkipIt(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	marker := filepath.Join(t.TempDir(), "archived")
	commitScriptsFile(t, env, repo, func(p string) error {
		return os.WriteFile(p, []byte(`{"archive": "basename \"$PWD\" >> `+marker+`"}`), 0o644)
	})
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "skipped", "")
	term.CreateWorkspace(t, "approved", "")
	layout := workspace.NewStore(env.StateHome).Layout()

	deleteAnswering := func(name, answer string) {
		t.Helper()
		id := env.WorkspaceID(t, name)
		term.Press(t, app.ActDelete)
		term.WaitText("Its archive script comes from the repository")
		term.WaitText("$ basename")
		if strings.Contains(term.Screen(), "tombstone") {
			t.Fatalf("the dialog speaks of tombstones:\n%s", term.Screen())
		}
		term.Answer(t, answer)
		term.WaitText("Type " + name + " to confirm")
		term.WaitText("Ends no sessions (none is running)")
		term.Type(name)
		term.Press(t, keys.FormSubmit)
		term.WaitText("deleted workspace " + name)
		if s := term.Screen(); strings.Contains(s, "tombstone") || strings.Contains(s, "needs approval") {
			t.Fatalf("the delete did not go through cleanly:\n%s", s)
		}
		if harness.Exists(layout.RecordFile(id)) {
			t.Fatalf("%s's record stays", name)
		}
	}
	term.SelectWorkspace(t, "skipped")
	deleteAnswering("skipped", "s")
	if b, _ := os.ReadFile(marker); len(b) != 0 {
		t.Fatalf("the skipped archive script ran: %q", b)
	}
	term.Press(t, keys.FormCancel) // the progress view
	term.WaitGone("enter/esc: close")
	term.Press(t, app.ActFilter)
	term.EditField(t, "C-u") // the last filter goes
	term.Type("approved")
	term.EditField(t, "Enter")
	term.Press(t, app.ActBottom)
	term.WaitText("─ approved ─")
	deleteAnswering("approved", "a") // the approval holds for the project from now on
	if b, err := os.ReadFile(marker); err != nil || strings.TrimSpace(string(b)) != "approved" {
		t.Fatalf("the approved archive script did not run in its worktree: %q %v", b, err)
	}
}
