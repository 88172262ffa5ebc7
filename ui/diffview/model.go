// Package diffview is the diff viewer: one or more files of a unified diff
// (git/udiff), unified or side by side, with syntax colours, wrapping,
// hunk and search navigation, meeting the contract's "Diff viewer scroll
// contract":
//
//   - w toggles wrap; with wrap on, scrolling (keys, wheel, pages) and the
//     footer's position counter count display rows (wrapped segments), so
//     a long line's tail is always reachable;
//   - n/p step hunks in source order;
//   - a resize, w, or a switch between unified and side by side re-anchors
//     the top of the viewport to the same source line;
//   - a search hit scrolls to the display segment that holds it, keeping
//     the hunk header above only when it fits with that segment.
//
// It does no I/O: the app loads diffs through the git engine and gives
// them to SetDiff; staging and mode changes come back as RequestMsg.
// Syntax colouring runs in a command (Highlight) and arrives as a message,
// so opening a large diff shows it at once.
package diffview

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/syntax"
	"amux.dev/amux/ui/theme"
)

// SplitMinWidth is the narrowest screen that shows side by side.
const SplitMinWidth = 140

// Model is the viewer's state.
type Model struct {
	theme theme.Theme
	keys  keys.Map

	title   string // the display copy of what is shown: path, mode
	mode    string
	empty   string // shown when there are no files: "" means "no changes"
	files   []udiff.File
	items   []item
	spans   [][]span       // per item, from the highlighter; nil until it answers
	gen     int            // generation of items; stale highlight results are dropped
	syn     *syntax.Set    // the lexers, built as files of their language are shown
	colours *syntaxColours // the theme's colour for each token class
	chunks  map[int]bool   // highlight chunks asked for in this generation

	width, height int
	wrap          bool
	wantSplit     bool // the person's choice; shown only when wide enough
	noStage       bool // what is shown cannot be staged: the footer offers no staging
	unstage       bool // what is shown is staged: its stage keys unstage
	lay           *layout
	top           int // first display row shown
	// sel is the item index of the selected hunk's header (-1: none). n/p
	// move it in source order; scrolling it off screen selects the hunk
	// the view moved to.
	sel int

	search    textinput.Model
	searching bool // the search field has focus
	query     string
	matches   []match
	cur       int // selected match, -1 none
}

// New returns an empty viewer.
func New(th theme.Theme, km keys.Map) Model {
	in := dialog.NewFilterField()
	return Model{theme: th, keys: km, search: in, cur: -1, sel: -1, wantSplit: true, width: 80, height: 24,
		syn: syntax.New(), colours: syntaxColoursOf(th), chunks: map[int]bool{}}
}

// SetDiff shows files under title (a path, say) in mode (its label:
// "unstaged", "staged", "against main"). When the title is what is shown
// already (a reload after staging), the view stays on the same source line;
// otherwise it starts at the top. It returns the command that colours the
// syntax of what is on screen.
func (m *Model) SetDiff(title, mode string, files []udiff.File) tea.Cmd {
	same := safetext.Line(title) == m.title && m.lay != nil
	anchor := m.anchor()
	m.title, m.mode, m.files = safetext.Line(title), safetext.Line(mode), files
	m.items = flatten(files)
	m.spans, m.chunks = nil, map[int]bool{}
	m.gen++
	m.matches, m.cur = nil, -1
	m.relayout()
	ordinal, _ := m.HunkIndex()
	m.sel = -1
	if same {
		m.reanchor(anchor)
		m.selectOrdinal(max(1, ordinal)) // a reload keeps the place
	} else {
		m.top = 0
		m.selectOrdinal(1)
	}
	if m.query != "" {
		m.findMatches()
	}
	return m.highlightVisible()
}

// SetEmpty sets what the viewer says while it has no files ("loading…",
// "not shown: …"); "" brings back "no changes". A viewer still loading,
// or refused its file, must not claim there are no changes.
func (m *Model) SetEmpty(text string) { m.empty = safetext.Line(text) }

// Files returns what is shown.
func (m Model) Files() []udiff.File { return m.files }

// SetSize sets the viewer's outer size; the top stays on the same source
// line. The command colours rows that came into view.
func (m *Model) SetSize(w, h int) tea.Cmd {
	if w == m.width && h == m.height {
		return nil
	}
	a := m.anchor()
	m.width, m.height = max(w, 10), max(h, 3)
	m.relayout()
	m.reanchor(a)
	return m.highlightVisible()
}

// SetStaging says whether what is shown can be staged from here (the
// unstaged or staged diff of a worktree) or not (a file shown read-only, a
// conflict, a commit): the footer offers staging only when it can. The
// viewer still asks for a stage on its key; the app says why it cannot.
func (m *Model) SetStaging(ok bool) { m.noStage = !ok }

// SetUnstage says whether what is shown is the staged diff, whose stage
// keys unstage: the footer names them so.
func (m *Model) SetUnstage(on bool) { m.unstage = on }

// Wrap reports whether long lines wrap.
func (m Model) Wrap() bool { return m.wrap }

// Split reports whether the view is side by side now.
func (m Model) Split() bool { return m.lay != nil && m.lay.split }

// bodyHeight is the rows for diff text: the title and the footer take one
// each.
func (m Model) bodyHeight() int { return max(1, m.height-2) }

// relayout recomputes the rows for the current size and settings.
func (m *Model) relayout() {
	split := m.wantSplit && m.width >= SplitMinWidth
	m.lay = buildLayout(m.items, m.width, m.wrap, split)
	m.clamp()
}

// anchorPos is a source position: an item and a byte offset in its text.
type anchorPos struct{ item, off int }

// anchor is the source row at the top of the viewport, and where in it the
// top segment starts.
func (m Model) anchor() anchorPos {
	if m.lay == nil || len(m.lay.rows) == 0 {
		return anchorPos{}
	}
	row, seg := m.lay.at(m.top)
	it := m.lay.rows[row].src()
	s := m.lay.segOf(it)
	off := 0
	if seg < len(s) {
		off = s[seg]
	}
	return anchorPos{item: it, off: off}
}

// reanchor puts the display row holding a's source position at the top.
func (m *Model) reanchor(a anchorPos) {
	if len(m.items) == 0 {
		m.top = 0
		return
	}
	it := min(a.item, len(m.items)-1)
	m.top = m.displayRowOf(it, a.off)
	m.clamp()
}

// displayRowOf returns the display row of item it's segment holding byte
// offset off.
func (m Model) displayRowOf(it, off int) int {
	row := m.lay.rowOf[it]
	seg := 0
	for i, start := range m.lay.segOf(it) {
		if start <= off {
			seg = i
		}
	}
	return m.lay.starts[row] + seg
}

func (m *Model) clamp() {
	maxTop := max(0, m.lay.total()-m.bodyHeight())
	m.top = min(max(0, m.top), maxTop)
}

// Position returns the display row at the top (1-based) and the number of
// display rows: what the footer's counter shows.
func (m Model) Position() (row, total int) {
	if m.lay == nil {
		return 0, 0
	}
	return m.top + 1, m.lay.total()
}

// TopLine returns the source line at the top of the viewport: its new-side
// number (the old-side one for a deleted line), 0 for a header.
func (m Model) TopLine() int {
	if len(m.items) == 0 {
		return 0
	}
	it := m.items[m.anchor().item]
	if it.new > 0 {
		return it.new
	}
	return it.old
}

// CurrentHunk returns the selected hunk's file and index: the one
// ActStageHunk acts on and the footer counts.
func (m Model) CurrentHunk() (file, hunk int, ok bool) {
	if m.sel < 0 || m.sel >= len(m.items) {
		return 0, 0, false
	}
	it := m.items[m.sel]
	return it.file, it.hunk, it.hunk >= 0
}
