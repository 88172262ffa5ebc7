package e2e

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux/tmuxtest"
)

// Flags of BenchmarkFlatAtFifty (go test … -args -flat.idle 30s).
var (
	flatIdle = flag.Duration("flat.idle", 30*time.Second, "idle CPU window per count of tabs")
	flatTabs = flag.String("flat.tabs", "1,10,50", "counts of tabs, comma-separated")
)

// BenchmarkFlatAtFifty measures what amux costs while its agents sit idle,
// together with the tmux server it drives and the tabs' status taps, beside
// plain tmux holding as many sessions (one client attached, the rest
// detached, as a person keeps them), at 1, 10 and 50 tabs:
//
//   - idle CPU of amux + its server + its taps over -flat.idle, and of the
//     server alone (targets: ≤ 0.1 % of a core together at 50 tabs; the
//     server within 0.05 point of plain tmux's);
//   - private memory per tab: what amux's anonymous RSS grew by per tab
//     opened after the first, plus the taps' anonymous RSS divided by the
//     tabs (one shared tap reads them all; target ≤ 0.5 MB);
//   - switching to a hidden tab that printed while hidden, until its new
//     line is on amux's screen, beside plain tmux's switch-client.
//
// Before the idle window, 800 keys are typed into the first tab and the
// others are opened after it: the sequence that left the server holding
// output for hidden clients it could not flush.
//
// Run: go test ./e2e -run XXX -bench FlatAtFifty -benchtime 3x -timeout 60m
func BenchmarkFlatAtFifty(b *testing.B) {
	var counts []int
	for f := range strings.SplitSeq(*flatTabs, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			b.Fatalf("-flat.tabs: bad count %q", f)
		}
		counts = append(counts, n)
	}
	tab := &vsTable{}
	for run := 0; b.Loop(); run++ {
		for _, n := range counts {
			runFlat(b, tab, n)
		}
	}
	b.StopTimer()
	fmt.Printf("\namux idle beside plain tmux, %d run(s), load before: %s\n", b.N, loadAvg())
	tab.print(os.Stdout)
}

func runFlat(b *testing.B, tab *vsTable, n int) {
	env := harness.NewEnv(b)
	agents := make([]*harness.FakeAgent, n)
	cfg := map[string]string{}
	for i := range agents {
		agents[i] = harness.PrepareFakeAgent(b)
		cfg[fmt.Sprintf("agent%02d", i)] = agents[i].ShellCommand()
	}
	a := startBenchAmux(b, env, cfg, 200, 50)
	defer quitAmux(a)
	a.send("n")
	a.send("bench")
	a.send("\r")
	time.Sleep(2 * time.Second)
	openBenchAgent(b, a, "agent00", agents[0])
	agents[0].Echo(true)
	for i := range 800 {
		if _, ok := a.echo(string(echoChars[i%len(echoChars)])); !ok {
			b.Fatalf("key %d: no echo", i)
		}
		if i%100 == 99 {
			a.key("\r")
		}
	}
	time.Sleep(time.Second)
	anon1 := anonMB(a.pid())
	server := serverPID(b, env.Server)
	socket := strings.TrimSpace(env.Server.MustRun(b, "display-message", "-p", "#{socket_path}"))
	tapAnon1 := 0.0
	for _, p := range tapPIDs(server, socket) {
		tapAnon1 += anonMB(p)
	}
	for i := 1; i < n; i++ {
		backToList(a)
		openBenchAgent(b, a, fmt.Sprintf("agent%02d", i), agents[i])
	}
	backToList(a)

	plain := startPlainServer(b, n)
	time.Sleep(10 * time.Second) // the monitor sees every agent idle
	taps := tapPIDs(server, socket)
	if len(taps) != 1 {
		b.Logf("%d tap processes for %d tabs (want one shared tap)", len(taps), n)
	}
	sum := func(pids ...int) time.Duration {
		var d time.Duration
		for _, p := range pids {
			d += cpuTime(p)
		}
		return d
	}
	a0, s0, t0 := cpuTime(a.pid()), cpuTime(server), sum(taps...)
	p0, ps0 := sum(plain.pids...), cpuTime(plain.pids[0])
	time.Sleep(*flatIdle)
	pct := func(d time.Duration) float64 { return 100 * d.Seconds() / flatIdle.Seconds() }
	ours := pct(cpuTime(a.pid()) - a0 + cpuTime(server) - s0 + sum(taps...) - t0)
	tab.add(fmt.Sprintf("idle CPU, %d tabs: amux + server + taps", n), "%", "≤ 0.1 at 50", pct(sum(plain.pids...)-p0), ours)
	tab.add(fmt.Sprintf("idle CPU, %d tabs: the server", n), "%", "plain + 0.05", pct(cpuTime(plain.pids[0])-ps0), pct(cpuTime(server)-s0))

	tapAnon := 0.0
	for _, p := range taps {
		tapAnon += anonMB(p)
	}
	tab.add(fmt.Sprintf("amux private (anon) MB, %d tabs", n), "MB", "", nan, anonMB(a.pid()))
	tab.add(fmt.Sprintf("private MB of the taps, %d tabs", n), "MB", "", nan, tapAnon)
	tab.add(fmt.Sprintf("taps' private MB per tab, %d tabs", n), "MB", "", nan, tapAnon/float64(n))
	if n > 1 {
		tab.add(fmt.Sprintf("private MB per tab, %d tabs (amux's growth per tab + the taps' share)", n), "MB", "≤ 0.5", nan,
			(anonMB(a.pid())-anon1)/float64(n-1)+tapAnon/float64(n))
		// What one more tab costs: amux's growth and the shared tap's, per
		// tab after the first (the tap's own base is the first tab's).
		tab.add(fmt.Sprintf("private MB each tab adds, %d tabs (amux + taps, after the first)", n), "MB", "≤ 0.5", nan,
			(anonMB(a.pid())-anon1+tapAnon-tapAnon1)/float64(n-1))
	}

	if n > 2 { // tab 2 is hidden at every turn only with a third to show between
		ours, theirs := switchToHidden(b, env, a, agents, plain, min(n, 6))
		tab.add(fmt.Sprintf("switch to a hidden tab until its screen is right, %d tabs", n), "ms", "as fast as before", quantile(theirs, .5), quantile(ours, .5))
	}
}

// switchToHidden prints a line in a hidden tab, shows it, and times until
// the line is out of amux's PTY; plain tmux does the same with
// switch-client. Tabs 2..k take turns (k ≥ 3: each is hidden when its
// turn comes).
func switchToHidden(b *testing.B, env *harness.Env, a *benchTerm, agents []*harness.FakeAgent, plain *plainServer, k int) (ours, theirs []time.Duration) {
	// Digits pick tabs from the tab area, and picking one there gives its
	// program no keys: the focus stays for the next pick. (Going back to
	// the list each time does not: ctrl+space, enter on the list runs the
	// palette's first row, the key list.)
	a.send("\t")
	for round := range 2 {
		for i := 2; i <= k; i++ {
			marker := fmt.Sprintf("SHOWN-%d-%d", round, i)
			agents[i-1].Print("\r\n" + marker + "\r\n")
			time.Sleep(300 * time.Millisecond) // printed while hidden
			a.expect(marker)
			start := time.Now()
			a.send(strconv.Itoa(i))
			at, ok := a.await(5 * time.Second)
			if !ok {
				b.Fatalf("tab %d never showed %s", i, marker)
			}
			ours = append(ours, at.Sub(start))
			plain.srv.MustRun(b, "send-keys", "-t", plain.sessions[i-1], "-l", "printf '\\n"+marker+"\\n'")
			plain.srv.MustRun(b, "send-keys", "-t", plain.sessions[i-1], "Enter")
			time.Sleep(300 * time.Millisecond)
			plain.term.expect(marker)
			start = time.Now()
			plain.srv.MustRun(b, "switch-client", "-c", plain.client(b), "-t", plain.sessions[i-1])
			at, ok = plain.term.await(5 * time.Second)
			if !ok {
				b.Fatalf("plain tmux never showed %s", marker)
			}
			theirs = append(theirs, at.Sub(start))
		}
	}
	return ours, theirs
}

// plainServer is plain tmux with n idle sessions and one client attached.
type plainServer struct {
	srv      *tmuxtest.Server
	term     *benchTerm
	sessions []string
	pids     []int // the server, then the client
}

func startPlainServer(b *testing.B, n int) *plainServer {
	p := &plainServer{srv: tmuxtest.New(b)}
	for i := range n {
		name := fmt.Sprintf("plain%02d", i)
		p.srv.Session(b, name, nil, "sh")
		p.sessions = append(p.sessions, "="+name+":")
	}
	cmd := p.srv.Command(b.Context(), "attach-session", "-t", "=plain00")
	cmd.Env = append(os.Environ(), "TERM=xterm-256color", "TMUX=")
	p.term = startBenchTerm(b, cmd, 200, 50)
	b.Cleanup(p.term.close)
	p.pids = []int{serverPID(b, p.srv), p.term.pid()}
	return p
}

// client is the name of the plain client.
func (p *plainServer) client(b *testing.B) string {
	return strings.TrimSpace(p.srv.MustRun(b, "list-clients", "-F", "#{client_name}"))
}

// serverPID is the pid of a tmux server.
func serverPID(b *testing.B, srv *tmuxtest.Server) int {
	pid, err := strconv.Atoi(strings.TrimSpace(srv.MustRun(b, "display-message", "-p", "#{pid}")))
	if err != nil {
		b.Fatal(err)
	}
	return pid
}

// tapPIDs lists the status taps of the server whose pid is server and
// whose socket is socket: the shared tap (`--internal-tap -S socket
// --daemon`, a process of its own session) and any per-pane tap an older
// amux left (pipe-pane runs those as the server's children).
func tapPIDs(server int, socket string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if !bytes.Contains(cmdline, []byte("--internal-tap")) {
			continue
		}
		if bytes.Contains(cmdline, []byte("\x00-S\x00"+socket+"\x00--daemon")) {
			pids = append(pids, pid)
			continue
		}
		stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		// "pid (comm) state ppid …": the fields after the last ')'.
		if i := bytes.LastIndexByte(stat, ')'); i > 0 {
			if f := strings.Fields(string(stat[i+1:])); len(f) > 1 && f[1] == strconv.Itoa(server) {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

// anonMB is a process's anonymous resident memory in MB (RssAnon): what it
// holds privately, the binary's shared pages left out.
func anonMB(pid int) float64 {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "RssAnon:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}
