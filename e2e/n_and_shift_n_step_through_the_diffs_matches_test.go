package e2e

import (
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/diffview"
)

// In the diff viewer, as in every viewer, n and N step through the
// search's matches (the hunks have keys of their own, ] and [).
func TestNAndShiftNStepThroughTheDiffsMatches(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	harness.WriteFile(t, filepath.Join(repo, "notes.txt"), harness.NumberedLines(400, nil, 0))
	env.Git(t, repo, "add", "notes.txt")
	env.Git(t, repo, "commit", "-q", "-m", "notes")
	term, root := harness.StartReview(t, env, repo, "feat")
	changed := map[int]bool{}
	for i := 10; i < 400; i += 50 {
		changed[i] = true
	}
	harness.WriteFile(t, filepath.Join(root, "notes.txt"), harness.NumberedLines(400, changed, 0))
	term.WaitText("Unstaged (1)")

	term.Press(t, app.ActFocusTabArea)
	term.Press(t, app.ActFocusSidebar)
	term.Press(t, changes.ActOpen)
	term.WaitText("notes.txt · unstaged")
	term.Press(t, diffview.ActSearch)
	term.Type("changed")
	term.EditField(t, "Enter")
	term.WaitText("“changed” 1/8")
	term.Press(t, diffview.ActNextMatch) // n
	term.WaitText("“changed” 2/8")
	term.Press(t, diffview.ActNextMatch) // n
	term.WaitText("“changed” 3/8")
	term.Press(t, diffview.ActPrevMatch) // N
	term.WaitText("“changed” 2/8")
	term.Press(t, diffview.ActClose)
	term.WaitGone("notes.txt · unstaged")
}
