package e2e

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/creack/pty"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// remoteKeys is how many keys BenchmarkRemoteTabKeyEcho types per side.
var remoteKeys = flag.Int("remote.keys", 200, "keys typed into each remote tab")

// BenchmarkRemoteTabKeyEcho measures key→echo in a remote tab beside plain
// ssh on the same loopback sshd and the same host session: a PTY running
// client.Host.AttachCommand's argv (a channel of the host's master) and a
// PTY running `ssh -t DEST tmux -L amux attach-session -t =SESSION` (a
// connection of its own). Each side types -remote.keys keys, one at a
// time, into a pane running cat, and times each until its echo is back in
// the PTY; the two sides alternate in rounds, so a load that comes and
// goes falls on both (target: amux's median within 1 ms of plain ssh's).
//
// Run: go test ./e2e -run XXX -bench RemoteTabKeyEcho -benchtime 1x
func BenchmarkRemoteTabKeyEcho(b *testing.B) {
	tab := &vsTable{base: "plain ssh"}
	run := 0
	for b.Loop() {
		s, o := remoteHost(b, true)
		repo := (&harness.Env{Home: s.RemoteHome}).NewRepo(b, "shop")
		h := startHost(b, o)
		awaitHost(b, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
		res, err := h.Create(b.Context(), workspace.CreateRequest{Repo: repo, Name: "echo", SkipSetup: true})
		if err != nil {
			b.Fatal(err)
		}
		sess, err := h.OpenSession(b.Context(), workspace.SessionRequest{Workspace: res.Workspace.ID, Kind: tmux.TypeAgent,
			Tab: "t1", Assistant: "claude", Command: `printf 'pane-%s\n' ready; exec cat`})
		if err != nil {
			b.Fatal(err)
		}
		viaMaster, err := h.AttachCommand(sess.Name)
		if err != nil {
			b.Fatal(err)
		}
		plain := []string{"ssh", "-F", o.ConfigFile, "-t", "-e", "none", "--", o.Dest,
			"tmux", "-L", "amux", "attach-session", "-t", "=" + sess.Name}

		load := loadAvg()
		var amuxLat, plainLat []time.Duration
		const rounds = 2
		for range rounds {
			amuxLat = append(amuxLat, echoTimes(b, viaMaster, *remoteKeys/rounds)...)
			plainLat = append(plainLat, echoTimes(b, plain, *remoteKeys/rounds)...)
		}
		am, ap := quantile(amuxLat, 0.5), quantile(amuxLat, 0.95)
		pm, pp := quantile(plainLat, 0.5), quantile(plainLat, 0.95)
		tab.add("key→echo median", "ms", "≤ plain + 1", pm, am)
		tab.add("key→echo p95", "ms", "", pp, ap)
		tab.note(run, fmt.Sprintf("%d keys a side, load before: %s, after: %s", len(amuxLat), load, loadAvg()))
		b.ReportMetric(am, "amux-median-ms")
		b.ReportMetric(pm, "ssh-median-ms")
		run++
	}
	fmt.Println()
	tab.print(os.Stdout)
}

// echoTimes attaches a PTY running argv, waits for the pane's first screen,
// then types n keys one at a time and returns how long each took to come
// back. The keys cycle through letters no escape sequence tmux writes ends
// in, so a key's echo is told apart from the redraw around it.
func echoTimes(b *testing.B, argv []string, n int) []time.Duration {
	b.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 100})
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait(); tty.Close() }()
	chunks := make(chan []byte, 256)
	go func() {
		defer close(chunks)
		buf := make([]byte, 32<<10)
		for {
			k, err := tty.Read(buf)
			if k > 0 {
				chunks <- bytes.Clone(buf[:k])
			}
			if err != nil {
				return
			}
		}
	}()
	// The attach's first screen, then quiet: what came before the first key
	// must not count as its echo.
	var seen []byte
	first := time.After(20 * time.Second)
	for !bytes.Contains(seen, []byte("pane-ready")) {
		select {
		case c, ok := <-chunks:
			if !ok {
				b.Fatalf("%s ended before the pane showed: %q", argv[0], seen)
			}
			seen = append(seen, c...)
		case <-first:
			b.Fatalf("no pane in the PTY within 20s: %q", seen)
		}
	}
	drainQuiet(chunks, 300*time.Millisecond)

	keys := []byte("xyzw")
	out := make([]time.Duration, 0, n)
	for i := range n {
		k := keys[i%len(keys)]
		start := time.Now()
		if _, err := tty.Write([]byte{k}); err != nil {
			b.Fatal(err)
		}
		deadline := time.After(5 * time.Second)
	wait:
		for {
			select {
			case c, ok := <-chunks:
				if !ok {
					b.Fatalf("%s ended while typing", argv[0])
				}
				if bytes.IndexByte(c, k) >= 0 {
					break wait
				}
			case <-deadline:
				b.Fatalf("key %d (%q) not echoed within 5s", i, k)
			}
		}
		out = append(out, time.Since(start))
		// Whatever else the key's redraw writes, before the next key.
		drainQuiet(chunks, 5*time.Millisecond)
	}
	return out
}

// drainQuiet reads chunks until none came for quiet.
func drainQuiet(chunks <-chan []byte, quiet time.Duration) {
	t := time.NewTimer(quiet)
	defer t.Stop()
	for {
		select {
		case _, ok := <-chunks:
			if !ok {
				return
			}
			t.Reset(quiet)
		case <-t.C:
			return
		}
	}
}
