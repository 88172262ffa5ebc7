package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// benchTerm is a program on a PTY of the benchmark's own: amux, or a plain
// `tmux attach` beside it. Its output is read as fast as it comes and
// watched for one awaited string at a time, timestamped on arrival.
type benchTerm struct {
	b    *testing.B
	cmd  *exec.Cmd
	ptmx *os.File

	mu   sync.Mutex
	want []byte
	tail []byte
	seen chan time.Time
}

func startBenchTerm(b *testing.B, cmd *exec.Cmd, w, h int) *benchTerm {
	b.Helper()
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(w), Rows: uint16(h)})
	if err != nil {
		b.Fatal(err)
	}
	t := &benchTerm{b: b, cmd: cmd, ptmx: ptmx, seen: make(chan time.Time, 1)}
	go t.read()
	return t
}

func (t *benchTerm) read() {
	buf := make([]byte, 64<<10)
	for {
		n, err := t.ptmx.Read(buf)
		if n > 0 {
			now := time.Now()
			t.mu.Lock()
			if t.want != nil {
				t.tail = append(t.tail, buf[:n]...)
				if bytes.Contains(t.tail, t.want) {
					t.want = nil
					t.seen <- now
				} else if keep := len(t.want) - 1; len(t.tail) > keep {
					t.tail = append(t.tail[:0], t.tail[len(t.tail)-keep:]...)
				}
			}
			t.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// expect arms the watch for s; call it before what makes s appear.
func (t *benchTerm) expect(s string) {
	t.mu.Lock()
	t.want, t.tail = []byte(s), t.tail[:0]
	select {
	case <-t.seen:
	default:
	}
	t.mu.Unlock()
}

// await returns when the awaited string arrived.
func (t *benchTerm) await(timeout time.Duration) (time.Time, bool) {
	select {
	case at := <-t.seen:
		return at, true
	case <-time.After(timeout):
		t.mu.Lock()
		t.want = nil
		t.mu.Unlock()
		return time.Time{}, false
	}
}

// key writes input and returns when it was written.
func (t *benchTerm) key(s string) time.Time {
	at := time.Now()
	if _, err := io.WriteString(t.ptmx, s); err != nil {
		t.b.Fatal(err)
	}
	return at
}

// echo types s and returns how long until it came back out.
func (t *benchTerm) echo(s string) (time.Duration, bool) {
	t.expect(s)
	start := t.key(s)
	at, ok := t.await(5 * time.Second)
	return at.Sub(start), ok
}

// send types s and lets the program settle (setup steps only).
func (t *benchTerm) send(s string) {
	t.key(s)
	time.Sleep(300 * time.Millisecond)
}

func (t *benchTerm) pid() int { return t.cmd.Process.Pid }

func (t *benchTerm) close() {
	_ = t.cmd.Process.Kill()
	_, _ = t.cmd.Process.Wait()
	t.ptmx.Close()
}

// startBenchAmux runs amux at w×h in env with one project "shop" and the
// given assistants (name → shell command) configured.
func startBenchAmux(b *testing.B, env *harness.Env, assistants map[string]string, w, h int) *benchTerm {
	b.Helper()
	list := map[string]map[string]string{}
	for name, cmd := range assistants {
		list[name] = map[string]string{"command": cmd}
	}
	cfg, _ := json.Marshal(map[string]any{"assistants": list})
	if err := os.MkdirAll(env.StateHome, 0o700); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(env.StateHome, "config.json"), cfg, 0o600); err != nil {
		b.Fatal(err)
	}
	repo := env.NewRepo(b, "shop")
	if _, err := workspace.NewStore(env.StateHome).AddProject(b.Context(), repo, "shop"); err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(harness.AmuxBinary(b))
	cmd.Env = env.Vars()
	for _, k := range []string{"AMUX_CPUPROFILE", "AMUX_MEMPROFILE", "GOMAXPROCS", "GODEBUG", "GOGC"} {
		if v := os.Getenv("AMUX_BENCH_" + k); v != "" {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	t := startBenchTerm(b, cmd, w, h)
	b.Cleanup(t.close)
	time.Sleep(time.Second)
	return t
}

// quitAmux ends amux with SIGTERM, which it takes as a quit: the terminal
// is restored and a CPU profile written.
func quitAmux(a *benchTerm) {
	_ = a.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _, _ = a.cmd.Process.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
}

// startPlain attaches a plain tmux client to session on a PTY of w×h, the
// baseline every figure is printed beside.
func startPlain(b *testing.B, env *harness.Env, session string, w, h int) *benchTerm {
	b.Helper()
	cmd := env.Server.Command(b.Context(), "attach-session", "-t", tmux.ExactSession(session))
	cmd.Env = append(os.Environ(), "TERM=xterm-256color", "TMUX=")
	t := startBenchTerm(b, cmd, w, h)
	b.Cleanup(t.close)
	return t
}

// sessionOfAgent finds the tmux session whose pane runs agent: the pane
// whose tty is the fake agent's standard input.
func sessionOfAgent(b *testing.B, env *harness.Env, agent *harness.FakeAgent) string {
	b.Helper()
	log := agent.Command()[1]
	var tty string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		if bytes.Contains(cmdline, []byte(log)) && strings.HasSuffix(strings.Split(string(cmdline), "\x00")[0], "fakeagent") {
			tty, _ = os.Readlink(fmt.Sprintf("/proc/%d/fd/0", pid))
			break
		}
	}
	out := env.Server.MustRun(b, "list-panes", "-a", "-F", "#{pane_tty}|#{session_name}")
	for line := range strings.Lines(out) {
		if p, s, ok := strings.Cut(strings.TrimSpace(line), "|"); ok && p == tty && tty != "" {
			return s
		}
	}
	b.Fatalf("no session runs the fake agent logging to %s (tty %q):\n%s", log, tty, out)
	return ""
}

// cpuTime is a process's CPU time so far, summed over its threads at
// nanosecond resolution (/proc/<pid>/task/*/schedstat).
func cpuTime(pid int) time.Duration {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	var total time.Duration
	for _, p := range tasks {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if f := strings.Fields(string(b)); len(f) > 0 {
			ns, _ := strconv.ParseInt(f[0], 10, 64)
			total += time.Duration(ns)
		}
	}
	return total
}

// rssMB is a process's resident set in MB (VmRSS).
func rssMB(pid int) float64 {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}

// gap is a random pause between keystrokes (lo to hi), so that no key falls
// into step with any periodic work.
func gap(lo, hi time.Duration) {
	time.Sleep(lo + time.Duration(rand.Int64N(int64(hi-lo))))
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// quantile is the q-quantile of d (sorted in place), in milliseconds.
func quantile(d []time.Duration, q float64) float64 {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return ms(d[min(len(d)-1, int(q*float64(len(d))))])
}

// straceSummary attaches strace -c -f to pid for d and returns its table
// (syscall → calls) and the number of programs pid's children ran.
func straceSummary(b *testing.B, pid int, d time.Duration) (map[string]int, int) {
	b.Helper()
	out, err := exec.Command("timeout", "-s", "INT", strconv.Itoa(int(d.Seconds())), "strace", "-c", "-f", "-p", strconv.Itoa(pid)).CombinedOutput()
	if err != nil && !bytes.Contains(out, []byte("total")) {
		b.Fatalf("strace: %v\n%s", err, out)
	}
	calls := map[string]int{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		// % time, seconds, usecs/call, calls, [errors], syscall
		if len(f) < 5 || f[len(f)-1] == "total" || f[len(f)-1] == "syscall" {
			continue
		}
		if n, err := strconv.Atoi(f[3]); err == nil {
			calls[f[len(f)-1]] = n
		}
	}
	return calls, calls["execve"]
}

// loadAvg is the machine's load average, for the record.
func loadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// openBenchAgent opens an agent tab with the named assistant.
func openBenchAgent(b *testing.B, a *benchTerm, name string, agent *harness.FakeAgent) {
	a.send("t")
	a.send(name)
	a.send("\r")
	agent.WaitReady(b)
	time.Sleep(time.Second)
}

// backToList gives focus back to the list: ctrl+space, enter.
func backToList(a *benchTerm) { a.send("\x00"); a.send("\r") }
