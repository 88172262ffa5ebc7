package termview

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// benchW and benchH are the size the e2e benchmarks give a tab (200×50).
const benchW, benchH = 200, 50

// tmuxRedraw is one full redraw as tmux sends it to an attach client with
// the sync feature: bracketed in the DCS form, every row positioned and
// drawn with frequent colour changes (an agent's syntax-highlighted output).
func tmuxRedraw(n int) string {
	var b strings.Builder
	b.WriteString(seqSyncBeginDCS)
	for y := range benchH {
		fmt.Fprintf(&b, "\x1b[%dH", y+1)
		for x := 0; x < benchW; x += 10 {
			fmt.Fprintf(&b, "\x1b[38;5;%dm%-10.10s", (x+y+n)%200+16, fmt.Sprintf("f%d.%d", n, x))
		}
		b.WriteString("\x1b[m\x1b[K")
	}
	b.WriteString(seqSyncEndDCS)
	return b.String()
}

// discardRW is a PTY stand-in for benchmarks that drive ingest directly.
type discardRW struct{}

func (discardRW) Read([]byte) (int, error)    { return 0, io.EOF }
func (discardRW) Write(p []byte) (int, error) { return len(p), nil }
func (discardRW) Close() error                { return nil }

// BenchmarkIngest feeds tmux-style redraws in reader-sized chunks through
// the reader's path: scanning for markers, emulating and taking frames.
func BenchmarkIngest(b *testing.B) {
	var stream strings.Builder
	for n := 0; stream.Len() < 4<<20; n++ {
		stream.WriteString(tmuxRedraw(n))
	}
	data := []byte(stream.String())
	t := newTerminal(discardRW{}, Options{Width: benchW, Height: benchH, FrameInterval: time.Nanosecond, SustainedRate: 1e9, FrameBurst: 1 << 20})
	go t.drainReplies()
	defer t.emu.Close()
	sc := seqSplitter{pats: []string{seqSyncBegin, seqSyncEnd, seqSyncBeginDCS, seqSyncEndDCS}}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for p := data; len(p) > 0; {
			n := min(len(p), readBufSize)
			t.ingest(&sc, p[:n])
			p = p[n:]
		}
	}
	b.ReportMetric(float64(t.Stats().Frames)/float64(b.N), "frames/op")
}

// BenchmarkSnapshot renders a full, colourful 200×50 screen into a Frame:
// the work of every published frame.
func BenchmarkSnapshot(b *testing.B) {
	e := NewVTEmulator(benchW, benchH)
	go func() { _, _ = io.Copy(io.Discard, e.Replies()) }()
	defer e.Close()
	_, _ = e.Write([]byte(tmuxRedraw(1)))
	b.ReportAllocs()
	for b.Loop() {
		snapshot(e, 1)
	}
}
