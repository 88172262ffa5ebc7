package diffview

import "strings"

// match is one search hit: an item and the byte range of the hit in its
// display text.
type match struct{ item, off, n int }

// maxMatches bounds the hits kept for one query.
const maxMatches = 10000

// findMatches finds the query, case-insensitively, in every file header
// and line, in source order.
func (m *Model) findMatches() {
	m.matches, m.cur = nil, -1
	if m.query == "" {
		return
	}
	q := strings.ToLower(m.query)
	for i, it := range m.items {
		if it.kind == hunkItem {
			continue
		}
		text := strings.ToLower(it.text)
		if len(text) != len(it.text) {
			continue // a case change altered byte offsets: no safe mapping
		}
		for off := 0; ; {
			j := strings.Index(text[off:], q)
			if j < 0 {
				break
			}
			m.matches = append(m.matches, match{item: i, off: off + j, n: len(q)})
			if len(m.matches) >= maxMatches {
				return
			}
			off += j + max(1, len(q))
		}
	}
}

// Matches returns the number of hits and the selected one (1-based, 0 for
// none).
func (m Model) Matches() (selected, total int) { return m.cur + 1, len(m.matches) }

// selectFrom selects the first hit at or after source row from (wrapping
// to the first) and brings it into view.
func (m *Model) selectFrom(from int) {
	if len(m.matches) == 0 {
		return
	}
	m.cur = 0
	for i, h := range m.matches {
		if h.item >= from {
			m.cur = i
			break
		}
	}
	m.reveal()
}

func (m *Model) stepMatch(dir int) {
	if len(m.matches) == 0 {
		return
	}
	m.cur = (m.cur + dir + len(m.matches)) % len(m.matches)
	m.reveal()
}

// reveal scrolls to the display segment holding the selected hit. The
// enclosing hunk header stays above it when both fit on the screen;
// otherwise the segment is the top row. A hit already on screen does not
// move the view.
func (m *Model) reveal() {
	h := m.matches[m.cur]
	d := m.displayRowOf(h.item, h.off)
	body := m.bodyHeight()
	if d >= m.top && d < m.top+body {
		return
	}
	defer m.follow()
	m.top = d
	for i := h.item; i >= 0; i-- {
		if it := m.items[i]; it.kind != lineItem {
			if hdr := m.lay.starts[m.lay.rowOf[i]]; d-hdr < body {
				m.top = hdr
			}
			break
		}
	}
	m.clamp()
}
