package screenrules

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// fixture is one screen under testdata/<assistant>/<name>.txt: "# key: value"
// header lines (assistant, version, width, expect, optional rule and note),
// a "---" line, then the screen rows.
type fixture struct {
	path   string
	header map[string]string
	rows   []string
}

func loadFixtures(t *testing.T) []fixture {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures found (%v)", err)
	}
	var out []fixture
	for _, p := range paths {
		out = append(out, readFixture(t, p))
	}
	return out
}

func readFixture(t testing.TB, path string) fixture {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fx := fixture{path: path, header: map[string]string{}}
	inHeader := true
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case inHeader && line == "---":
			inHeader = false
		case inHeader:
			k, v, ok := strings.Cut(strings.TrimPrefix(line, "# "), ": ")
			if !ok || !strings.HasPrefix(line, "# ") {
				t.Fatalf("%s: bad header line %q", path, line)
			}
			fx.header[k] = v
		default:
			fx.rows = append(fx.rows, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if inHeader {
		t.Fatalf("%s: no --- line after the header", path)
	}
	return fx
}

// expectVerdict splits "blocked/permission" into state and kind; "none"
// means no rule may match.
func (fx fixture) expectVerdict() (state, kind string) {
	state, kind, _ = strings.Cut(fx.header["expect"], "/")
	return state, kind
}

// TestFixtureHeaders keeps every fixture honest about where it came from:
// the assistant matches its folder and the width it was drawn at holds.
func TestFixtureHeaders(t *testing.T) {
	for _, fx := range loadFixtures(t) {
		dir := filepath.Base(filepath.Dir(fx.path))
		if fx.header["assistant"] != dir {
			t.Errorf("%s: assistant %q, folder %q", fx.path, fx.header["assistant"], dir)
		}
		if fx.header["version"] == "" {
			t.Errorf("%s: no version header", fx.path)
		}
		width, err := strconv.Atoi(fx.header["width"])
		if err != nil || width < 20 {
			t.Errorf("%s: width header %q", fx.path, fx.header["width"])
			continue
		}
		for i, row := range fx.rows {
			if n := utf8.RuneCountInString(row); n > width {
				t.Errorf("%s: row %d is %d columns, wider than %d", fx.path, i+1, n, width)
			}
		}
		switch state, kind := fx.expectVerdict(); {
		case state == "none" || state == StateWorking || state == StateIdle || state == StateError:
		case state == StateBlocked && kind != "":
		default:
			t.Errorf("%s: expect header %q", fx.path, fx.header["expect"])
		}
	}
}

// TestFixtures is the table: every fixture against the built-in rules.
func TestFixtures(t *testing.T) {
	set, errs := Load("")
	if len(errs) > 0 {
		t.Fatalf("defaults: %v", errs)
	}
	for _, fx := range loadFixtures(t) {
		t.Run(fx.path, func(t *testing.T) {
			v, ok := set.Match(fx.header["assistant"], fx.rows)
			state, kind := fx.expectVerdict()
			if state == "none" {
				if ok {
					t.Fatalf("want no verdict, got %+v", v)
				}
				return
			}
			if !ok {
				t.Fatalf("want %s, got no verdict", fx.header["expect"])
			}
			if v.State != state || v.Kind != kind {
				t.Fatalf("want %s, got %s/%s by %s on %q", fx.header["expect"], v.State, v.Kind, v.Rule, v.Evidence)
			}
			if want := fx.header["rule"]; want != "" && v.Rule != want {
				t.Errorf("want rule %s, got %s", want, v.Rule)
			}
			if v.Evidence == "" {
				t.Errorf("verdict lacks its evidence: %+v", v)
			}
			if want, ok := fx.header["reason"]; ok && v.Reason != want {
				t.Errorf("reason %q, want %q", v.Reason, want)
			}
			if want, ok := fx.header["gate"]; ok && strconv.FormatBool(v.Gate) != want {
				t.Errorf("gate %v, want %s", v.Gate, want)
			}
		})
	}
}

// TestComposerFixtures reads the composer of every fixture that says what
// it holds ("# composer: <text>", "empty" or "none"; "# queued: N").
func TestComposerFixtures(t *testing.T) {
	set, _ := Load("")
	n := 0
	for _, fx := range loadFixtures(t) {
		want, ok := fx.header["composer"]
		if !ok {
			continue
		}
		n++
		c, found := set.Composer(fx.header["assistant"], fx.rows)
		switch {
		case want == "none":
			if found {
				t.Errorf("%s: a composer where there is none: %+v", fx.path, c)
			}
		case !found:
			t.Errorf("%s: no composer found", fx.path)
		case want == "empty":
			if !c.Empty {
				t.Errorf("%s: composer %q should read empty", fx.path, c.Text)
			}
		case c.Empty || c.Text != want:
			t.Errorf("%s: composer %+v, want the text %q", fx.path, c, want)
		}
		if q, ok := fx.header["queued"]; ok && strconv.Itoa(c.Queued) != q {
			t.Errorf("%s: %d queued, want %s", fx.path, c.Queued, q)
		}
	}
	if n < 5 {
		t.Fatalf("only %d composer fixtures", n)
	}
}

// TestBusyVerdictsComeFromTheFooter removes the row each working verdict
// points at until none is left, and wants the same screen to read idle: the
// busy answer came from the busy footer, not from something that is always
// on screen, and the idle rule does answer once the footer is gone. A
// fixture may say "# unbusy: none" instead: a screen on which the idle rule
// stays silent by design (Codex with a reply on screen, where a streaming
// reply and a finished one look alike), so no verdict is the right answer.
func TestBusyVerdictsComeFromTheFooter(t *testing.T) {
	set, _ := Load("")
	busy := 0
	for _, fx := range loadFixtures(t) {
		if state, _ := fx.expectVerdict(); state != StateWorking {
			continue
		}
		busy++
		rows := append([]string(nil), fx.rows...)
		for range 5 {
			v, ok := set.Match(fx.header["assistant"], rows)
			if !ok || v.State != StateWorking {
				break
			}
			rows = dropRow(rows, v.Evidence)
		}
		v, ok := set.Match(fx.header["assistant"], rows)
		if fx.header["unbusy"] == "none" {
			if ok {
				t.Errorf("%s without its busy rows: want no verdict, got %+v", fx.path, v)
			}
			continue
		}
		if !ok || v.State != StateIdle {
			t.Errorf("%s without its busy rows: want idle, got %+v (ok=%v)", fx.path, v, ok)
		}
	}
	if busy < 3 {
		t.Fatalf("only %d busy fixtures; each assistant needs several busy footers", busy)
	}
}

// TestFixturesCatchABrokenBusyRule disables the built-in busy rules through a
// user file and wants every busy fixture to fail: proof that the fixtures
// can tell a working busy rule from a missing one.
func TestFixturesCatchABrokenBusyRule(t *testing.T) {
	home := t.TempDir()
	defaults, _ := Load("")
	for a, rules := range defaults.rules {
		var busy []string
		for _, r := range rules {
			if r.state == StateWorking {
				busy = append(busy, strconv.Quote(r.name))
			}
		}
		writeRules(t, home, a, "disable = ["+strings.Join(busy, ", ")+"]\n")
	}
	set, errs := Load(home)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, fx := range loadFixtures(t) {
		if state, _ := fx.expectVerdict(); state != StateWorking {
			continue
		}
		if v, ok := set.Match(fx.header["assistant"], fx.rows); ok && v.State == StateWorking {
			t.Errorf("%s still reads working without the busy rule: %+v", fx.path, v)
		}
	}
}

// TestEveryBusyPatternIsPinned removes one pattern at a time from each
// built-in working rule and wants some busy fixture to stop reading working
// (or to read working by another rule than the one its header names):
// each busy footer the rules know about has a screen that needs it, so none
// can be dropped or broken without a test failing.
func TestEveryBusyPatternIsPinned(t *testing.T) {
	set, _ := Load("")
	fixtures := loadFixtures(t)
	for assistant, rules := range set.rules {
		for ri, r := range rules {
			if r.state != StateWorking {
				continue
			}
			for pi := range r.any {
				weak := *r
				weak.any = append(append([]pattern(nil), r.any[:pi]...), r.any[pi+1:]...)
				weakRules := append([]*rule(nil), rules...)
				weakRules[ri] = &weak
				weakSet := &Set{rules: map[string][]*rule{assistant: weakRules}}
				if !anyBusyFixtureFails(weakSet, assistant, fixtures) {
					t.Errorf("%s/%s: no fixture needs pattern %d (%s)", assistant, r.name, pi, r.any[pi].String())
				}
			}
		}
	}
}

func anyBusyFixtureFails(set *Set, assistant string, fixtures []fixture) bool {
	for _, fx := range fixtures {
		state, _ := fx.expectVerdict()
		if fx.header["assistant"] != assistant || state != StateWorking {
			continue
		}
		v, ok := set.Match(assistant, fx.rows)
		if !ok || v.State != StateWorking || (fx.header["rule"] != "" && v.Rule != fx.header["rule"]) {
			return true
		}
	}
	return false
}

// dropRow removes the first row whose trimmed text is the evidence.
func dropRow(rows []string, evidence string) []string {
	for i, row := range rows {
		if trimEvidence(strings.ReplaceAll(row, "\u00a0", " ")) == evidence {
			return append(rows[:i:i], rows[i+1:]...)
		}
	}
	return rows
}

func BenchmarkMatch(b *testing.B) {
	set, _ := Load("")
	fx := readFixture(b, filepath.Join("testdata", "claude", "idle-welcome.txt"))
	// A tall pane: the content plus the blank rows below it.
	screen := append(append([]string(nil), fx.rows...), make([]string, 30)...)
	b.ReportAllocs()
	for b.Loop() {
		set.Match("claude", screen)
	}
}
