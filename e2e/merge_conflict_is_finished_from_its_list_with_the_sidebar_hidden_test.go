package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/ui/keys"
)

// With the sidebar hidden a stopped merge is finished from its own list:
// a file's key shows its conflict, S there marks it resolved once the
// file is (refused before), and amux asks to continue; the merge commit
// lands on the base.
func TestMergeConflictIsFinishedFromItsListWithTheSidebarHidden(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term, root := harness.StartReviewAt(t, env, repo, "feat", 120, 40)
	harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop, from feat\n")
	env.Git(t, root, "commit", "-qam", "feat rewrites the readme")
	harness.WriteFile(t, filepath.Join(repo, "README.md"), "# shop, from main\n")
	env.Git(t, repo, "commit", "-qam", "main rewrites the readme")

	term.Press(t, app.ActMerge)
	term.WaitText("These files conflict:")
	term.Press(t, keys.ChoicePick) // "Merge into main"
	term.WaitText("The merge stopped on conflicts")
	term.WaitText("finish: continue, skip or abort")
	term.Answer(t, "1")
	term.WaitText("README.md · conflict")
	term.Press(t, diffview.ActStageFile) // markers still there
	term.WaitText("still has <<<<<<< or >>>>>>> lines")
	harness.WriteFile(t, filepath.Join(repo, "README.md"), "# shop, from both\n")
	term.Press(t, diffview.ActStageFile)
	term.WaitText("Continue the merge?")
	term.Press(t, keys.ChoicePick)
	term.WaitText("merge done")
	if parents := strings.Fields(env.Git(t, repo, "log", "-1", "--format=%P")); len(parents) != 2 {
		t.Fatalf("main's tip is no merge commit: %v", parents)
	}
	if got := env.Git(t, repo, "show", "HEAD:README.md"); got != "# shop, from both" {
		t.Fatalf("README.md = %q", got)
	}
}
