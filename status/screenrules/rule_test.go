package screenrules

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func mustRule(t *testing.T, spec ruleSpec) *rule {
	t.Helper()
	r, err := compileRule(spec)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestWindow(t *testing.T) {
	cases := []struct {
		name   string
		screen []string
		want   []string
	}{
		{"trailing blank rows go", []string{"a", "b  ", "", "   ", ""}, []string{"a", "b"}},
		{"no-break spaces become spaces", []string{">\u00a0x\u00a0"}, []string{"> x "}},
		{"empty screen", nil, []string{}},
		{"only blanks", []string{"", " "}, []string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := window(tc.screen); !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestWindowKeepsTheBottomRows(t *testing.T) {
	screen := make([]string, 100)
	for i := range screen {
		screen[i] = strings.Repeat("x", i%7+1)
	}
	screen[100-WindowRows-1] = "esc to interrupt" // one row above the window
	screen = append(screen, "", "")
	got := window(screen)
	if len(got) != WindowRows || got[len(got)-1] != screen[99] {
		t.Fatalf("window is %d rows ending %q", len(got), got[len(got)-1])
	}
	if slices.Contains(got, "esc to interrupt") {
		t.Fatal("a row above the window is visible")
	}
}

func TestRuleEval(t *testing.T) {
	screen := []string{"Question?", "top", "middle", "1. Yes", "bottom", "> "}
	cases := []struct {
		name     string
		spec     ruleSpec
		ok       bool
		evidence string
	}{
		{"all must all match", ruleSpec{All: []string{"Question?", "1. Yes"}}, true, "Question?"},
		{"all fails on one miss", ruleSpec{All: []string{"Question?", "2. No"}}, false, ""},
		{"any needs one", ruleSpec{Any: []string{"nope", "middle"}}, true, "middle"},
		{"any fails on none", ruleSpec{Any: []string{"nope", "nada"}}, false, ""},
		{"none vetoes", ruleSpec{Any: []string{"middle"}, None: []string{"re:^>\\s*$"}}, false, ""},
		{"none that misses allows", ruleSpec{Any: []string{"middle"}, None: []string{"Deny"}}, true, "middle"},
		{"rows limit the region", ruleSpec{Rows: 3, Any: []string{"middle"}}, false, ""},
		{"rows include the bottom", ruleSpec{Rows: 3, Any: []string{"1. Yes"}}, true, "1. Yes"},
		{"evidence is the first all pattern", ruleSpec{All: []string{"bottom"}, Any: []string{"top"}}, true, "bottom"},
		{"literals are case-sensitive", ruleSpec{Any: []string{"QUESTION?"}}, false, ""},
		{"regex flags work", ruleSpec{Any: []string{"re:(?i)^question\\?$"}}, true, "Question?"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.spec.Name, tc.spec.State = "r", StateIdle
			ev, ok := mustRule(t, tc.spec).eval(screen)
			if ok != tc.ok || ev != tc.evidence {
				t.Fatalf("got (%q, %v), want (%q, %v)", ev, ok, tc.evidence, tc.ok)
			}
		})
	}
}

func TestEvidenceIsTheNewestRow(t *testing.T) {
	r := mustRule(t, ruleSpec{Name: "r", State: StateWorking, Any: []string{"esc to interrupt"}})
	ev, _ := r.eval([]string{"old (esc to interrupt) in the transcript", "│ ✻ Working… (esc to interrupt) │"})
	if ev != "✻ Working… (esc to interrupt)" {
		t.Fatalf("evidence %q", ev)
	}
}

func TestEvidenceIsBounded(t *testing.T) {
	long := strings.Repeat("é", maxEvidence)
	got := trimEvidence(long)
	if len(got) > maxEvidence+len("…") || !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
		t.Fatalf("trimmed to %d bytes: %q", len(got), got)
	}
	// Every kind of character keeps both bounds and is cut whole: a base
	// letter never loses its accent, a flag or family emoji is never split.
	for _, unit := range []string{"a", "é", "e\u0301", "界", "🇫🇷", "👩\u200d👩\u200d👧"} {
		long := strings.Repeat(unit, maxEvidence+1)
		got := trimEvidence(long)
		kept, cut := strings.CutSuffix(got, "…")
		if !cut || len(kept) > maxEvidence || ansi.StringWidth(kept) > maxEvidence ||
			!strings.HasPrefix(long, kept) || len(kept)%len(unit) != 0 {
			t.Errorf("%q: trimmed to %d bytes, %d cells: %q", unit, len(kept), ansi.StringWidth(kept), got)
		}
		if unit == "a" && len(kept) != maxEvidence {
			t.Errorf("ASCII trimmed to %d bytes, want %d", len(kept), maxEvidence)
		}
	}
	if short := strings.Repeat("界", maxEvidence/3); trimEvidence(short) != short {
		t.Errorf("a row within the bound was cut: %q", trimEvidence(short))
	}
}

func TestNilAndUnknown(t *testing.T) {
	var s *Set
	if _, ok := s.Match("claude", []string{"> "}); ok {
		t.Fatal("nil set matched")
	}
	set, _ := Load("")
	if _, ok := set.Match("opencode", []string{"> "}); ok {
		t.Fatal("an assistant without rules matched")
	}
}

func TestRequiredLiterals(t *testing.T) {
	cases := []struct {
		expr string
		want []string
	}{
		{`^\s*›(?:\s|$)`, []string{"›"}},
		{`(?i)esc to cancel`, nil},
		{`Do you|Would you`, []string{"Do you", "Would you"}},
		{`x?Yes\b`, []string{"Yes"}},
		{`(?:foo)*bar`, []string{"bar"}},
		{`a|[0-9]`, nil},
		{`(?:ab)+c`, []string{"ab"}},
		{`[>❯]\s`, nil},
	}
	for _, tc := range cases {
		if got := requiredLiterals(tc.expr); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.expr, got, tc.want)
		}
	}
}

// TestPrefilterNeverChangesAnAnswer runs every built-in regex over every
// fixture row with and without its literal prefilter.
func TestPrefilterNeverChangesAnAnswer(t *testing.T) {
	set, _ := Load("")
	var rows []string
	for _, fx := range loadFixtures(t) {
		rows = append(rows, window(fx.rows)...)
	}
	checked := 0
	for _, rules := range set.rules {
		for _, r := range rules {
			for _, p := range slices.Concat(r.all, r.any, r.none) {
				if p.re == nil {
					continue
				}
				checked++
				for _, row := range rows {
					if p.matches(row) != p.re.MatchString(row) {
						t.Errorf("%s on %q: prefilter changed the answer", p, row)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no regex checked")
	}
}
