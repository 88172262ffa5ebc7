package status

import (
	"bytes"
	"strings"
	"testing"
)

// scanAll feeds chunks to a fresh parser and returns its events.
func scanAll(chunks ...[]byte) []Event {
	var evs []Event
	s := NewOSCParser(func(e Event) { evs = append(evs, e) })
	for _, c := range chunks {
		if n, err := s.Write(c); n != len(c) || err != nil {
			panic("parser must consume everything")
		}
	}
	return evs
}

// kinds summarises events for comparison: "R:state", "Q", "C:A", "C:D=1", "X".
func kinds(evs []Event) string {
	var parts []string
	for _, e := range evs {
		switch e.Type {
		case EventReport:
			parts = append(parts, "R:"+string(e.Report.State))
		case EventQuery:
			parts = append(parts, "Q")
		case EventCommand:
			s := "C:" + string(e.Mark)
			if e.HasExit {
				s += "=" + strings.TrimSpace(string(rune('0'+e.Exit)))
			}
			parts = append(parts, s)
		case EventDropped:
			parts = append(parts, "X")
		}
	}
	return strings.Join(parts, " ")
}

func TestOSCParserSequences(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"plain text", "hello\r\nworld\x1b[31mred\x1b[0m", ""},
		{"ST terminator", "a\x1b]7501;state=done\x1b\\b", "R:done"},
		{"BEL terminator", "\x1b]7501;state=working\x07", "R:working"},
		{"two in a row", "\x1b]7501;state=working\x07\x1b]7501;state=done\x1b\\", "R:working R:done"},
		{"query", "\x1b]7501;?\x07", "Q"},
		{"query with keys", "\x1b]7501;?:v=1\x1b\\", "Q"},
		{"other OSC skipped", "\x1b]0;title\x07\x1b]52;c;" + strings.Repeat("QUFB", 5000) + "\x07\x1b]7501;state=idle\x07", "R:idle"},
		{"osc 8 with ST", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", ""},
		{"malformed dropped", "\x1b]7501;state=nope\x07", "X"},
		{"empty payload", "\x1b]7501\x07", "X"},
		{"empty after semicolon", "\x1b]7501;\x07", "X"},
		{"control byte inside drops", "\x1b]7501;state=\ndone\x07", "X"},
		{"CAN inside drops", "\x1b]7501;state=done\x18\x07", "X"},
		{"ESC interrupts and resyncs", "\x1b]7501;state=work\x1b]7501;state=done\x07", "X R:done"},
		{"ESC [ interrupts", "\x1b]7501;state=done\x1b[0m", "X"},
		{"ESC ESC ]", "\x1b\x1b]7501;state=done\x07", "R:done"},
		{"number prefix only", "\x1b]75011;state=done\x07", ""},
		{"leading zero is another number", "\x1b]07501;state=done\x07", "R:done"},
		{"osc 133 marks", "\x1b]133;A\x07$ \x1b]133;B\x07ls\r\n\x1b]133;C\x07out\x1b]133;D;0\x07", "C:A C:B C:C C:D=0"},
		{"osc 133 with params", "\x1b]133;A;cl=m;aid=7\x1b\\\x1b]133;C;k=1\x07\x1b]133;D;2;aid=7\x07", "C:A C:C C:D=2"},
		{"osc 133 D without code", "\x1b]133;D\x07\x1b]133;D;aid=1\x07", "C:D C:D"},
		{"osc 133 unknown mark", "\x1b]133;P;k=v\x07", "X"},
		{"osc 133 bad code", "\x1b]133;D;x1\x07", "X"},
		{"unterminated at end", "\x1b]7501;state=done", ""},
	}
	for _, c := range cases {
		if got := kinds(scanAll([]byte(c.in))); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// TestOSCParserSplitAnywhere feeds a stream one byte at a time and at every
// split point: the events must equal those of one write.
func TestOSCParserSplitAnywhere(t *testing.T) {
	in := []byte("pre\x1b]7501;state=blocked:kind=question:msg=" + b64("Which one?") +
		"\x1b\\mid\x1b]133;D;1\x07\x1b]0;t\x1b\\\x1b]7501;state=done\x07post")
	want := scanAll(in)
	if kinds(want) != "R:blocked C:D=1 R:done" {
		t.Fatalf("baseline: %q", kinds(want))
	}
	var bytewise [][]byte
	for i := range in {
		bytewise = append(bytewise, in[i:i+1])
	}
	if got := scanAll(bytewise...); !sameEvents(got, want) {
		t.Fatalf("byte at a time: %q", kinds(got))
	}
	for i := range in {
		if got := scanAll(in[:i], in[i:]); !sameEvents(got, want) {
			t.Fatalf("split at %d: %q", i, kinds(got))
		}
	}
}

func sameEvents(a, b []Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Type != b[i].Type || a[i].Report != b[i].Report || a[i].Mark != b[i].Mark ||
			a[i].Exit != b[i].Exit || a[i].HasExit != b[i].HasExit {
			return false
		}
	}
	return true
}

// TestOSCParserSizeCap: a report of exactly MaxReportBytes is accepted; one
// byte more is dropped as soon as it passes the cap, memory stays bounded,
// and the parser resyncs on the next ESC.
func TestOSCParserSizeCap(t *testing.T) {
	prefix, suffix := "\x1b]7501;state=done:x=", "\x1b\\"
	fill := strings.Repeat("a", MaxReportBytes-len(prefix)-len(suffix))
	if got := kinds(scanAll([]byte(prefix + fill + suffix))); got != "R:done" {
		t.Fatalf("exactly at the cap: %q", got)
	}
	if got := kinds(scanAll([]byte(prefix + fill + "a" + suffix))); got != "X" {
		t.Fatalf("one byte over: %q", got)
	}

	var evs []Event
	s := NewOSCParser(func(e Event) { evs = append(evs, e) })
	_, _ = s.Write([]byte("\x1b]7501;state=working:x="))
	chunk := bytes.Repeat([]byte("b"), 64<<10)
	for range 64 { // 4 MiB of an unterminated report
		_, _ = s.Write(chunk)
	}
	if cap(s.buf) > MaxReportBytes {
		t.Fatalf("buffer grew to %d bytes", cap(s.buf))
	}
	if kinds(evs) != "X" {
		t.Fatalf("overflow should be reported once as it happens: %q", kinds(evs))
	}
	_, _ = s.Write([]byte("still inside\x07text\x1b]7501;state=done\x07"))
	if kinds(evs) != "X R:done" {
		t.Fatalf("no resync after overflow: %q", kinds(evs))
	}
}
