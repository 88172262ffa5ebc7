package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/diffview"
)

// The diff of a file opens from Changes, wraps, steps hunks, and a search
// brings a hit deep in a wrapped line's tail onto the screen.
func TestDiffOpensWrapsStepsHunksAndSearchesIntoAWrappedTail(t *testing.T) {
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
	harness.WriteFile(t, filepath.Join(root, "notes.txt"), harness.NumberedLines(400, changed, 395))
	term.WaitText("Unstaged (1)")

	term.Press(t, app.ActFocusTabArea)
	term.Press(t, app.ActFocusSidebar)
	term.Press(t, changes.ActOpen)
	term.WaitText("notes.txt · unstaged")
	if strings.Contains(term.Screen(), "NEEDLE") {
		t.Fatal("the hit is on screen before the search: the story proves nothing")
	}
	term.Press(t, diffview.ActNextHunk)
	term.Press(t, diffview.ActNextHunk)
	term.WaitText("hunk 3/9")
	term.Press(t, diffview.ActWrap)
	term.WaitText("notes.txt · unstaged · wrap")
	term.Press(t, diffview.ActSearch)
	term.Type("needle")
	term.EditField(t, "Enter")
	screen := term.WaitText("NEEDLE")
	if !strings.Contains(screen, "“needle” 1/1") {
		t.Fatalf("no match counter:\n%s", screen)
	}
	term.Press(t, diffview.ActClose)
	term.WaitGone("notes.txt · unstaged")
}
