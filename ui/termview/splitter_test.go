package termview

import (
	"strings"
	"testing"
)

func TestSeqSplitterFindsMarkersAcrossChunkBoundaries(t *testing.T) {
	pats := []string{seqSyncBegin, seqSyncEnd, seqSyncBeginDCS, seqSyncEndDCS}
	stream := "a\x1b[31mb" + seqSyncBeginDCS + "frame\x1b[K" + seqSyncEndDCS + "c\x1b" + seqSyncBegin + "d" + seqSyncEnd + "\x1b[?2025h\x1b"
	wantEvents := []int{2, 3, 0, 1}
	for cut1 := 0; cut1 <= len(stream); cut1++ {
		for cut2 := cut1; cut2 <= len(stream); cut2 += 3 {
			sc := seqSplitter{pats: pats}
			var got strings.Builder
			var events []int
			emit := func(run []byte, pat int) {
				got.Write(run)
				if pat >= 0 {
					events = append(events, pat)
					if !strings.HasSuffix(got.String(), pats[pat]) {
						t.Fatalf("cuts %d,%d: run for pattern %d does not end with it: %q", cut1, cut2, pat, got.String())
					}
				}
			}
			sc.scan([]byte(stream[:cut1]), emit)
			sc.scan([]byte(stream[cut1:cut2]), emit)
			sc.scan([]byte(stream[cut2:]), emit)
			// The trailing lone ESC may be held back; everything else must be out.
			out := got.String() + string(sc.carry)
			if out != stream {
				t.Fatalf("cuts %d,%d: bytes changed:\n got %q\nwant %q", cut1, cut2, out, stream)
			}
			if len(events) != len(wantEvents) {
				t.Fatalf("cuts %d,%d: events %v, want %v", cut1, cut2, events, wantEvents)
			}
			for i := range events {
				if events[i] != wantEvents[i] {
					t.Fatalf("cuts %d,%d: events %v, want %v", cut1, cut2, events, wantEvents)
				}
			}
		}
	}
}
