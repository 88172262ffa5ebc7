package diffview

import (
	"fmt"
	"strings"
	"testing"

	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/syntax"
	"amux.dev/amux/ui/theme"
)

// fiveThousand is the diff of a 5,000-line Go file in which every tenth
// line changed: 500 hunks' worth of changes merged into long hunks, the
// shape of an agent's rewrite.
func fiveThousand() string {
	var b strings.Builder
	b.WriteString("diff --git a/big.go b/big.go\n--- a/big.go\n+++ b/big.go\n")
	fmt.Fprintf(&b, "@@ -1,5000 +1,5000 @@\n")
	for i := 1; i <= 5000; i++ {
		line := fmt.Sprintf("\tvalue%d := compute(%d, \"string %d\") // comment about line %d", i, i, i, i)
		if i%10 == 0 {
			fmt.Fprintf(&b, "-%s\n+%s // changed\n", line, line)
		} else {
			fmt.Fprintf(&b, " %s\n", line)
		}
	}
	return b.String()
}

// BenchmarkOpen5000LineDiff is opening the viewer on it: parse, lay out,
// draw the first frame (syntax colours arrive later, from a command:
// BenchmarkHighlight5000LineDiff).
func BenchmarkOpen5000LineDiff(b *testing.B) {
	text := fiveThousand()
	km := registry(b, nil)
	for _, wrap := range []bool{false, true} {
		b.Run(fmt.Sprintf("wrap=%v", wrap), func(b *testing.B) {
			for b.Loop() {
				m := New(theme.Dark(), km)
				m.wrap = wrap
				m.SetSize(120, 50)
				m.SetDiff("big.go", "unstaged", udiff.Parse(text))
				_ = m.View()
			}
		})
	}
}

// BenchmarkScrollPage5000LineDiff is one page down and its frame, wrapped
// and not, in unified and side-by-side layout.
func BenchmarkScrollPage5000LineDiff(b *testing.B) {
	files := udiff.Parse(fiveThousand())
	for _, c := range []struct {
		wrap  bool
		width int
	}{{false, 120}, {true, 120}, {true, 200}} {
		b.Run(fmt.Sprintf("wrap=%v/width=%d", c.wrap, c.width), func(b *testing.B) {
			m := New(theme.Dark(), registry(b, nil))
			m.SetSize(c.width, 50)
			m.Update(m.SetDiff("big.go", "unstaged", files)())
			if c.wrap {
				m, _ = m.Do(ActWrap)
			}
			for b.Loop() {
				m, _ = m.Do(ActPageDown)
				if row, total := m.Position(); row+m.bodyHeight() >= total {
					m, _ = m.Do(ActTop)
				}
				_ = m.View()
			}
		})
	}
}

// BenchmarkHighlightChunk is one syntax colouring command (a chunk of
// chunkItems source rows), which runs off the update loop when rows come
// into view.
func BenchmarkHighlightChunk(b *testing.B) {
	files := udiff.Parse(fiveThousand())
	items := flatten(files)[1000 : 1000+chunkItems]
	syn, colours := syntax.New(), syntaxColoursOf(theme.Dark())
	coloured := 0
	for _, s := range highlight(syn, colours, files, items) {
		coloured += len(s)
	}
	if coloured == 0 {
		b.Fatal("nothing was coloured")
	}
	for b.Loop() {
		highlight(syn, colours, files, items)
	}
}
