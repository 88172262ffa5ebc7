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

// The branch is rebased onto its base from amux and both of its commits
// conflict: the first is resolved, marked resolved and continued; the
// rebase stops on the second, which is skipped; a later rebase is aborted
// and leaves the branch as it was.
func TestRebaseStoppedOnConflictsContinuesSkipsAndAborts(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term, root := harness.StartReview(t, env, repo, "feat")
	harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop, from feat\n")
	env.Git(t, root, "commit", "-qam", "feat rewrites the readme")
	harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop, from feat, again\n")
	env.Git(t, root, "commit", "-qam", "feat rewrites it again")
	harness.WriteFile(t, filepath.Join(repo, "README.md"), "# shop, from main\n")
	env.Git(t, repo, "commit", "-qam", "main rewrites the readme")

	rebase := func() {
		t.Helper()
		term.Press(t, app.ActMerge)
		term.WaitText("These files conflict:")
		term.Press(t, keys.ChoiceDown)
		term.Press(t, keys.ChoicePick) // "Rebase onto main instead"
		term.WaitText("rebase stopped on conflicts: they are listed")
		term.WaitText("Conflicts (1)")
	}
	rebase()
	harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop, from main and feat\n")
	term.Press(t, changes.ActStage)
	term.WaitText("Continue the rebase?")
	term.Press(t, keys.ChoicePick)                                // "Continue: make this commit and replay the rest"
	term.WaitText("rebase stopped on conflicts: they are listed") // on the second commit
	term.Press(t, app.ActFinishLanding)
	term.WaitText("Continue the rebase?")
	term.WaitText("Still conflicting: README.md")
	term.Press(t, keys.ChoiceDown)
	term.Press(t, keys.ChoicePick) // "Skip the commit it stopped on"
	term.WaitText("rebase done")
	term.WaitGone("Conflicts (")
	if got := env.Git(t, root, "log", "--format=%s", "main..HEAD"); got != "feat rewrites the readme" {
		t.Fatalf("the branch holds %q after continue and skip", got)
	}
	if got := env.Git(t, root, "show", "HEAD:README.md"); got != "# shop, from main and feat" {
		t.Fatalf("README.md = %q", got)
	}

	harness.WriteFile(t, filepath.Join(repo, "README.md"), "# shop, from main, again\n")
	env.Git(t, repo, "commit", "-qam", "main rewrites it again")
	before := env.Git(t, root, "rev-parse", "HEAD")
	rebase()
	term.Press(t, app.ActFinishLanding)
	term.WaitText("Continue the rebase?")
	term.Press(t, keys.ChoiceDown)
	term.Press(t, keys.ChoiceDown)
	term.Press(t, keys.ChoicePick) // "Abort the rebase"
	term.WaitText("abort done")
	term.WaitGone("Conflicts (")
	if got := env.Git(t, root, "rev-parse", "HEAD"); got != before {
		t.Fatalf("abort left the branch at %s, want %s", got, before)
	}
	if st := env.Git(t, root, "status", "--porcelain"); strings.TrimSpace(st) != "" {
		t.Fatalf("abort left the worktree dirty: %q", st)
	}
}
