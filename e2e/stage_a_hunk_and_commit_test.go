package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/commitmsg"
	"amux.dev/amux/ui/diffview"
)

// One hunk of two is staged from the diff viewer and committed with the
// commit dialog; the other stays uncommitted.
func TestStageAHunkAndCommit(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	harness.WriteFile(t, filepath.Join(repo, "notes.txt"), harness.NumberedLines(100, nil, 0))
	env.Git(t, repo, "add", "notes.txt")
	env.Git(t, repo, "commit", "-q", "-m", "notes")
	term, root := harness.StartReview(t, env, repo, "feat")
	harness.WriteFile(t, filepath.Join(root, "notes.txt"), harness.NumberedLines(100, map[int]bool{5: true, 80: true}, 0))
	term.WaitText("Unstaged (1)")

	term.Press(t, app.ActFocusTabArea)
	term.Press(t, app.ActFocusSidebar)
	term.Press(t, changes.ActOpen)
	term.WaitText("notes.txt · unstaged")
	term.WaitText("hunk 1/2")
	term.Press(t, diffview.ActNextHunk) // the second hunk: line 80
	term.WaitText("hunk 2/2")
	term.Press(t, diffview.ActStageHunk)
	// The unstaged diff reloads with one hunk left.
	term.WaitText("hunk 1/1")
	term.Press(t, diffview.ActClose)
	term.WaitText("Staged (1)")

	term.Press(t, changes.ActCommit)
	term.WaitText("0/100") // the dialog is open
	term.Press(t, commitmsg.ActAmend)
	term.WaitText("Amend the last commit")
	term.Press(t, commitmsg.ActAmend)
	term.Press(t, commitmsg.ActCommit) // an empty message is refused
	term.WaitText("the first line is empty")
	term.Type("Change line 80")
	term.Press(t, commitmsg.ActCommit)
	term.WaitText("committed")
	term.WaitGone("Staged (1)")

	if got := env.Git(t, root, "log", "-1", "--format=%s"); got != "Change line 80" {
		t.Fatalf("commit subject %q", got)
	}
	shown := env.Git(t, root, "show", "HEAD", "--format=")
	if !strings.Contains(shown, "+line 80 changed") || strings.Contains(shown, "line 5 changed") {
		t.Fatalf("the commit holds more than the staged hunk:\n%s", shown)
	}
	if d := env.Git(t, root, "diff"); !strings.Contains(d, "+line 5 changed") {
		t.Fatalf("the other hunk is not left uncommitted:\n%s", d)
	}
}
