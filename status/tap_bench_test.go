package status

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"
)

// paneOutput builds about n bytes of what agents print: coloured log lines,
// plain code, cursor moves, hyperlinks, and an occasional OSC 7501 report
// and OSC 133 mark.
func paneOutput(n int) []byte {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		switch i % 8 {
		case 0, 1, 2:
			fmt.Fprintf(&b, "\x1b[38;5;%dm%5d\x1b[0m \x1b[1mINFO\x1b[22m compiling package amux.dev/amux/status (%d/%d)\r\n", i%256, i, i, n)
		case 3, 4:
			fmt.Fprintf(&b, "    for i, c := range p { if c < 0x20 { return fmt.Errorf(\"control byte %%d at %%d\", c, i) } } // line %d\r\n", i)
		case 5:
			fmt.Fprintf(&b, "\x1b[2K\r\x1b[36m⠋\x1b[0m Running tests… %d passed\x1b[K", i)
		case 6:
			fmt.Fprintf(&b, "see \x1b]8;;https://example.com/build/%d\x1b\\build log\x1b]8;;\x1b\\ for details\r\n", i)
		case 7:
			b.WriteString("\x1b[38;2;200;120;40mwarning\x1b[39m: unused variable `x` in tap.go:42\r\n")
		}
		if i%600 == 0 {
			b.WriteString("\x1b]133;C\x07\x1b]7501;state=working:app=agent:msg=" + b64(fmt.Sprintf("step %d", i)) + "\x1b\\\x1b]133;D;0\x07")
		}
	}
	return []byte(b.String())
}

// discardRunner accepts every tmux call without running anything, so the
// benchmark measures the tap itself.
type discardRunner struct{}

func (discardRunner) Run(_ context.Context, args ...string) (string, error) {
	if args[0] == "display-message" {
		return "", errors.New("no pane") // no process watch in a benchmark
	}
	return "", nil
}

// repeatReader yields data n times in read-sized pieces, like a pipe.
type repeatReader struct {
	data []byte
	off  int
	left int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.data[r.off:])
	r.off += n
	if r.off == len(r.data) {
		r.off = 0
		r.left--
	}
	return n, nil
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkTapIngest is the tap's whole read path (read, scan, apply,
// fold, hand-off to the publisher) over realistic pane output. It reports
// MB/s and CPU milliseconds per MB.
func BenchmarkTapIngest(b *testing.B) {
	data := paneOutput(1 << 20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	err := RunTap(context.Background(), TapConfig{PaneID: "%1", Runner: discardRunner{}}, &repeatReader{data: data, left: b.N})
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	mb := float64(len(data)) * float64(b.N) / (1 << 20)
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/mb, "cpu-ms/MB")
}

// BenchmarkOSCParserPlainText is the pass-through floor: output without ESC.
func BenchmarkOSCParserPlainText(b *testing.B) {
	data := []byte(strings.Repeat("plain build output without any escape sequences at all\r\n", 1<<14))
	s := NewOSCParser(func(Event) {})
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		_, _ = s.Write(data)
	}
}
