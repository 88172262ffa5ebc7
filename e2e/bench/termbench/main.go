// Command termbench measures the embedded terminal (ui/termview) the way the
// design asks, beside a plain `tmux attach` to the same panes, in one run:
//
//   - keystroke-to-echo latency: from handing a key to the Bubble Tea program
//     until the echoed cell is in the model's frame (ours), or until the
//     echoed bytes come out of the plain client's PTY (baseline);
//   - a coloured flood in a focused view: CPU seconds of this process, of
//     the tmux clients and of the tmux server, and echo latency in another
//     visible view while it runs;
//   - RSS of this process with 1, 5 and 10 views, and after three floods.
//
// The views live in a real Bubble Tea program (output discarded, true
// colour, 60 fps by default) that renders them as text (termview.Model.View)
// through Bubble Tea's own renderer. amux no longer draws that way (it copies
// cells to ui/screen's canvas): for amux's own figures beside plain tmux use
// e2e's BenchmarkAmuxBesideTmux; this program isolates the embedded terminal.
//
// Usage (from the module root): go run ./e2e/bench/termbench [flags]
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	var (
		width  = flag.Int("width", 200, "view width")
		height = flag.Int("height", 50, "view height")
		keys   = flag.Int("keys", 200, "keystrokes per latency sample set")
		flood  = flag.Int("flood", 20<<20, "flood size in bytes")
		fps    = flag.Int("fps", 60, "program frame rate (and focused frame interval)")
		sus    = flag.Float64("sustained", 0, "termview SustainedRate (0: default)")
		burst  = flag.Int("burst", 0, "termview FrameBurst (0: default)")
		drain  = flag.String("drain", "", "internal: run a draining plain client for this session")
		server = flag.String("server", "", "internal: tmux server name for -drain")
		prof   = flag.String("cpuprofile", "", "write a CPU profile of the flood phase here")
		mprof  = flag.String("memprofile", "", "write a heap profile after the floods here")
		settle = flag.Duration("settle", 5*time.Second, "idle time before each RSS reading")
		heap   = flag.Bool("heap", false, "report Go heap figures (forces a GC at each RSS reading)")
	)
	flag.Parse()
	if *drain != "" {
		drainMain(*server, *drain, *width, *height)
		return
	}
	r, err := run(config{width: *width, height: *height, keys: *keys, flood: *flood, fps: *fps, profile: *prof, memprofile: *mprof, settle: *settle, heap: *heap, sustained: *sus, burst: *burst})
	if err != nil {
		fmt.Fprintln(os.Stderr, "termbench:", err)
		os.Exit(1)
	}
	r.print(os.Stdout)
}

type config struct {
	width, height, keys, flood, fps int
	profile, memprofile             string
	settle                          time.Duration
	heap                            bool
	sustained                       float64
	burst                           int
}

type floodResult struct {
	typing                                                                bool
	frames, typedFrames                                                   uint64
	bytes, reads                                                          uint64
	user, sys                                                             time.Duration
	paused                                                                time.Duration
	wall, selfCPU, ourClientCPU, plainClientCPU, plainDrainCPU, serverCPU time.Duration
	echo                                                                  []time.Duration
	echoTimeouts                                                          int
}

type report struct {
	cfg                              config
	oursEcho, plainEcho              []time.Duration
	floods                           []floodResult
	rss1, rss5, rss5After            float64
	rss10                            float64
	heap1, heap5, heap5After, heap10 string
	idleCPU                          float64
}

func (r *report) print(w *os.File) {
	c := r.cfg
	fmt.Fprintf(w, "termbench: %dx%d views, %d fps, flood %d MB\n\n", c.width, c.height, c.fps, c.flood>>20)
	fmt.Fprintf(w, "keystroke→echo, idle\n  termview (key into program → cell in model): %s\n  plain tmux attach (key on PTY → bytes out):   %s\n\n",
		summary(r.oursEcho), summary(r.plainEcho))
	for i, f := range r.floods {
		mode := "alone on screen like a focused tab, nobody typing"
		if f.typing {
			mode = "beside another view typed into 10/s"
		}
		fmt.Fprintf(w, "flood %d (%d MB in a focused view, %s; %.2fs until its end marker was on screen; frames: flooding view %d, typed view %d)\n",
			i+1, c.flood>>20, mode, f.wall.Seconds(), f.frames, f.typedFrames)
		fmt.Fprintf(w, "  amux process CPU:           %.3fs (user %.3fs, sys %.3fs; flooding view read %.1f MB in %d reads, paused %.2fs for budget)\n",
			f.selfCPU.Seconds(), f.user.Seconds(), f.sys.Seconds(), float64(f.bytes)/(1<<20), f.reads, f.paused.Seconds())
		fmt.Fprintf(w, "  its tmux attach client CPU: %.3fs\n", f.ourClientCPU.Seconds())
		fmt.Fprintf(w, "  plain tmux attach CPU:      %.3fs (+ %.3fs its draining process)\n", f.plainClientCPU.Seconds(), f.plainDrainCPU.Seconds())
		fmt.Fprintf(w, "  tmux server CPU:            %.3fs\n", f.serverCPU.Seconds())
		if f.typing {
			fmt.Fprintf(w, "  echo in another view:       %s timeouts=%d\n", summary(f.echo), f.echoTimeouts)
		}
	}
	fmt.Fprintf(w, "\nRSS (VmRSS of this process, after %v idle):\n  1 view %.1f MB, 5 views %.1f MB, 5 views after %d floods %.1f MB (%+.1f%%), 10 views %.1f MB\n",
		c.settle, r.rss1, r.rss5, len(r.floods), r.rss5After, 100*(r.rss5After-r.rss5)/r.rss5, r.rss10)
	fmt.Fprintf(w, "idle CPU with 5 views over 10 s: %.2f%% of a core (Bubble Tea's 60 fps ticker included)\n", 100*r.idleCPU)
	if c.heap {
		fmt.Fprintf(w, "Go heap (each reading forces a GC):\n  1 view: %s\n  5 views: %s\n  after the floods: %s\n  10 views: %s\n", r.heap1, r.heap5, r.heap5After, r.heap10)
	}
}
