package diffview

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
	"amux.dev/amux/ui/theme"
)

const scope keys.Scope = "diff"

func registry(t testing.TB, rebind map[keys.ActionID][]string) keys.Map {
	t.Helper()
	acts := DefaultActions(scope)
	for i := range acts {
		if ks, ok := rebind[acts[i].ID]; ok {
			acts[i].Keys = ks
		}
	}
	r, err := keys.NewRegistry(acts...)
	if err != nil {
		t.Fatal(err)
	}
	return r.Map()
}

// bigDiff is one Go file with hunks of 20 lines each; line longLine (new
// side) is 500 characters with NEEDLE at byte 400.
func bigDiff(hunks int) []udiff.File {
	var b strings.Builder
	b.WriteString("diff --git a/main.go b/main.go\n--- a/main.go\n+++ b/main.go\n")
	n := 1
	for h := 0; h < hunks; h++ {
		fmt.Fprintf(&b, "@@ -%d,20 +%d,20 @@ func f%d() {\n", n, n, h)
		for i := 0; i < 20; i++ {
			switch {
			case h == 1 && i == 5:
				fmt.Fprintf(&b, "+%s\n", strings.Repeat("x", 400)+"NEEDLE"+strings.Repeat("y", 94))
				fmt.Fprintf(&b, "-\told := %d // removed\n", n+i)
			case i == 10:
				fmt.Fprintf(&b, "-\tx := %d\n+\tx := %d // changed\n", n+i, n+i)
			default:
				fmt.Fprintf(&b, " \tfmt.Println(%d)\n", n+i)
			}
		}
		n += 100
	}
	return udiff.Parse(b.String())
}

func newViewer(t testing.TB, w, h int) Model {
	m := New(theme.Dark(), registry(t, nil))
	m.SetSize(w, h)
	m.SetDiff("main.go", "unstaged", bigDiff(5))
	return m
}

func press(t testing.TB, m Model, keys ...string) Model {
	t.Helper()
	for _, k := range keys {
		m, _ = m.Update(keyMsg(k))
	}
	return m
}

func keyMsg(s string) tea.KeyPressMsg { return keystest.Press(s) }

// longItem finds the 500-character line.
func longItem(t testing.TB, m Model) int {
	for i, it := range m.items {
		if strings.Contains(it.text, "NEEDLE") {
			return i
		}
	}
	t.Fatal("no long line")
	return -1
}

// TestWrapScrollsAndCountsDisplayRows: with wrap on, j moves one display
// row (through the long line's segments) and the footer counts display
// rows; with wrap off the long line is one row.
func TestWrapScrollsAndCountsDisplayRows(t *testing.T) {
	m := newViewer(t, 80, 12)
	_, unwrapped := m.Position()
	m = press(t, m, "w")
	if !m.Wrap() {
		t.Fatal("w did not turn wrap on")
	}
	_, wrapped := m.Position()
	li := longItem(t, m)
	segs := len(m.lay.segOf(li))
	if segs < 6 || wrapped != unwrapped+segs-1 {
		t.Fatalf("display rows %d → %d with %d segments", unwrapped, wrapped, segs)
	}
	if !strings.Contains(ansi.Strip(m.View()), fmt.Sprintf("row 1/%d", wrapped)) {
		t.Fatalf("footer does not count display rows:\n%s", ansi.Strip(m.View()))
	}
	// Walk to the long line, then through its segments one row at a time.
	for m.anchor().item != li {
		m = press(t, m, "j")
	}
	line := m.TopLine()
	for s := 1; s < segs; s++ {
		row, _ := m.Position()
		m = press(t, m, "j")
		if r2, _ := m.Position(); r2 != row+1 || m.TopLine() != line {
			t.Fatalf("segment %d: row %d → %d, line %d → %d", s, row, r2, line, m.TopLine())
		}
	}
	// The tail of the long line is at the top now.
	if first := strings.SplitN(ansi.Strip(m.View()), "\n", 3)[1]; !strings.Contains(first, "y") || strings.Contains(first, "x") {
		t.Fatalf("top row is not the long line's tail: %q", first)
	}
	// The wheel moves by display rows too.
	row, _ := m.Position()
	m, _ = m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if r2, _ := m.Position(); r2 != row+wheelRows {
		t.Fatalf("wheel moved %d rows", r2-row)
	}
	// A page moves a page of display rows.
	row, _ = m.Position()
	m = press(t, m, "pgdown")
	if r2, _ := m.Position(); r2 != row+m.bodyHeight()-1 {
		t.Fatalf("page moved %d rows, body %d", r2-row, m.bodyHeight())
	}
}

// TestHunksStepInSourceOrder: ] visits every hunk header in order, [
// comes back; wrap does not change the order.
func TestHunksStepInSourceOrder(t *testing.T) {
	for _, wrap := range []bool{false, true} {
		m := newViewer(t, 80, 12)
		if wrap {
			m = press(t, m, "w")
		}
		if n, _ := m.HunkIndex(); n != 1 {
			t.Fatalf("the first hunk is not selected at the start: %d", n)
		}
		for want := 2; want <= 5; want++ {
			m = press(t, m, "]")
			if n, total := m.HunkIndex(); n != want || total != 5 {
				t.Fatalf("wrap %v: after %d× ] at hunk %d/%d", wrap, want, n, total)
			}
			if it := m.items[m.anchor().item]; it.kind != hunkItem {
				t.Fatalf("] did not land on a hunk header")
			}
		}
		m = press(t, m, "[", "[")
		if n, _ := m.HunkIndex(); n != 3 {
			t.Fatalf("[ [ from hunk 5 → hunk %d", n)
		}
	}
}

// TestResizeAndWrapReanchorToTheSameSourceLine.
func TestResizeAndWrapReanchorToTheSameSourceLine(t *testing.T) {
	m := newViewer(t, 100, 12)
	m = press(t, m, "]", "]", "j", "j", "j")
	line := m.TopLine()
	if line == 0 {
		t.Fatal("not on a line")
	}
	for _, step := range []func(*Model){
		func(m *Model) { m.SetSize(50, 12) },
		func(m *Model) { *m = press(t, *m, "w") },
		func(m *Model) { m.SetSize(160, 20) }, // wide: side by side
		func(m *Model) { *m = press(t, *m, "w") },
		func(m *Model) { m.SetSize(90, 8) },
	} {
		step(&m)
		if m.TopLine() != line {
			t.Fatalf("top line %d, want %d (wrap %v split %v width %d)", m.TopLine(), line, m.Wrap(), m.Split(), m.width)
		}
	}
}

// TestSearchScrollsToTheWrappedSegmentHoldingTheHit: the hit at byte 400
// of a 500-column line is on screen after the search, though the line's
// first segment is far above it.
func TestSearchScrollsToTheWrappedSegmentHoldingTheHit(t *testing.T) {
	m := newViewer(t, 60, 6) // body of 4 rows
	m = press(t, m, "w", "/")
	for _, r := range "needle" {
		m = press(t, m, string(r))
	}
	m = press(t, m, "enter")
	if sel, all := m.Matches(); sel != 1 || all != 1 {
		t.Fatalf("matches %d/%d", sel, all)
	}
	li := longItem(t, m)
	want := m.displayRowOf(li, 400)
	if row, _ := m.Position(); row-1 != want {
		t.Fatalf("top row %d, want the hit's segment %d (line starts at %d)", row-1, want, m.lay.starts[m.lay.rowOf[li]])
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "NEEDLE") && !strings.Contains(v, "NEE") {
		t.Fatalf("hit not on screen:\n%s", v)
	}
	// On a tall screen the hunk header above fits with the segment and
	// stays on top.
	m2 := newViewer(t, 60, 40)
	m2 = press(t, m2, "w", "G", "/", "N", "E", "E", "D", "L", "E", "enter")
	hdr := -1
	for i := li; i >= 0; i-- {
		if m2.items[i].kind == hunkItem {
			hdr = m2.lay.starts[m2.lay.rowOf[i]]
			break
		}
	}
	if row, _ := m2.Position(); row-1 != hdr {
		t.Fatalf("tall screen: top %d, want the hunk header %d", row-1, hdr)
	}
}

func TestSideBySideOnlyWhenWide(t *testing.T) {
	m := newViewer(t, SplitMinWidth-1, 10)
	if m.Split() {
		t.Fatal("split on a narrow screen")
	}
	m.SetSize(SplitMinWidth, 10)
	if !m.Split() || !strings.Contains(m.View(), "│") {
		t.Fatal("no side by side on a wide screen")
	}
	m = press(t, m, "v")
	if m.Split() {
		t.Fatal("v did not switch to unified")
	}
}

// TestKeysAndHintsComeFromTheRegistry: rebinding wrap to W changes both
// what the footer says and what works.
func TestKeysAndHintsComeFromTheRegistry(t *testing.T) {
	m := New(theme.Dark(), registry(t, map[keys.ActionID][]string{ActWrap: {"W"}}))
	m.SetSize(200, 10)
	m.SetDiff("main.go", "unstaged", bigDiff(1))
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "W: wrap") || strings.Contains(v, "w: wrap") {
		t.Fatalf("footer hints:\n%s", v)
	}
	if m = press(t, m, "w"); m.Wrap() {
		t.Fatal("the old key still works")
	}
	if m = press(t, m, "W"); !m.Wrap() {
		t.Fatal("the new key does not work")
	}
}

func TestStageHunkAsksTheApp(t *testing.T) {
	m := newViewer(t, 80, 12)
	m = press(t, m, "]")
	_, cmd := m.Update(keyMsg("s"))
	if cmd == nil {
		t.Fatal("no request")
	}
	req, ok := cmd().(RequestMsg)
	if !ok || req.Op != OpStageHunk || req.Hunk != 1 || req.File.Path() != "main.go" {
		t.Fatalf("request %+v", req)
	}
}

// A view that cannot be staged from (a file shown read-only) offers no
// staging in its footer; one that can, does.
func TestFooterOffersStagingOnlyWhereItWorks(t *testing.T) {
	m := newViewer(t, 200, 12)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "s: stage hunk") {
		t.Fatalf("the unstaged diff offers no staging:\n%s", v)
	}
	m.SetStaging(false)
	if v := ansi.Strip(m.View()); strings.Contains(v, "stage hunk") || !strings.Contains(v, "w: wrap") {
		t.Fatalf("a read-only view offers staging (or lost its other hints):\n%s", v)
	}
	m.SetStaging(true)
	m.SetUnstage(true)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "s: unstage hunk") {
		t.Fatalf("the staged diff's footer does not say its key unstages:\n%s", v)
	}
}

// n and N step through search matches, as in every viewer here; the
// hunks have their own keys, so n no longer moves a hunk.
func TestNAndShiftNStepThroughMatches(t *testing.T) {
	m := newViewer(t, 80, 12)
	m = press(t, m, "/")
	for _, r := range "changed" {
		m = press(t, m, string(r))
	}
	m = press(t, m, "enter")
	first, _ := m.Position()
	m = press(t, m, "n")
	second, _ := m.Position()
	if second == first {
		t.Fatalf("n did not move to the next match (row %d)", first)
	}
	m = press(t, m, "N")
	if back, _ := m.Position(); back != first {
		t.Fatalf("N did not come back to the first match: row %d, want %d", back, first)
	}
}

func TestSyntaxColoursArriveAndStaleOnesAreDropped(t *testing.T) {
	m := New(theme.Dark(), registry(t, nil))
	m.SetSize(100, 20)
	cmd := m.SetDiff("main.go", "unstaged", bigDiff(2))
	stale := cmd()
	cmd = m.SetDiff("main.go", "unstaged", bigDiff(30))
	m, _ = m.Update(stale)
	if m.spans != nil {
		t.Fatal("a stale highlight was applied")
	}
	m, _ = m.Update(cmd())
	if m.spans == nil || !strings.Contains(m.View(), "\x1b[38;2;") {
		t.Fatal("no syntax colours")
	}
	// Only what was shown was coloured; scrolling to the end asks for the
	// rest, once.
	if m.spans[len(m.items)-1] != nil {
		t.Fatal("rows far below the screen were coloured up front")
	}
	m, more := m.Do(ActBottom)
	if more == nil {
		t.Fatal("no colouring asked for rows that came into view")
	}
	m, _ = m.Update(more())
	if m.spans[len(m.items)-2] == nil {
		t.Fatal("the bottom rows were not coloured")
	}
	if _, again := m.Do(ActBottom); again != nil {
		t.Fatal("the same chunk was asked for twice")
	}
}

func TestOutsideTextIsInert(t *testing.T) {
	d := "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+evil \x1b]8;;http://x\x07link\x1b]8;;\x07 \x1b[2J\n"
	m := New(theme.Dark(), registry(t, nil))
	m.SetSize(80, 10)
	m.SetDiff("x\x1b[31m", "unstaged", udiff.Parse(d))
	v := m.View()
	if strings.Contains(v, "\x1b]") || strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\x1b[31m") {
		t.Fatalf("escape sequences from outside reach the screen: %q", v)
	}
}

// TestHunkSelectionWhenEverythingFits: a diff shorter than the screen
// cannot scroll, yet ] still selects the next hunk, and s stages that one.
func TestHunkSelectionWhenEverythingFits(t *testing.T) {
	m := newViewer(t, 80, 400)
	if row, _ := m.Position(); row != 1 {
		t.Fatal("not at the top")
	}
	m = press(t, m, "]", "]")
	if n, _ := m.HunkIndex(); n != 3 {
		t.Fatalf("selected hunk %d", n)
	}
	_, cmd := m.Update(keyMsg("s"))
	if req := cmd().(RequestMsg); req.Hunk != 2 {
		t.Fatalf("stage request for hunk %d", req.Hunk)
	}
	if !strings.Contains(ansi.Strip(m.View()), "▶ @@ -201,20 +201,20 @@") {
		t.Fatalf("the selected hunk is not marked:\n%s", ansi.Strip(m.View()))
	}
}
