package diffview

import (
	"sort"
	"strconv"
	"strings"

	"github.com/rivo/uniseg"

	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/safetext"
)

// itemKind says what a source row is.
type itemKind uint8

const (
	fileItem itemKind = iota // a file's header
	hunkItem                 // a hunk's "@@" line
	lineItem                 // a diff line
)

// item is one source row, in source order: file header, hunk header, line.
// Its text is the display copy (tabs expanded, made inert by safetext).
type item struct {
	kind     itemKind
	file     int
	hunk     int // index within the file; -1 for a file header
	lk       udiff.Kind
	old, new int
	text     string
}

// tabWidth is how many columns a tab takes in the viewer.
const tabWidth = 4

// flatten turns files into source rows.
func flatten(files []udiff.File) []item {
	n := 0
	for _, f := range files {
		n++
		for _, h := range f.Hunks {
			n += 1 + len(h.Lines)
		}
	}
	items := make([]item, 0, n)
	for fi, f := range files {
		items = append(items, item{kind: fileItem, file: fi, hunk: -1, text: fileTitle(f)})
		if f.Binary {
			items = append(items, item{kind: hunkItem, file: fi, hunk: -1, text: "binary file: not shown"})
		}
		for hi, h := range f.Hunks {
			items = append(items, item{kind: hunkItem, file: fi, hunk: hi, text: safetext.Line(h.Header())})
			for _, l := range h.Lines {
				items = append(items, item{kind: lineItem, file: fi, hunk: hi, lk: l.Kind,
					old: l.Old, new: l.New, text: displayText(l.Text)})
			}
		}
	}
	return items
}

func fileTitle(f udiff.File) string {
	p := safetext.Line(f.Path())
	switch f.Status {
	case udiff.New:
		p += " (new)"
	case udiff.Removed:
		p += " (deleted)"
	case udiff.Renamed, udiff.Copied:
		p = safetext.Line(f.OldPath) + " → " + p
	}
	return p
}

// displayText expands tabs and makes the text inert.
func displayText(s string) string {
	if strings.IndexByte(s, '\t') >= 0 {
		var b strings.Builder
		col := 0
		for _, r := range s {
			if r == '\t' {
				n := tabWidth - col%tabWidth
				b.WriteString(strings.Repeat(" ", n))
				col += n
				continue
			}
			b.WriteRune(r)
			col++
		}
		s = b.String()
	}
	return safetext.Line(s)
}

// vrow is one laid-out row: an item drawn full width (headers, and every
// line in the unified view), or a pair of items side by side (-1 is an
// empty side).
type vrow struct {
	full        int
	left, right int
}

// src is the row's first source row, the anchor it re-anchors to.
func (v vrow) src() int {
	if v.full >= 0 {
		return v.full
	}
	if v.left >= 0 && (v.right < 0 || v.left < v.right) {
		return v.left
	}
	return v.right
}

// layout is the rows for one width, wrap and split setting, with each row's
// wrapped segments (byte offsets where each display segment starts) and
// the first display row of every row.
type layout struct {
	rows    []vrow
	starts  []int // starts[i] is the first display row of rows[i]; one extra at the end
	rowOf   []int // item index → row index
	segs    map[int][]int
	split   bool
	wrap    bool
	textW   int // text columns of a full-width line
	sideW   int // text columns of one side in split view
	gutterW int
	numW    int
}

// total is the number of display rows.
func (l *layout) total() int { return l.starts[len(l.rows)] }

// at returns the row and segment at display row d.
func (l *layout) at(d int) (row, seg int) {
	row = sort.Search(len(l.rows), func(i int) bool { return l.starts[i+1] > d })
	if row >= len(l.rows) {
		return len(l.rows) - 1, 0
	}
	return row, d - l.starts[row]
}

func buildLayout(items []item, width int, wrap, split bool) *layout {
	l := &layout{wrap: wrap, split: split, segs: map[int][]int{}, rowOf: make([]int, len(items))}
	maxNum := 1
	for _, it := range items {
		maxNum = max(maxNum, it.old, it.new)
	}
	l.numW = len(strconv.Itoa(maxNum))
	// unified: "old new s " ; split side: "num s "
	l.gutterW = 2*l.numW + 4
	l.textW = max(1, width-l.gutterW)
	sideGutter := l.numW + 3
	l.sideW = max(1, (width-1)/2-sideGutter)
	if split {
		l.rows = pairRows(items)
	} else {
		l.rows = make([]vrow, len(items))
		for i := range items {
			l.rows[i] = vrow{full: i, left: -1, right: -1}
		}
	}
	l.starts = make([]int, len(l.rows)+1)
	d := 0
	for ri, r := range l.rows {
		l.starts[ri] = d
		h := 1
		for _, side := range [...]struct{ idx, w int }{{r.full, l.textW}, {r.left, l.sideW}, {r.right, l.sideW}} {
			if side.idx < 0 {
				continue
			}
			l.rowOf[side.idx] = ri
			if wrap && items[side.idx].kind == lineItem {
				if s := segments(items[side.idx].text, side.w); len(s) > 1 {
					l.segs[side.idx] = s
					h = max(h, len(s))
				}
			}
		}
		d += h
	}
	l.starts[len(l.rows)] = d
	return l
}

// segOf returns item i's segment starts ([0] when it is one segment).
func (l *layout) segOf(i int) []int {
	if s, ok := l.segs[i]; ok {
		return s
	}
	return []int{0}
}

// pairRows lays items out side by side: context on both sides, a run of
// deletions beside the additions that follow it, headers full width.
func pairRows(items []item) []vrow {
	rows := make([]vrow, 0, len(items))
	for i := 0; i < len(items); {
		it := items[i]
		if it.kind != lineItem || it.lk == udiff.Context || it.lk == udiff.NoNewline {
			if it.kind == lineItem && it.lk == udiff.Context {
				rows = append(rows, vrow{full: -1, left: i, right: i})
			} else {
				rows = append(rows, vrow{full: i, left: -1, right: -1})
			}
			i++
			continue
		}
		var dels, adds []int
		for i < len(items) && items[i].kind == lineItem && items[i].lk == udiff.Deleted {
			dels = append(dels, i)
			i++
		}
		for i < len(items) && items[i].kind == lineItem && items[i].lk == udiff.Added {
			adds = append(adds, i)
			i++
		}
		for k := 0; k < max(len(dels), len(adds)); k++ {
			r := vrow{full: -1, left: -1, right: -1}
			if k < len(dels) {
				r.left = dels[k]
			}
			if k < len(adds) {
				r.right = adds[k]
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// segments splits s into display segments of at most w columns, by
// grapheme cluster, returning the byte offset where each starts.
func segments(s string, w int) []int {
	if len(s) <= w && isASCII(s) {
		return []int{0}
	}
	starts := []int{0}
	col, off := 0, 0
	state := -1
	rest := s
	for len(rest) > 0 {
		var cluster string
		var cw int
		cluster, rest, cw, state = uniseg.FirstGraphemeClusterInString(rest, state)
		if col+cw > w && col > 0 {
			starts = append(starts, off)
			col = 0
		}
		col += cw
		off += len(cluster)
	}
	return starts
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
