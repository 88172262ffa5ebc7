package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// The Project tab shows a directory that cannot be read as an error with
// the retry key, never as an empty directory; retry reads it again.
func TestProjectTreeShowsAnUnreadableDirectoryWithRetry(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	writeFile(t, filepath.Join(repo, "docs", "guide.md"), "guide\n")
	env.Git(t, repo, "add", "docs")
	env.Git(t, repo, "commit", "-q", "-m", "docs")
	term, root := startReview(t, env, repo, "feat")
	term.Press(t, "focus-center")
	term.Press(t, "focus-sidebar")
	term.Press(t, "sidebar-next-tab")
	term.WaitText("[Project]")
	term.WaitText("docs/")
	// docs stops being a directory after it was listed (as root, a mode
	// bit cannot make a directory unreadable; a file in its place can).
	docs := filepath.Join(root, "docs")
	if err := os.RemoveAll(docs); err != nil {
		t.Fatal(err)
	}
	writeFile(t, docs, "not a directory\n")
	term.Press(t, "tree.open") // on docs, the first row
	term.WaitText("✗ not a directory · r: retry")
	if err := os.Remove(docs); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(docs, "again.md"), "x\n")
	term.Press(t, "tree.down") // the error row stands for docs
	term.Press(t, "tree.refresh")
	term.WaitText("again.md")
	term.WaitGone("✗")
}
