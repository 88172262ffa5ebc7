package review

import (
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/workspace"
)

// The viewer's message row (a load error, a refusal) keeps it within the
// screen: the diff gives the row up, also at a new size.
func TestDiffNoteStaysWithinTheScreen(t *testing.T) {
	r, sc := testOwner(t, nil), testScene(t)
	_, out := r.showDiff(diffSpec{ws: "1111111111111111", title: "gone.txt", req: workspace.DiffRequest{}, cycles: true}, sc)
	o := out.Open.(*diffOverlay)
	o.Update(diffLoadedMsg{gen: o.gen, err: os.ErrNotExist})
	v := ansi.Strip(o.View(sc.Width, sc.Height))
	if n := strings.Count(v, "\n") + 1; n != sc.Height || !strings.Contains(v, "file does not exist") {
		t.Fatalf("%d rows on a %d-row screen:\n%s", n, sc.Height, v)
	}
	o.Resize(100, 30)
	v = ansi.Strip(o.View(100, 30))
	if n := strings.Count(v, "\n") + 1; n != 30 {
		t.Fatalf("after a resize %d rows on a 30-row screen:\n%s", n, v)
	}
}
