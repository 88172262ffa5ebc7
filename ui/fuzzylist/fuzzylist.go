// Package fuzzylist is the filterable, scrollable list behind the command
// palette, the pickers and the agent picker: items are matched fuzzily
// (sahilm/fuzzy) against a query and the cursor moves over the matches.
package fuzzylist

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sahilm/fuzzy"

	"amux.dev/amux/ui/theme"
)

// Item is one row: Title is matched; Detail is shown beside it muted; Note
// (e.g. a key or why the item is disabled) is right-aligned.
type Item struct {
	Title    string
	Detail   string
	Note     string
	Disabled bool
}

// List is the state of a filtered list.
type List struct {
	// TitleFirst matches the query against titles only (fuzzily), then
	// adds the items whose Detail holds it literally, after them: a short
	// query names an item instead of scattering over its detail text.
	TitleFirst bool
	// ShowPosition gives the last row to "↑↓ 4–10 of 12" when the matches
	// do not fit, so a person knows there is more.
	ShowPosition bool
	// Rank, when set, orders the matches of a query: lower first, the
	// fuzzy order kept within a rank (the palette puts a label's
	// word-prefix match before a scattered match).
	Rank func(item int, query string) int

	items   []Item
	query   string
	matches []int // indices into items, best first
	cursor  int   // index into matches
	offset  int   // first visible match
	shown   int   // rows the last View showed
}

// New builds a list showing every item.
func New(items []Item) List {
	l := List{items: items}
	l.refilter()
	return l
}

// SetItems replaces the items, keeping the query.
func (l *List) SetItems(items []Item) {
	l.items = items
	l.refilter()
}

// SetQuery filters the items; an empty query keeps declaration order.
func (l *List) SetQuery(q string) {
	if q == l.query {
		return
	}
	l.query = q
	l.refilter()
}

func (l *List) refilter() {
	l.matches = l.matches[:0]
	if strings.TrimSpace(l.query) == "" {
		for i := range l.items {
			l.matches = append(l.matches, i)
		}
	} else {
		titles := make([]string, len(l.items))
		for i, it := range l.items {
			titles[i] = it.Title
			if !l.TitleFirst {
				titles[i] += " " + it.Detail
			}
		}
		seen := map[int]bool{}
		for _, m := range fuzzy.Find(l.query, titles) {
			l.matches = append(l.matches, m.Index)
			seen[m.Index] = true
		}
		if l.TitleFirst {
			q := strings.ToLower(strings.TrimSpace(l.query))
			for i, it := range l.items {
				if !seen[i] && strings.Contains(strings.ToLower(it.Detail), q) {
					l.matches = append(l.matches, i)
				}
			}
		}
		if l.Rank != nil {
			q := strings.TrimSpace(l.query)
			sort.SliceStable(l.matches, func(a, b int) bool { return l.Rank(l.matches[a], q) < l.Rank(l.matches[b], q) })
		}
	}
	l.cursor, l.offset = 0, 0
}

// Len is the number of matching items.
func (l List) Len() int { return len(l.matches) }

// Selected returns the index (into the items given) of the cursor row.
func (l List) Selected() (int, bool) {
	if len(l.matches) == 0 {
		return 0, false
	}
	return l.matches[l.cursor], true
}

// Move moves the cursor by delta matches, clamped.
func (l *List) Move(delta int) {
	l.cursor = max(0, min(len(l.matches)-1, l.cursor+delta))
}

// View renders at most height rows, width cells wide, keeping the cursor
// visible.
func (l *List) View(th theme.Theme, width, height int) string {
	if height < 1 {
		return ""
	}
	if len(l.matches) == 0 {
		return th.MutedStyle().Render("  no matches")
	}
	hint := l.ShowPosition && len(l.matches) > height && height >= 2
	if hint {
		height--
	}
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if l.cursor >= l.offset+height {
		l.offset = l.cursor - height + 1
	}
	var b strings.Builder
	end := min(len(l.matches), l.offset+height)
	l.shown = end - l.offset
	for row := l.offset; row < end; row++ {
		it := l.items[l.matches[row]]
		line := renderRow(it, width)
		switch {
		case row == l.cursor:
			line = th.SelectedStyle().Width(width).Render(line)
		case it.Disabled:
			line = th.MutedStyle().Render(line)
		default:
			line = th.TextStyle().Render(line)
		}
		b.WriteString(line)
		if row < end-1 {
			b.WriteByte('\n')
		}
	}
	if hint {
		b.WriteString("\n" + th.MutedStyle().Render(fmt.Sprintf("  ↑↓ %d–%d of %d", l.offset+1, end, len(l.matches))))
	}
	return b.String()
}

// Position is the first and last visible match (1-based) after the last
// View, and how many match.
func (l List) Position() (first, last, total int) {
	return l.offset + 1, min(l.offset+l.shown, len(l.matches)), len(l.matches)
}

// renderRow lays out title, detail and a right-aligned note in width cells.
func renderRow(it Item, width int) string {
	left := " " + it.Title
	if it.Detail != "" {
		left += "  " + it.Detail
	}
	note := it.Note
	room := width - len([]rune(note)) - 1
	lr := []rune(left)
	if len(lr) > room {
		if room < 2 {
			return string([]rune(left)[:max(0, width)])
		}
		lr = append(lr[:room-1], '…')
	}
	pad := width - len(lr) - len([]rune(note))
	if pad < 1 {
		pad = 1
	}
	return string(lr) + strings.Repeat(" ", pad) + note
}
