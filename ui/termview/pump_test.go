package termview

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux/tmuxtest"
)

func TestPumpPublishesFirstOutputAtOnce(t *testing.T) {
	// An hour-long interval: only the leading edge can publish.
	p := newPipeTerm(t, Options{Width: 20, Height: 4, FrameInterval: time.Hour})
	p.Output(t, "hello")
	nextFrame(t, p.Terminal, frameHas(p.Terminal, "hello"))
}

func TestPumpHoldsFramesDuringSynchronizedUpdate(t *testing.T) {
	for _, form := range []struct{ name, begin, end string }{
		{"dcs", seqSyncBeginDCS, seqSyncEndDCS},
		{"dec2026", seqSyncBegin, seqSyncEnd},
	} {
		t.Run(form.name, func(t *testing.T) {
			p := newPipeTerm(t, Options{Width: 20, Height: 4, SyncTimeout: time.Hour, FrameInterval: time.Nanosecond})
			p.Output(t, "old")
			nextFrame(t, p.Terminal, frameHas(p.Terminal, "old"))
			p.Output(t, form.begin+"\x1b[H\x1b[2Jhalf")
			tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) { return p.Modes().Has(ModeSync), "sync mode not seen" })
			select {
			case f := <-p.frames:
				t.Fatalf("frame published inside a synchronized update: %+v", f)
			default:
			}
			if p.Lines() != nil {
				t.Fatal("Lines showed a half-drawn update")
			}
			p.Output(t, " done"+form.end)
			nextFrame(t, p.Terminal, frameHas(p.Terminal, "half done"))
			if got := screenText(p.Terminal); strings.Contains(got, "old") {
				t.Fatalf("screen mixes old and new: %q", got)
			}
		})
	}
}

func TestPumpSyncTimeoutUnfreezesView(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 20, Height: 4, SyncTimeout: 30 * time.Millisecond})
	p.Output(t, seqSyncBegin+"stuck")
	nextFrame(t, p.Terminal, frameHas(p.Terminal, "stuck"))
}

// An update that ends and the next that starts in the same chunk: the
// screen is whole again only when the second ends, and only then shown.
func TestPumpHoldsAnUpdateStartedInTheSameChunk(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 20, Height: 4, SyncTimeout: time.Hour, FrameInterval: time.Nanosecond})
	p.Output(t, seqSyncBeginDCS+"one"+seqSyncEndDCS+seqSyncBeginDCS+"\x1b[Htwo")
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) { return p.Modes().Has(ModeSync), "sync mode not seen" })
	if lines := p.Lines(); lines != nil {
		t.Fatalf("half-drawn second update shown: %q", lines)
	}
	p.Output(t, seqSyncEndDCS)
	nextFrame(t, p.Terminal, frameHas(p.Terminal, "two"))
}

func TestPumpAnswersQueriesThroughInput(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 20, Height: 4})
	p.Output(t, "\x1b[3;5H\x1b[6n")
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) {
		return strings.Contains(p.Input(), "\x1b[3;5R"), "no cursor position report in " + strconv.Quote(p.Input())
	})
}

func TestPumpResizeReachesEmulator(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 20, Height: 4, FrameInterval: time.Nanosecond})
	if err := p.Resize(30, 6); err != nil {
		t.Fatal(err)
	}
	f := nextFrame(t, p.Terminal, func(f *Frame) bool { return f.Width == 30 })
	if f.Height != 6 || len(p.Lines()) != 6 {
		t.Fatalf("frame %dx%d with %d lines", f.Width, f.Height, len(p.Lines()))
	}
}

func TestInputKeepsOrder(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 20, Height: 4})
	var want strings.Builder
	for i := range 200 {
		s := strings.Repeat(string(rune('a'+i%26)), i%7+1)
		want.WriteString(s)
		if _, err := p.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) {
		return len(p.Input()) >= want.Len(), fmt.Sprintf("%d of %d input bytes arrived", len(p.Input()), want.Len())
	})
	if got := p.Input(); got != want.String() {
		t.Fatalf("input reordered")
	}
}

func TestClosedTerminalEndsFrameStream(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 20, Height: 4})
	p.progOut.Close() // the program's side goes away
	<-p.Done()
	if _, ok := p.waitFrame()().(ClosedMsg); !ok {
		t.Fatal("no ClosedMsg after the stream ended")
	}
	if _, err := p.Write([]byte("x")); err == nil {
		t.Fatal("write to a closed terminal succeeded")
	}
}

// Sustained output is rationed to SustainedRate once FrameBurst is spent —
// the reader waits, leaving output in the PTY — but input wakes it, and what
// follows input is shown at once.
func TestPumpRationsFramesButNotAnswersToInput(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 20, Height: 4, FrameInterval: time.Nanosecond, SustainedRate: 0.001, FrameBurst: 1})
	p.Output(t, "a")
	nextFrame(t, p.Terminal, frameHas(p.Terminal, "a"))
	p.Output(t, "b")
	if _, err := p.Write([]byte("k")); err != nil {
		t.Fatal(err)
	}
	p.Output(t, "c")
	nextFrame(t, p.Terminal, frameHas(p.Terminal, "abc"))
}

// tmux redraws every attached client when any option changes; a redraw that
// leaves the screen as it was publishes no frame (and costs no UI render).
func TestPumpSkipsIdenticalRedraws(t *testing.T) {
	p := newPipeTerm(t, Options{Width: 20, Height: 4, FrameInterval: time.Nanosecond})
	p.Output(t, "hello")
	first := nextFrame(t, p.Terminal, frameHas(p.Terminal, "hello"))
	redraw := "\x1b[H\x1b[2Jhello" // the same screen, drawn again
	p.Output(t, redraw)
	want := uint64(len("hello") + len(redraw))
	tmuxtest.WaitFor(t, 5*time.Second, func() (bool, string) {
		return p.Stats().BytesRead >= want, fmt.Sprintf("%d of %d bytes read", p.Stats().BytesRead, want)
	})
	p.Output(t, " world")
	next := nextFrame(t, p.Terminal, frameHas(p.Terminal, "hello world"))
	if next.Seq != first.Seq+1 {
		t.Fatalf("frames %d then %d: the identical redraw was published", first.Seq, next.Seq)
	}
}
