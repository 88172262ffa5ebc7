package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/projecttree"
)

// The Project tab shows a directory that cannot be read as an error with
// the retry key, never as an empty directory; retry reads it again.
func TestProjectTreeShowsAnUnreadableDirectoryWithRetry(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	harness.WriteFile(t, filepath.Join(repo, "docs", "guide.md"), "guide\n")
	env.Git(t, repo, "add", "docs")
	env.Git(t, repo, "commit", "-q", "-m", "docs")
	term, root := harness.StartReview(t, env, repo, "feat")
	term.Press(t, app.ActFocusTabArea)
	term.Press(t, app.ActFocusSidebar)
	term.Press(t, app.ActSideNextTab)
	term.WaitText("[Project]")
	term.WaitText("docs/")
	// docs stops being a directory after it was listed (as root, a mode
	// bit cannot make a directory unreadable; a file in its place can).
	docs := filepath.Join(root, "docs")
	if err := os.RemoveAll(docs); err != nil {
		t.Fatal(err)
	}
	harness.WriteFile(t, docs, "not a directory\n")
	term.Press(t, projecttree.ActOpen) // on docs, the first row
	term.WaitText("✗ not a directory · r: retry")
	if err := os.Remove(docs); err != nil {
		t.Fatal(err)
	}
	harness.WriteFile(t, filepath.Join(docs, "again.md"), "x\n")
	term.Press(t, projecttree.ActDown) // the error row stands for docs
	term.Press(t, projecttree.ActRefresh)
	term.WaitText("again.md")
	term.WaitGone("✗")
}
