package status

import (
	"testing"
)

// FuzzOSCParser checks the parser's promises on arbitrary pane output: it
// never panics, its buffer stays bounded, the events do not depend on where
// the stream is split, and every report it emits is valid and survives an
// encode/scan round trip. Seeds live in testdata/fuzz/FuzzOSCParser.
func FuzzOSCParser(f *testing.F) {
	f.Add([]byte("\x1b]7501;state=done:msg=aGk=\x1b\\"), uint16(3))
	f.Add([]byte("\x1b]133;D;1\x07\x1b]7501;state=blocked:kind=auth\x07"), uint16(9))
	f.Add([]byte("\x1b]7501;state=work\x1b]7501;?\x07\x1b\x1b]0;x\x1b\\"), uint16(0))
	f.Fuzz(func(t *testing.T, data []byte, split uint16) {
		var whole []Event
		s := NewOSCParser(func(e Event) { whole = append(whole, e) })
		_, _ = s.Write(data)
		if cap(s.buf) > MaxReportBytes {
			t.Fatalf("buffer capacity %d", cap(s.buf))
		}
		var parts []Event
		p := NewOSCParser(func(e Event) { parts = append(parts, e) })
		// Split into pieces of varying size derived from split.
		step := int(split%17) + 1
		for i := 0; i < len(data); {
			end := min(len(data), i+step)
			_, _ = p.Write(data[i:end])
			i = end
			step = step*7%23 + 1
		}
		if !sameEvents(whole, parts) {
			t.Fatalf("split changes events: %q vs %q", kinds(whole), kinds(parts))
		}
		for _, e := range whole {
			if e.Type != EventReport {
				continue
			}
			if err := Validate(e.Report); err != nil {
				t.Fatalf("emitted an invalid report %+v: %v", e.Report, err)
			}
			seq, err := Encode(e.Report)
			if err != nil {
				t.Fatalf("cannot re-encode %+v: %v", e.Report, err)
			}
			again := scanAll(seq)
			if len(again) != 1 || again[0].Report != e.Report {
				t.Fatalf("round trip of %+v: %+v", e.Report, again)
			}
		}
	})
}

// FuzzParsePayload checks that any accepted payload is valid and encodes
// back to an equivalent report.
func FuzzParsePayload(f *testing.F) {
	f.Add([]byte("state=blocked:kind=question:app=a:id=x/y:progress=5:msg=aGk="))
	f.Add([]byte("state=clear:id=a"))
	f.Add([]byte("?"))
	f.Fuzz(func(t *testing.T, p []byte) {
		r, err := ParsePayload(p)
		if err != nil {
			return
		}
		if err := Validate(r); err != nil {
			t.Fatalf("accepted invalid %+v: %v", r, err)
		}
		seq, err := Encode(r)
		if err != nil {
			t.Fatalf("encode %+v: %v", r, err)
		}
		back, err := ParsePayload(seq[len("\x1b]7501;") : len(seq)-2])
		if err != nil || back != r {
			t.Fatalf("round trip: %+v -> %+v (%v)", r, back, err)
		}
	})
}
