package e2e

import (
	"bytes"
	"encoding/json"
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

// ptyAmux is amux running on a PTY of the benchmark's own, so every byte
// amux writes to its terminal can be timed.
type ptyAmux struct {
	b    *testing.B
	cmd  *exec.Cmd
	ptmx *os.File
	out  chan []byte
}

// startPTYAmux runs amux (200×50) on a PTY in env, with one project "shop"
// registered and config.json holding assistants (name → shell command).
func startPTYAmux(b *testing.B, env *harness.Env, assistants map[string]string) *ptyAmux {
	b.Helper()
	list := map[string]map[string]string{}
	for name, cmd := range assistants {
		list[name] = map[string]string{"command": cmd}
	}
	cfg, _ := json.Marshal(map[string]any{"assistants": list})
	os.MkdirAll(env.StateHome, 0o700)
	os.WriteFile(filepath.Join(env.StateHome, "config.json"), cfg, 0o600)
	repo := env.NewRepo(b, "shop")
	if _, err := workspace.NewStore(env.StateHome).AddProject(b.Context(), repo, "shop"); err != nil {
		b.Fatal(err)
	}
	a := &ptyAmux{b: b, cmd: exec.Command(harness.AmuxBinary(b)), out: make(chan []byte, 4096)}
	a.cmd.Env = env.Vars()
	if p := os.Getenv("AMUX_CPUPROFILE"); p != "" {
		a.cmd.Env = append(a.cmd.Env, "AMUX_CPUPROFILE="+p)
	}
	var err error
	if a.ptmx, err = pty.StartWithSize(a.cmd, &pty.Winsize{Cols: 200, Rows: 50}); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(a.quit)
	go func() {
		buf := make([]byte, 64<<10)
		for {
			n, err := a.ptmx.Read(buf)
			if n > 0 {
				a.out <- append([]byte(nil), buf[:n]...)
			}
			if err != nil {
				close(a.out)
				return
			}
		}
	}()
	a.drain(time.Second)
	return a
}

// drain discards amux's output for d.
func (a *ptyAmux) drain(d time.Duration) {
	for t := time.After(d); ; {
		select {
		case <-a.out:
		case <-t:
			return
		}
	}
}

// send types s and lets amux settle.
func (a *ptyAmux) send(s string) {
	io.WriteString(a.ptmx, s)
	a.drain(300 * time.Millisecond)
}

// fromTerminal leaves a focused terminal: ctrl+space, enter.
func (a *ptyAmux) fromTerminal() { a.send("\x00"); a.send("\r") }

// openAgent opens an agent tab with the named assistant (from the list).
func (a *ptyAmux) openAgent(name string, agent *harness.FakeAgent) {
	a.send("t")
	a.send(name)
	a.send("\r")
	agent.WaitReady(a.b)
	a.drain(time.Second)
}

// echo types one key and returns how long until amux wrote it back.
func (a *ptyAmux) echo(k byte) time.Duration {
	start := time.Now()
	a.ptmx.Write([]byte{k})
	deadline := time.After(5 * time.Second)
	for {
		select {
		case chunk := <-a.out:
			if bytes.IndexByte(chunk, k) >= 0 {
				return time.Since(start)
			}
		case <-deadline:
			a.b.Fatalf("no echo of %q within 5 s", k)
		}
	}
}

// cpu is amux's CPU time so far.
func (a *ptyAmux) cpu() time.Duration { return procCPU(a.b, a.cmd.Process.Pid) }

// quit leaves amux the way a person does (so a CPU profile is written).
func (a *ptyAmux) quit() {
	a.ptmx.Write([]byte{0})
	time.Sleep(300 * time.Millisecond)
	a.ptmx.Write([]byte("\r"))
	time.Sleep(300 * time.Millisecond)
	a.ptmx.Write([]byte("q"))
	done := make(chan struct{})
	go func() { a.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		a.cmd.Process.Kill()
		<-done
	}
	a.ptmx.Close()
}

// percentiles returns the median and p95 of d in milliseconds.
func percentiles(d []time.Duration) (float64, float64) {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	ms := func(x time.Duration) float64 { return float64(x.Microseconds()) / 1000 }
	return ms(d[len(d)/2]), ms(d[len(d)*95/100])
}
