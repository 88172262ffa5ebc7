package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/keys"
)

// A merge stops on a conflict and is finished without leaving amux: the
// row says the merge is stopped, marking the file resolved is refused
// while its markers are there, then (the file resolved, as $EDITOR would)
// accepted; with nothing left to resolve amux asks to continue, and the
// merge commit lands on the base. Changes and the row follow every step
// with no refresh key pressed.
func TestMergeWithAConflictIsFinishedInsideAmux(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term, root := harness.StartReview(t, env, repo, "feat")
	harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop, from feat\n")
	env.Git(t, root, "commit", "-qam", "feat rewrites the readme")
	harness.WriteFile(t, filepath.Join(repo, "README.md"), "# shop, from main\n")
	env.Git(t, repo, "commit", "-qam", "main rewrites the readme")
	mainBefore := env.Git(t, repo, "rev-parse", "HEAD")
	feat := env.Git(t, root, "rev-parse", "HEAD")

	term.Press(t, app.ActMerge)
	term.WaitText("These files conflict:")
	term.Press(t, keys.ChoicePick) // "Merge into main"
	term.WaitText("merge stopped on conflicts")
	term.WaitText("Conflicts (1)")
	term.WaitText("merge stopped on conflicts (1 left)") // the workspace's state, not "ready"

	term.Press(t, changes.ActStage) // the markers are still in the file
	term.WaitText("still has <<<<<<< or >>>>>>> lines")
	harness.WriteFile(t, filepath.Join(repo, "README.md"), "# shop, from main and feat\n")
	term.Press(t, changes.ActStage)
	term.WaitText("Continue the merge?")
	term.WaitText("Every conflict is marked resolved.")
	term.Press(t, keys.ChoicePick) // "Continue: commit the merge"
	term.WaitText("merge done")
	term.WaitGone("Conflicts (")
	term.WaitGone("merge stopped")

	parents := strings.Fields(env.Git(t, repo, "log", "-1", "--format=%P"))
	if len(parents) != 2 || parents[0] != mainBefore || parents[1] != feat {
		t.Fatalf("main's tip has parents %v, want [%s %s]", parents, mainBefore, feat)
	}
	if got := env.Git(t, repo, "show", "HEAD:README.md"); got != "# shop, from main and feat" {
		t.Fatalf("the merge holds README.md = %q", got)
	}
	if st := env.Git(t, repo, "status", "--porcelain"); st != "" {
		t.Fatalf("the main checkout is left dirty: %q", st)
	}
}
