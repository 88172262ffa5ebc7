package listview

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
	"amux.dev/amux/ui/theme"
)

// item is a row for the tests: a header (not a stop) or an entry.
type item struct {
	text   string
	header bool
}

func (i item) Stop() bool { return !i.header }

var mv = Moves{Down: "t.down", Up: "t.up", Top: "t.top", Bottom: "t.bottom"}

// rows are "# group" headers and entries, from a spec like "# a b # c".
func rows(spec string) []item {
	var out []item
	header := false
	for _, f := range strings.Fields(spec) {
		if f == "#" {
			header = true
			continue
		}
		out = append(out, item{text: f, header: header})
		header = false
	}
	return out
}

func list(h int, spec string) Model[item] {
	l := New[item](theme.Dark(), mv)
	l.SetSize(30, h)
	l.SetRows(rows(spec))
	l.SetCursor(0)
	return l
}

func at(l Model[item]) string {
	_, r, ok := l.Cursor()
	if !ok {
		return "-"
	}
	return r.text
}

func TestMovesRestOnStopsOnlyAndClampAtTheEnds(t *testing.T) {
	cases := []struct {
		name, spec string
		do         []keys.ActionID
		want       string
	}{
		{"starts past a header", "# A a b # B c", nil, "a"},
		{"down skips a header", "# A a # B b", []keys.ActionID{mv.Down}, "b"},
		{"up skips a header", "# A a # B b", []keys.ActionID{mv.Down, mv.Up}, "a"},
		{"up at the top stays", "# A a b", []keys.ActionID{mv.Up, mv.Up}, "a"},
		{"down at the bottom stays", "a b # C", []keys.ActionID{mv.Down, mv.Down, mv.Down}, "b"},
		{"bottom skips a trailing header", "a b # C", []keys.ActionID{mv.Bottom}, "b"},
		{"top skips a leading header", "# A a b", []keys.ActionID{mv.Bottom, mv.Top}, "a"},
		{"empty list", "", []keys.ActionID{mv.Down, mv.Bottom, mv.Up, mv.Top}, "-"},
		{"only headers", "# A # B", []keys.ActionID{mv.Down}, "A"},
	}
	for _, c := range cases {
		l := list(10, c.spec)
		for _, id := range c.do {
			if !l.Do(id) {
				t.Fatalf("%s: %s is a move", c.name, id)
			}
		}
		if got := at(l); got != c.want {
			t.Errorf("%s: cursor on %s, want %s", c.name, got, c.want)
		}
	}
	l := list(10, "a")
	if l.Do("t.other") {
		t.Fatal("an action that is not a move was done")
	}
	if list(10, "# A # B").HasStop() || !list(10, "# A b").HasStop() {
		t.Fatal("HasStop")
	}
}

func TestCursorIsClampedWhenRowsShrink(t *testing.T) {
	l := list(10, "a b c d e")
	l.Do(mv.Bottom)
	l.SetRows(rows("a b"))
	if got := at(l); got != "b" {
		t.Fatalf("cursor on %s after the rows shrank", got)
	}
	l.SetRows(nil)
	if i, _, ok := l.Cursor(); ok || i != 0 {
		t.Fatalf("empty list: cursor %d %v", i, ok)
	}
	l.SetRows(rows("# A x"))
	l.SetCursor(0) // a header: the cursor steps on to a stop
	if got := at(l); got != "x" {
		t.Fatalf("cursor on %s", got)
	}
	l.SetRows(rows("x # A"))
	l.SetCursor(5) // past the end, then back from a header
	if got := at(l); got != "x" {
		t.Fatalf("cursor on %s", got)
	}
}

// shown is the window's rows, as drawn.
func shown(l Model[item]) []string {
	v := ansi.Strip(l.View("head", "foot", func(r item) string { return r.text }))
	lines := strings.Split(v, "\n")
	return lines[1 : len(lines)-1]
}

func TestTheWindowFollowsTheCursorAtBothEdges(t *testing.T) {
	l := list(5, "a b c d e f g") // 3 rows of window
	if got := strings.Join(shown(l), ","); !strings.HasPrefix(got, "a") || strings.Count(got, ",") != 2 {
		t.Fatalf("window %q", got)
	}
	for range 3 {
		l.Do(mv.Down)
	}
	if got := shown(l); strings.TrimSpace(got[2]) != "d" || got[0] != "b" {
		t.Fatalf("scrolled down to d: %q", got)
	}
	l.Do(mv.Bottom)
	if got := shown(l); strings.TrimSpace(got[2]) != "g" {
		t.Fatalf("at the bottom: %q", got)
	}
	l.Do(mv.Up)
	l.Do(mv.Up)
	l.Do(mv.Up)
	if got := shown(l); strings.TrimSpace(got[0]) != "d" {
		t.Fatalf("scrolled up to d: %q", got)
	}
	l.Do(mv.Top)
	if got := shown(l); strings.TrimSpace(got[0]) != "a" {
		t.Fatalf("at the top: %q", got)
	}
	// Fewer rows than the window: no scrolling, the rest blank.
	l = list(6, "a b")
	l.Do(mv.Bottom)
	if got := shown(l); got[0] != "a" || got[2] != "" {
		t.Fatalf("short list: %q", got)
	}
	// A growing head takes rows from the window, not the footer.
	v := ansi.Strip(l.View("head\nerror", "foot", func(r item) string { return r.text }))
	if lines := strings.Split(v, "\n"); len(lines) != 6 || lines[1] != "error" || lines[5] != "foot" {
		t.Fatalf("two-line head: %q", lines)
	}
}

func TestTheCursorRowIsHighlightedAcrossTheWidth(t *testing.T) {
	l := list(5, "a b")
	got := shown(l)
	if len(got[0]) != 30 || strings.TrimSpace(got[0]) != "a" || got[1] != "b" {
		t.Fatalf("rows %q", got)
	}
}

func TestFilterTypesKeepsAndClears(t *testing.T) {
	l := list(10, "a b")
	if cmd, used, _ := l.Update(keystest.Press("x")); used || cmd != nil {
		t.Fatal("a key with the filter closed was taken")
	}
	l.StartFilter()
	if !l.Filtering() {
		t.Fatal("filter not open")
	}
	for _, k := range []string{"a", "b"} {
		if _, used, rq := l.Update(keystest.Press(k)); !used || !rq {
			t.Fatalf("typing %s: used %v requery %v", k, used, rq)
		}
	}
	if _, _, rq := l.Update(tea.PasteMsg{Content: "c\x1b[31m"}); !rq || l.Query() != "abc" {
		t.Fatalf("paste: query %q requery %v", l.Query(), rq)
	}
	if _, used, rq := l.Update(keystest.Press("enter")); !used || rq || l.Filtering() || l.Query() != "abc" {
		t.Fatalf("enter keeps: %q %v", l.Query(), l.Filtering())
	}
	if !strings.Contains(ansi.Strip(l.View("h", "foot", func(r item) string { return r.text })), "foot") {
		t.Fatal("the footer is back once the filter closes")
	}
	l.StartFilter()
	if _, used, rq := l.Update(keystest.Press("esc")); !used || !rq || l.Filtering() || l.Query() != "" {
		t.Fatalf("esc clears: %q %v", l.Query(), l.Filtering())
	}
	l.StartFilter()
	l.Update(keystest.Press("z"))
	l.ClearFilter()
	if l.Filtering() || l.Query() != "" {
		t.Fatal("ClearFilter")
	}
}

func TestTheWheelMovesTheCursor(t *testing.T) {
	l := list(10, "a # B b c")
	l.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if at(l) != "b" {
		t.Fatalf("wheel down: %s", at(l))
	}
	l.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if at(l) != "a" {
		t.Fatalf("wheel up: %s", at(l))
	}
}

func TestMoveRowsAreWholeRows(t *testing.T) {
	why := func(n int) string {
		if n == 0 {
			return "empty"
		}
		return ""
	}
	tb := MoveRows(mv, "file", why)
	keystest.CheckTable(t, tb, 0, 1)
	if w, _ := tb.Why(0, mv.Down); w != "empty" {
		t.Fatalf("why %q", w)
	}
	if tb[0].Help != "Next file" {
		t.Fatalf("help %q", tb[0].Help)
	}
}
