package textview

import (
	"sort"

	"github.com/charmbracelet/x/ansi"
)

// rowIndex maps lines to display rows at one width: a line wider than the
// view wraps onto several rows, an empty line is one row.
type rowIndex struct {
	start []int // start[i] is line i's first display row
	total int
	width int
}

// rowsOf is how many display rows a line takes at width.
func rowsOf(line string, width int) int {
	w := ansi.StringWidth(line)
	if w <= width || width <= 0 {
		return 1
	}
	return (w + width - 1) / width
}

func (r *rowIndex) rebuild(lines []string, width int) {
	r.start = r.start[:0]
	r.total = 0
	r.width = width
	r.extend(lines, 0, width)
}

// extend recomputes lines from index from on (those appended, and the one
// that grew).
func (r *rowIndex) extend(lines []string, from, width int) {
	if width != r.width || from > len(r.start) {
		from = 0
		r.width = width
	}
	r.start = r.start[:from]
	r.total = 0
	if from > 0 {
		r.total = r.start[from-1] + rowsOf(lines[from-1], width)
	}
	for _, l := range lines[from:] {
		r.start = append(r.start, r.total)
		r.total += rowsOf(l, width)
	}
}

// lineAt is the line shown on display row row.
func (r *rowIndex) lineAt(row int) int {
	i := sort.Search(len(r.start), func(i int) bool { return r.start[i] > row })
	return max(i-1, 0)
}

// rowOf is the display row where column col of line starts.
func (r *rowIndex) rowOf(line, col int) int {
	if line >= len(r.start) {
		return r.total
	}
	if r.width <= 0 {
		return r.start[line]
	}
	return r.start[line] + col/r.width
}
