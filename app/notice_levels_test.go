package app

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/config"
	"amux.dev/amux/status/health"
)

// Notices (notice.go): info and warnings expire, each by its own
// generation, so an old timer never clears a newer notice; errors and the
// start-up warning stay until the next notice, which comes with a key.

// noticeRowOf is the plain notice row (the body's last) of m's screen.
func noticeRowOf(m *Model) string { r := rows(m); return r[len(r)-2] }

// An info notice expires by its own timer; an expiry left from an earlier
// notice does not clear a newer one.
func TestANoticeExpiresOnlyByItsOwnGeneration(t *testing.T) {
	m := newTestModel(t, 120, 40)
	first := m.say(modal.LevelInfo, "first")
	if first == nil || !timerCmd(first) {
		t.Fatal("an info notice came without its expiry timer")
	}
	firstGen := m.noticeGen
	second := m.say(modal.LevelWarn, "second")
	if second == nil || !timerCmd(second) {
		t.Fatal("a warning came without its expiry timer")
	}
	m.Update(noticeExpiredMsg{gen: firstGen})
	if m.notice.text != "second" || !strings.Contains(noticeRowOf(m), "second") {
		t.Fatalf("the first notice's timer cleared the second: %q", noticeRowOf(m))
	}
	m.Update(noticeExpiredMsg{gen: m.noticeGen})
	if m.notice.text != "" || strings.Contains(noticeRowOf(m), "second") {
		t.Fatalf("its own timer left the notice: %q", noticeRowOf(m))
	}
	if r := noticeRowOf(m); !strings.HasPrefix(r, "┗━━") && !strings.HasPrefix(r, "╰──") {
		t.Fatalf("an expired notice leaves the edges broken: %q", r)
	}
}

// An error has no timer: it stays through every earlier timer until the
// next notice replaces it.
func TestAnErrorStaysUntilTheNextNotice(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.say(modal.LevelInfo, "before")
	gen := m.noticeGen
	if cmd := m.say(modal.LevelError, "it broke"); cmd != nil {
		t.Fatal("an error notice asked for an expiry")
	}
	for g := 0; g <= m.noticeGen; g++ {
		if g != m.noticeGen {
			m.Update(noticeExpiredMsg{gen: g})
		}
	}
	m.Update(noticeExpiredMsg{gen: gen})
	if !strings.Contains(noticeRowOf(m), "it broke") {
		t.Fatalf("the error went: %q", noticeRowOf(m))
	}
	pressAction(t, m, lifecycle.ActRestore) // on a project row: says why
	if strings.Contains(noticeRowOf(m), "it broke") || !strings.Contains(noticeRowOf(m), "select a shelved workspace") {
		t.Fatalf("the next notice did not replace the error: %q", noticeRowOf(m))
	}
}

// A start-up warning (a malformed config) has no timer: it stays through
// keys that say nothing, and the start-up health check does not push it
// away; a key that says something replaces it.
func TestAStartupWarningIsKeptUntilAKeySaysSomething(t *testing.T) {
	m := New(withEngine(Deps{Config: config.Defaults(), Now: time.Now, Zone: time.UTC,
		StartupWarning: errors.New("config.json: unexpected end of JSON input; defaults in use")}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: sampleSnapshot()})
	if m.notice.level != modal.LevelWarn || !strings.Contains(noticeRowOf(m), "defaults in use") {
		t.Fatalf("the start-up warning is not shown: %q", noticeRowOf(m))
	}
	pressAction(t, m, actDown)
	pressAction(t, m, actDown)
	bad := []health.Finding{{Check: "tmux", Level: health.Fail, Detail: "too old"}}
	m.Update(healthNoticeMsg{findings: bad})
	if !strings.Contains(noticeRowOf(m), "defaults in use") {
		t.Fatalf("moving or the health check pushed the warning away: %q", noticeRowOf(m))
	}
	pressAction(t, m, actFocusTabArea)
	m.run(actFocusTabArea)
	if strings.Contains(noticeRowOf(m), "defaults in use") || !strings.Contains(noticeRowOf(m), "already there") {
		t.Fatalf("a key that says something kept the warning: %q", noticeRowOf(m))
	}
}

// The start-up health check's notice: shown over an info notice, with the
// key to Health first so a long finding cannot cut the way to its fix.
func TestTheHealthNoticeLeadsWithItsKey(t *testing.T) {
	m := newTestModel(t, 80, 24)
	m.say(modal.LevelInfo, "loaded")
	m.Update(healthNoticeMsg{findings: []health.Finding{{Check: "tmux", Level: health.Fail,
		Detail: strings.Repeat("a very long detail ", 10)}}})
	if m.notice.level != modal.LevelWarn || !strings.HasPrefix(m.notice.text, "Health (H): tmux: a very long") {
		t.Fatalf("health notice %q (level %d)", m.notice.text, m.notice.level)
	}
	if r := noticeRowOf(m); !strings.Contains(r, "Health (H)") || len([]rune(r)) != 80 {
		t.Fatalf("notice row %q (%d wide)", r, len([]rune(r)))
	}
	m.say(modal.LevelInfo, "x")
	m.Update(healthNoticeMsg{findings: []health.Finding{{Check: "tmux", Level: health.OK}}})
	if m.notice.text != "x" {
		t.Fatalf("an all-well health check said %q", m.notice.text)
	}
}

// The levels look different: the same text is drawn in three styles.
func TestNoticeLevelsAreDrawnDifferently(t *testing.T) {
	drawn := map[modal.Level]string{}
	for _, lv := range []modal.Level{modal.LevelInfo, modal.LevelWarn, modal.LevelError} {
		m := newTestModel(t, 120, 40)
		m.say(lv, "same words")
		r := strings.Split(m.render(), "\n")
		drawn[lv] = r[len(r)-2]
		if !strings.Contains(ansi.Strip(drawn[lv]), " same words ") {
			t.Fatalf("level %d: %q", lv, ansi.Strip(drawn[lv]))
		}
	}
	if drawn[modal.LevelInfo] == drawn[modal.LevelWarn] || drawn[modal.LevelWarn] == drawn[modal.LevelError] || drawn[modal.LevelInfo] == drawn[modal.LevelError] {
		t.Fatal("two notice levels are drawn alike")
	}
}

// A notice is set into the edges two cells in, cut to leave the corner
// and its end: the row is always the screen's width, the edges around it
// kept, however long the text, at every width.
func TestANoticeFitsTheRowAtEveryWidth(t *testing.T) {
	long := strings.Repeat("word ", 60)
	for _, w := range []int{80, 101, 160, 240} {
		m := newTestModel(t, w, 30)
		withTabs(m, 1)
		for _, text := range []string{"short", long} {
			m.say(modal.LevelInfo, text)
			r := noticeRowOf(m)
			if n := len([]rune(r)); n != w {
				t.Fatalf("%d columns, %d-rune notice: row %d wide: %q", w, len(text), n, r)
			}
			if !strings.HasPrefix(r, "┗━ ") || !strings.HasSuffix(r, "╯") {
				t.Fatalf("%d columns: the notice broke the corners: %q", w, r)
			}
			if text == long && !strings.Contains(r, "…") {
				t.Fatalf("%d columns: a long notice is cut without a mark: %q", w, r)
			}
		}
	}
	// Under a zoom the row is one rule, and the notice sits in it.
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	pressAction(t, m, actZoom)
	if r := noticeRowOf(m); !strings.HasPrefix(r, "━━ zoomed: z ends it ━") || len([]rune(r)) != 120 {
		t.Fatalf("zoomed notice row %q", r)
	}
}

// fitNotice keeps the reason: paths lose their middle first, longest
// first; a word pair with one slash is no path; only then is the end cut.
func TestFitNoticeShortensPathsBeforeCutting(t *testing.T) {
	cases := []struct {
		text string
		w    int
		want string
	}{
		{"short", 20, "short"},
		{"open /a/b/c/file.json: denied", 24, "open …/file.json: denied"},
		{"state working/done changed for /x/y/z/long-name: ok", 46, "state working/done changed for …/long-name: ok"},
		{"cp /aa/bb/one /cccccccc/dddddddd/two: failed", 36, "cp /aa/bb/one …/two: failed"},
		{"cp /aa/bb/one /cccccccc/dddddddd/two: failed", 24, "cp …/one …/two: failed"},
		{"no paths here at all, just a long sentence", 20, "no paths here at al…"},
		{"~/code/project/sub/x: gone", 10, "…/x: gone"},
	}
	for _, c := range cases {
		if got := fitNotice(c.text, c.w); got != c.want {
			t.Errorf("fitNotice(%q, %d) = %q, want %q", c.text, c.w, got, c.want)
		}
		if got := fitNotice(c.text, c.w); ansi.StringWidth(got) > c.w {
			t.Errorf("fitNotice(%q, %d) is %d wide", c.text, c.w, ansi.StringWidth(got))
		}
	}
	for in, want := range map[string]string{
		"/a/b/c": "…/c", "/a/b/c/": "…/c", "/top": "/top", "…/c": "…/c", "a/b": "…/b",
	} {
		if got := shortPath(in); got != want {
			t.Errorf("shortPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// noticeLine makes any text one safe row: lines joined by a dot, blank
// lines and escapes dropped.
func TestNoticeLineIsOneSafeRow(t *testing.T) {
	for in, want := range map[string]string{
		"one":                      "one",
		"one\ntwo":                 "one · two",
		"  one  \n\n\ttwo\n":       "one · two",
		"bell\x07 and \x1b[31mred": "bell and red",
		"":                         "",
	} {
		if got := paint.NoticeLine(in); got != want {
			t.Errorf("noticeLine(%q) = %q, want %q", in, got, want)
		}
	}
}
