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

// At 120 columns the sidebar is hidden: a merge that stops on a conflict
// lists the conflicting file itself, its key shows the conflict in the
// diff viewer, and the abort key aborts, from the list or, once the list
// is closed, from the workspace.
func TestMergeConflictWithTheSidebarHidden(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term, root := harness.StartReviewAt(t, env, repo, "feat", 120, 40)
	harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop, from feat\n")
	env.Git(t, root, "commit", "-qam", "feat rewrites the readme")
	harness.WriteFile(t, filepath.Join(repo, "README.md"), "# shop, from main\n")
	env.Git(t, repo, "commit", "-qam", "main rewrites the readme")
	mainBefore := env.Git(t, repo, "rev-parse", "HEAD")
	if s := term.Screen(); strings.Contains(s, "[Changes]") {
		t.Fatalf("the sidebar shows at 120 columns:\n%s", s)
	}

	merge := func() {
		t.Helper()
		term.Press(t, app.ActMerge)
		term.WaitText("These files conflict:")
		term.Press(t, keys.ChoicePick) // "Merge into main"
		term.WaitText("The merge stopped on conflicts")
		term.WaitText("show README.md")
	}
	aborted := func() {
		t.Helper()
		term.WaitText("abort done")
		if got := env.Git(t, repo, "rev-parse", "HEAD"); got != mainBefore {
			t.Fatalf("abort left main at %s, want %s", got, mainBefore)
		}
		if st := env.Git(t, repo, "status", "--porcelain"); st != "" {
			t.Fatalf("abort left the main checkout dirty: %q", st)
		}
	}

	merge()
	term.Answer(t, "1")
	term.WaitText("README.md · conflict")
	term.WaitText("<<<<<<< HEAD")
	term.Press(t, diffview.ActClose)
	term.WaitText("The merge stopped on conflicts") // back on the list
	term.Press(t, app.ActAbortLanding)
	aborted()

	merge()
	term.Press(t, keys.ChoiceCancel)
	term.WaitGone("The merge stopped on conflicts")
	term.Press(t, app.ActAbortLanding) // one key, with the sidebar hidden
	aborted()
	term.Press(t, app.ActAbortLanding)
	term.WaitText("no merge or rebase of this workspace is stopped")
}
