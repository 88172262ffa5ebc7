package e2e

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/ui/projecttree"
)

// In the Project tab a person presses Enter on a 5 GiB file (sparse), on a
// FIFO and on a link to /dev/tty. The big file opens a viewer titled with
// its name that says it is too large; the FIFO and the link open nothing
// and the notice says why; amux answers every key throughout.
func TestProjectTreeSaysWhyAFileDoesNotOpen(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	term, root := harness.StartReview(t, env, repo, "feat")
	big, err := os.Create(filepath.Join(root, "big.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(5 << 30); err != nil {
		t.Fatal(err)
	}
	big.Close()
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/tty", filepath.Join(root, "tty")); err != nil {
		t.Fatal(err)
	}

	term.Press(t, app.ActFocusTabArea)
	term.Press(t, app.ActFocusSidebar)
	term.Press(t, app.ActSideNextTab)
	term.WaitText("[Project]")
	term.WaitText("README.md")
	term.Press(t, projecttree.ActRefresh) // the tree was read before the files came
	term.WaitText("tty @")                // README.md, big.bin, pipe, tty
	term.Press(t, projecttree.ActDown)
	term.Press(t, projecttree.ActOpen) // big.bin
	screen := term.WaitText("too large to show")
	if !harness.ContainsAll(screen, "big.bin", "5.0 GiB") || harness.ContainsAll(screen, "no changes") {
		t.Fatalf("the viewer does not say the file is too large:\n%s", screen)
	}
	term.Press(t, diffview.ActClose)
	term.WaitGone("too large to show")

	term.Press(t, projecttree.ActDown)
	term.Press(t, projecttree.ActOpen) // pipe
	term.WaitText("pipe is a named pipe (FIFO), not a regular file")
	term.Press(t, projecttree.ActDown)
	term.Press(t, projecttree.ActOpen) // tty
	term.WaitText("tty is a symbolic link")
	term.Press(t, projecttree.ActUp)
	term.Press(t, projecttree.ActUp)
	term.Press(t, projecttree.ActOpen) // big.bin again: amux still answers
	term.WaitText("too large to show")
	term.Press(t, diffview.ActClose)
	term.WaitGone("too large to show")
	term.Press(t, app.ActSideToList)
	// Wait for the list: a quit glued to the Esc before it reads as Alt+q.
	term.WaitFooter(t, " list ")
	term.Press(t, app.ActQuit)
	term.WaitExit()
}
