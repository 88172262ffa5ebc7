package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// One hunk of two is staged from the diff viewer and committed with the
// commit dialog; the other stays uncommitted.
func TestStageAHunkAndCommit(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	writeFile(t, filepath.Join(repo, "notes.txt"), numbered(100, nil, 0))
	env.Git(t, repo, "add", "notes.txt")
	env.Git(t, repo, "commit", "-q", "-m", "notes")
	term, root := startReview(t, env, repo, "feat")
	writeFile(t, filepath.Join(root, "notes.txt"), numbered(100, map[int]bool{5: true, 80: true}, 0))
	term.WaitText("Unstaged (1)")

	term.Press(t, "focus-center")
	term.Press(t, "focus-sidebar")
	term.Press(t, "changes.open")
	term.WaitText("notes.txt · unstaged")
	term.WaitText("hunk 1/2")
	term.Press(t, "diff.next-hunk") // the second hunk: line 80
	term.WaitText("hunk 2/2")
	term.Press(t, "diff.stage-hunk")
	// The unstaged diff reloads with one hunk left.
	term.WaitText("hunk 1/1")
	term.Press(t, "diff.close")
	term.WaitText("Staged (1)")

	term.Press(t, "changes.commit")
	term.WaitText("0/100") // the dialog is open
	term.Press(t, "commit.amend")
	term.WaitText("Amend the last commit")
	term.Press(t, "commit.amend")
	term.Press(t, "commit.submit") // an empty message is refused
	term.WaitText("the first line is empty")
	term.Type("Change line 80")
	term.Press(t, "commit.submit")
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
