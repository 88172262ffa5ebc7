package status

import (
	"strings"
	"testing"
	"time"
)

func TestParseWaitFlags(t *testing.T) {
	good := []struct {
		args []string
		want waitOptions
	}{
		{nil, waitOptions{}},
		{[]string{"--state", "any"}, waitOptions{}},
		{[]string{"--state", "blocked,error,done", "--timeout", "10s"},
			waitOptions{states: map[State]bool{StateBlocked: true, StateError: true, StateDone: true}, timeout: 10 * time.Second}},
		{[]string{"--command", "--session", "amux-x-1"}, waitOptions{command: true, session: "amux-x-1"}},
		{[]string{"--workspace=my-feature", "--timeout", "0"}, waitOptions{workspace: "my-feature"}},
	}
	for _, c := range good {
		got, help, err := parseWaitFlags(c.args)
		if err != nil || help || got.command != c.want.command || got.timeout != c.want.timeout ||
			got.session != c.want.session || got.workspace != c.want.workspace || len(got.states) != len(c.want.states) {
			t.Errorf("%q: %+v, %v", c.args, got, err)
		}
		for s := range c.want.states {
			if !got.states[s] {
				t.Errorf("%q: missing state %s", c.args, s)
			}
		}
	}
	for _, bad := range [][]string{
		{"--state", "sleeping"}, {"--state", "clear"}, {"--state", "done,"}, {"--state", "done", "--command"},
		{"--timeout", "soon"}, {"--timeout", "-1s"}, {"extra"}, {"--nope"},
	} {
		if _, _, err := parseWaitFlags(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, help, _ := parseWaitFlags([]string{"--help"}); !help {
		t.Error("--help")
	}
}

func TestMatcherStates(t *testing.T) {
	panes := []PaneState{
		{PaneID: "%1", Session: "s1", State: StateWorking, At: "1700000000001"},
		{PaneID: "%2", Session: "s2", State: StateDone, At: "1700000000002", Workspace: "ws1"},
		{PaneID: "%3", Session: "s3", State: StateBlocked, At: "1700000000009", Dead: true},
		{PaneID: "%4", Session: "s4", State: StateDone, At: "1700000000005", WorkspaceName: "feature"},
		{PaneID: "%5", Session: "s5", State: "bogus", At: "1700000000099"},
		{PaneID: "%6", Session: "s6", State: StateError, At: "1700000000003", Dead: true},
	}
	cases := []struct {
		opts waitOptions
		want string // pane id, "" = no match
	}{
		{waitOptions{}, "%4"}, // any: newest reportable (dead blocked and bogus skipped)
		{waitOptions{states: map[State]bool{StateBlocked: true}}, ""},
		{waitOptions{states: map[State]bool{StateWorking: true}}, "%1"},
		{waitOptions{states: map[State]bool{StateError: true}}, "%6"}, // error survives its process
		{waitOptions{states: map[State]bool{StateDone: true}, workspace: "ws1"}, "%2"},
		{waitOptions{workspace: "feature"}, "%4"},
		{waitOptions{session: "s1"}, "%1"},
		{waitOptions{session: "s3"}, ""},
		{waitOptions{session: "s"}, ""},
	}
	for _, c := range cases {
		m := &matcher{opts: c.opts}
		ok := m.match(panes)
		if got := map[bool]string{true: m.found.PaneID, false: ""}[ok]; got != c.want {
			t.Errorf("%+v: matched %q, want %q", c.opts, got, c.want)
		}
	}
}

func TestMatcherCommand(t *testing.T) {
	m := &matcher{opts: waitOptions{command: true, session: "s1"}}
	first := []PaneState{{PaneID: "%1", Session: "s1", CommandEnded: "100", CommandExit: "0"}}
	if m.match(first) {
		t.Fatal("the first snapshot is the baseline, never a match")
	}
	if m.match(first) {
		t.Fatal("an unchanged end is not a new completion")
	}
	if m.match([]PaneState{{PaneID: "%9", Session: "other", CommandEnded: "200"}}) {
		t.Fatal("out of scope")
	}
	if !m.match([]PaneState{{PaneID: "%1", Session: "s1", CommandEnded: "300", CommandExit: "3"}}) || m.found.CommandExit != "3" {
		t.Fatalf("completion not matched: %+v", m.found)
	}
	for in, want := range map[string]int{"": 0, "0": 0, "3": 3, "255": 255, "256": 1, "-1": 1, "x": 1} {
		if got := commandExitCode(in); got != want {
			t.Errorf("commandExitCode(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestQuoteValue(t *testing.T) {
	for in, want := range map[string]string{
		"":                 "",
		"done":             "done",
		"amux-ws-1_a.b":    "amux-ws-1_a.b",
		"needs a decision": "'needs a decision'",
		"it's":             `'it'\''s'`,
		"$(rm -rf ~)":      "'$(rm -rf ~)'",
		"a=b":              "a=b",
	} {
		if got := quoteValue(in); got != want {
			t.Errorf("quoteValue(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestParsePanesSkipsBrokenRecords(t *testing.T) {
	rec := func(f ...string) string { return strings.Join(f, fieldSep) + recordSep }
	full := func(id string) string {
		return rec(id, "$1", "0", "ws", "wsname", "done", "", "app", "1", "", "", "", "sess", "msg with | and :",
			"blocked", "Allow?", "codex")
	}
	out := full("%1") + "\n" + rec("%2", "short") + "\n" + full("%1") + full("bogus") + full("%3")
	panes := ParsePanes(out)
	if len(panes) != 2 || panes[0].PaneID != "%1" || panes[1].PaneID != "%3" || panes[0].Message != "msg with | and :" ||
		panes[0].Published != StateBlocked || panes[0].PublishedReason != "Allow?" || panes[0].Assistant != "codex" {
		t.Fatalf("%+v", panes)
	}
}
