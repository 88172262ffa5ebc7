package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// feat was deleted with its uncommitted work kept on its branch: creating
// feat again says so and asks. Continued, the work is back as uncommitted
// changes; deleted the same way and created once more, starting fresh
// gives a clean tree from the base and keeps the old branch aside.
func TestCreateOverAKeptBranchOffersToContinueItOrStartFresh(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	root := filepath.Join(env.StateHome, "worktrees", "shop", "feat")
	deleteKeepingTheWork := func() {
		t.Helper()
		harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop, half edited\n")
		term.Press(t, app.ActDelete)
		term.WaitText("Uncommitted work")
		term.Press(t, keys.ChoicePick) // the default: a WIP commit on the branch
		term.WaitText("Type feat to confirm")
		term.Type("feat")
		term.Press(t, keys.FormSubmit)
		term.WaitText("deleted workspace feat")
		term.Press(t, keys.FormCancel) // the progress view
		term.WaitGone("enter/esc: close")
	}
	createAnswering := func(answer string) {
		t.Helper()
		term.Press(t, app.ActNewWorkspace)
		term.WaitText("New workspace in")
		term.Type("feat")
		term.Press(t, keys.FormSubmit)
		term.WaitText("Continue feat or start fresh?")
		term.WaitText("amux: uncommitted work saved by delete")
		term.WaitText("kept as feat-kept")
		term.Answer(t, answer)
		term.WaitText("created workspace feat")
	}

	term.CreateWorkspace(t, "feat", "")
	deleteKeepingTheWork()
	createAnswering("c")
	if got, _ := harness.ReadFileString(filepath.Join(root, "README.md")); got != "# shop, half edited\n" {
		t.Fatalf("continued, README.md = %q", got)
	}
	if st := env.Git(t, root, "status", "--porcelain"); st != "M README.md" {
		t.Fatalf("continued, the saved work is not uncommitted again: %q", st)
	}

	deleteKeepingTheWork()
	createAnswering("f")
	if got, _ := harness.ReadFileString(filepath.Join(root, "README.md")); got != "# shop\n" {
		t.Fatalf("fresh, README.md = %q", got)
	}
	if msg := env.Git(t, repo, "log", "-1", "--format=%s", "feat-kept"); msg != "amux: uncommitted work saved by delete" {
		t.Fatalf("the old branch was not kept aside: %q", msg)
	}
}
