package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/ui/keys"
)

// The workspace's branch is merged into its base from amux: the dry run
// lists the conflicting file, the merge stops on it in the main checkout,
// Changes lists it and opening it shows the conflict; abort restores the
// main checkout; once the branch takes the base's side the merge lands.
func TestMergeIntoBaseConflictThenAbortThenClean(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term, root := harness.StartReview(t, env, repo, "feat")
	harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop, from feat\n")
	env.Git(t, root, "commit", "-qam", "feat rewrites the readme")
	harness.WriteFile(t, filepath.Join(repo, "README.md"), "# shop, from main\n")
	env.Git(t, repo, "commit", "-qam", "main rewrites the readme")
	mainBefore := env.Git(t, repo, "rev-parse", "HEAD")

	term.Press(t, app.ActMerge)
	term.WaitText("These files conflict:")
	term.WaitText("README.md")
	term.Press(t, keys.ChoicePick) // "Merge into main"
	term.WaitText("merge stopped on conflicts")
	term.WaitText("Conflicts (1)")
	term.Press(t, changes.ActOpen)
	term.WaitText("README.md · conflict")
	term.WaitText("<<<<<<< HEAD")
	term.Press(t, diffview.ActClose)
	term.WaitGone("README.md · conflict")

	term.Press(t, app.ActAbortLanding)
	term.WaitText("abort done")
	if got := env.Git(t, repo, "rev-parse", "HEAD"); got != mainBefore {
		t.Fatalf("abort left main at %s, want %s", got, mainBefore)
	}
	if st := env.Git(t, repo, "status", "--porcelain"); st != "" {
		t.Fatalf("abort left the main checkout dirty: %q", st)
	}

	env.Git(t, root, "checkout", "main", "--", "README.md")
	env.Git(t, root, "commit", "-qm", "take main's readme")
	term.Press(t, app.ActMerge)
	term.WaitText("It merges cleanly.")
	term.Press(t, keys.ChoicePick)
	term.WaitText("merge done")
	if log := env.Git(t, repo, "log", "--format=%s", "-3"); !strings.Contains(log, "take main's readme") {
		t.Fatalf("main does not hold the branch:\n%s", log)
	}
}
