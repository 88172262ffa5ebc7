package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A merge stopped on a conflict is finished by hand in the main checkout
// (a terminal, not amux): Changes and the row follow each step — the
// conflict marked resolved, then the merge committed — with no refresh
// key, though the workspace's own worktree never changed.
func TestMergeFinishedByHandInTheMainCheckoutClearsWithoutARefresh(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term, root := harness.StartReview(t, env, repo, "feat")
	harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop, from feat\n")
	env.Git(t, root, "commit", "-qam", "feat rewrites the readme")
	harness.WriteFile(t, filepath.Join(repo, "README.md"), "# shop, from main\n")
	env.Git(t, repo, "commit", "-qam", "main rewrites the readme")

	term.Press(t, app.ActMerge)
	term.WaitText("These files conflict:")
	term.Press(t, keys.ChoicePick)
	term.WaitText("merge stopped on conflicts (1 left)")
	term.WaitText("Conflicts (1)")

	harness.WriteFile(t, filepath.Join(repo, "README.md"), "# shop, from both\n")
	env.Git(t, repo, "add", "README.md")
	term.WaitText("merge stopped on conflicts (0 left)")
	term.WaitGone("Conflicts (1)")
	rowClear := func(s string) bool { // the workspace's row in the list
		for line := range strings.Lines(s) {
			if strings.Contains(line, "○ feat") && strings.Contains(line, "merge stopped") {
				return false
			}
		}
		return true
	}
	if rowClear(term.Screen()) {
		t.Fatalf("the row does not say the merge is stopped:\n%s", term.Screen())
	}
	env.Git(t, repo, "commit", "-q", "--no-edit")
	term.WaitGone("merge stopped on conflicts (0 left)") // the workspace's state
	term.WaitScreen(rowClear, "the row to stop saying the merge is stopped")
}
