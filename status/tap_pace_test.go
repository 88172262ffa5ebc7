package status

import (
	"context"
	"testing"
	"time"
)

// TestReadPacePausesOnlyPlainOutputInAStream: inside a stream, a read of
// plain output pauses; an urgent one (a sequence in it, or a sequence cut
// off at its end) never does, and neither does a read after a quiet spell.
func TestReadPacePausesOnlyPlainOutputInAStream(t *testing.T) {
	gap := 5 * time.Millisecond
	t0 := time.Unix(1000, 0)
	var p readPace
	if d := p.after(10, gap, t0, false); d != 0 {
		t.Fatalf("first read paused %v", d)
	}
	if d := p.after(10, gap, t0.Add(time.Millisecond), false); d != gap {
		t.Fatalf("plain read inside a stream paused %v, want %v", d, gap)
	}
	if d := p.after(10, gap, t0.Add(2*time.Millisecond), true); d != 0 {
		t.Fatalf("urgent read inside a stream paused %v", d)
	}
	if d := p.after(10, gap, t0.Add(time.Second), false); d != 0 {
		t.Fatalf("read after a quiet spell paused %v", d)
	}
}

// TestIngestUrgentForReportsAndMarks: the tap calls a read urgent when it
// holds a report or a prompt mark, or stops inside a report, so a report
// split across reads, or following its command's start mark, is read at
// once; plain output and other OSCs cut off are not urgent.
func TestIngestUrgentForReportsAndMarks(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tp := startTap(ctx, TapConfig{PaneID: "%1", Runner: discardRunner{}})
	defer tp.finish(ctx)
	for _, c := range []struct {
		in     string
		urgent bool
	}{
		{"plain output\r\n", false},
		{"\x1b]133;C\x07", true},
		{"more output ", false},
		{"\x1b]7501;state=do", true}, // cut off: the rest is on the way
		{"ne\x1b\\", true},           // the report, complete
		{"\x1b]0;a ti", false},       // a title cut off is not ours
		{"tle\x07 and text", false},
		{"text then \x1b", true}, // an ESC may start a report
		{"]7501;state=idle\x07", true},
	} {
		if got := tp.ingest(ctx, []byte(c.in)); got != c.urgent {
			t.Errorf("ingest(%q) urgent = %v, want %v", c.in, got, c.urgent)
		}
	}
}
