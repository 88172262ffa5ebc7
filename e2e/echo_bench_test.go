package e2e

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/creack/pty"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/workspace"
)

// BenchmarkEchoThroughAmux measures keystroke-to-echo latency end to end:
// amux runs on a PTY of its own (200×50), a raw-mode fake agent echoes what
// it reads, and the clock stops when the echoed character comes out of
// amux's side of the PTY — key, amux's input path, tmux, the agent, tmux,
// the embedded terminal, and Bubble Tea's renderer, all counted.
// Target: median ≤ 5 ms, p95 ≤ 12 ms.
// Run: go test ./e2e -run XXX -bench EchoThroughAmux -benchtime 200x
func BenchmarkEchoThroughAmux(b *testing.B) {
	env := harness.NewEnv(b)
	agent := harness.PrepareFakeAgent(b)
	cfg := `{"assistants": {"fake": {"command": ` + jsonString(agent.ShellCommand()) + `}}}`
	os.MkdirAll(env.StateHome, 0o700)
	os.WriteFile(filepath.Join(env.StateHome, "config.json"), []byte(cfg), 0o600)
	repo := env.NewRepo(b, "shop")
	store := workspace.NewStore(env.StateHome)
	if _, err := store.AddProject(b.Context(), repo, "shop"); err != nil {
		b.Fatal(err)
	}

	cmd := exec.Command(harness.AmuxBinary(b))
	cmd.Env = env.Vars()
	if p := os.Getenv("AMUX_CPUPROFILE"); p != "" {
		cmd.Env = append(cmd.Env, "AMUX_CPUPROFILE="+p)
	}
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: 200, Rows: 50})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		ptmx.Write([]byte{0}) // ctrl+space: the palette…
		time.Sleep(300 * time.Millisecond)
		ptmx.Write([]byte("\r")) // …back to the list
		time.Sleep(300 * time.Millisecond)
		ptmx.Write([]byte("q")) // quit cleanly (writes a profile when asked)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		ptmx.Close()
	})
	out := make(chan []byte, 1024)
	go func() {
		buf := make([]byte, 64<<10)
		for {
			n, err := ptmx.Read(buf)
			if n > 0 {
				out <- append([]byte(nil), buf[:n]...)
			}
			if err != nil {
				close(out)
				return
			}
		}
	}()
	drain := func(d time.Duration) {
		for t := time.After(d); ; {
			select {
			case <-out:
			case <-t:
				return
			}
		}
	}
	send := func(s string) { io.WriteString(ptmx, s); drain(300 * time.Millisecond) }
	drain(time.Second)
	send("n") // new workspace in the only project
	send("bench")
	send("\r")
	drain(2 * time.Second)
	send("t")
	send("fake")
	send("\r")
	agent.WaitReady(b)
	drain(2 * time.Second)

	var lat []time.Duration
	keys := []byte("abcdefghijklmnopqrstuvwxyz")
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := keys[i%len(keys)]
		start := time.Now()
		ptmx.Write([]byte{k})
		deadline := time.After(2 * time.Second)
	wait:
		for {
			select {
			case chunk := <-out:
				if bytes.IndexByte(chunk, k) >= 0 {
					lat = append(lat, time.Since(start))
					break wait
				}
			case <-deadline:
				b.Fatalf("no echo of %q within 2 s", k)
			}
		}
		drain(20 * time.Millisecond) // let the frame settle before the next key
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
}

func jsonString(s string) string {
	var buf bytes.Buffer
	buf.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			buf.WriteByte('\\')
		}
		buf.WriteRune(r)
	}
	buf.WriteByte('"')
	return buf.String()
}
