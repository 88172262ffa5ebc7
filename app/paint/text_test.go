package paint

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A finding longer than the dialog is read in full: it wraps, each
// continuation indented, and no row is wider than the dialog.
func TestWrapLinesKeepsEveryWord(t *testing.T) {
	long := "status tap: amux-a0d4ec2730b23f0d-tab-1: its status tap (pid 26556) died; the tab reports nothing"
	got := WrapLines([]string{"short", long}, 40)
	if got[0] != "short" || len(got) < 3 {
		t.Fatalf("wrapped into %q", got)
	}
	var words []string
	for i, row := range got[1:] {
		if w := ansi.StringWidth(row); w > 40 {
			t.Fatalf("row %d is %d wide: %q", i+1, w, row)
		}
		if i > 0 && !strings.HasPrefix(row, "    ") {
			t.Fatalf("continuation %q not indented", row)
		}
		words = append(words, strings.Fields(row)...)
	}
	// A break may fall after a hyphen: compare without the spaces.
	if strings.Join(words, "") != strings.ReplaceAll(long, " ", "") {
		t.Fatalf("words lost: %q", strings.Join(words, " "))
	}
}
