package e2e

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// Flags of BenchmarkAmuxBesideTmux (go test … -args -vs.keys 100).
var (
	vsKeys = flag.Int("vs.keys", 200, "interleaved key→echo samples per side")
	vsIdle = flag.Duration("vs.idle", 60*time.Second, "idle CPU window, and again the strace window")
)

// floodSize is what each flood prints.
const floodSize = 20 << 20

// echoChars are typed for latency samples: two-byte UTF-8 letters, which no
// escape sequence and no part of amux's chrome contains.
var echoChars = []rune("éèêëàâîïôûüç")

// BenchmarkAmuxBesideTmux measures the figures issue 14 targets, each beside
// a plain `tmux attach` to the same pane in the same run. amux runs the real
// binary on a 200×50 PTY of the benchmark's own; fake agents echo what they
// read; the clock stops when the bytes come out of amux's PTY (or the plain
// client's). Every iteration is a fresh amux; the table gives min / median /
// max over the iterations (-benchtime 3x for three).
//
//   - key→echo, random gaps of 40–160 ms, keys interleaved between amux and
//     the plain client (target: median ≤ 2 ms, p95 ≤ 4 ms);
//   - the same while a hidden tab floods (target p95 ≤ 8 ms);
//   - Esc→agent: until the agent has read the byte (target median ≤ 10 ms);
//   - amux CPU per keystroke over 600 keys typed into amux alone (≤ 0.5 ms);
//   - RSS with 1 tab after setup and after 1,200 keystrokes (≤ 20 MB, flat),
//     with 5 tabs and after 3 × 20 MiB floods (≤ 25 MB, flat);
//   - a 20 MiB flood in the focused tab: until its end marker is out (within
//     10 % of plain tmux) and amux's CPU for it (≤ 0.1 s);
//   - 5 idle tabs: CPU over -vs.idle (≤ 0.1 %), then strace -c -f over as
//     long: processes spawned (0) and the syscalls made per second.
//
// Run: go test ./e2e -run XXX -bench AmuxBesideTmux -benchtime 3x -timeout 60m
func BenchmarkAmuxBesideTmux(b *testing.B) {
	tab := &vsTable{}
	for n := 0; b.Loop(); n++ {
		runBeside(b, tab, n)
	}
	b.StopTimer()
	fmt.Printf("\namux beside plain tmux attach, %d run(s), load before: %s\n", b.N, loadAvg())
	tab.print(os.Stdout)
}

func runBeside(b *testing.B, tab *vsTable, run int) {
	env := harness.NewEnv(b)
	names := []string{"typist", "flooder", "idle1", "idle2", "idle3"}
	agents := map[string]*harness.FakeAgent{}
	cfg := map[string]string{}
	for _, n := range names {
		agents[n] = harness.PrepareFakeAgent(b)
		cfg[n] = agents[n].ShellCommand()
	}
	a := startBenchAmux(b, env, cfg, 200, 50)
	defer quitAmux(a)
	a.send("n")
	a.send("bench")
	a.send("\r")
	time.Sleep(2 * time.Second)
	openBenchAgent(b, a, "typist", agents["typist"])

	typist := sessionOfAgent(b, env, agents["typist"])
	w, h := windowSize(b, env, typist)
	plain := startPlain(b, env, typist, w, h)
	time.Sleep(3 * time.Second)
	tab.add("RSS, 1 tab, after setup", "MB", "≤ 20", rssMB(plain.pid()), rssMB(a.pid()))

	ours, theirs := interleavedEcho(b, a, plain, *vsKeys, nil)
	tab.add("key→echo median", "ms", "≤ 2 (plain + 2)", quantile(theirs, .5), quantile(ours, .5))
	tab.add("key→echo p95", "ms", "≤ 4", quantile(theirs, .95), quantile(ours, .95))

	// 600 more keys into amux alone: its CPU per keystroke, and the plain
	// client's (it draws the same echoes).
	cpu0, pcpu0 := cpuTime(a.pid()), cpuTime(plain.pid())
	const fast = 600
	for i := range fast {
		gap(8*time.Millisecond, 20*time.Millisecond)
		if _, ok := a.echo(string(echoChars[i%len(echoChars)])); !ok {
			b.Fatalf("key %d: no echo", i)
		}
		if i%120 == 119 {
			a.key("\r")
		}
	}
	tab.add("CPU per keystroke", "ms", "≤ 0.5",
		ms(cpuTime(plain.pid())-pcpu0)/fast, ms(cpuTime(a.pid())-cpu0)/fast)
	time.Sleep(3 * time.Second)
	tab.add(fmt.Sprintf("RSS, 1 tab, after %d keystrokes", 2**vsKeys+fast), "MB", "≤ 20, ±10 %", rssMB(plain.pid()), rssMB(a.pid()))

	ourEsc, theirEsc := escToAgent(b, a, plain, agents["typist"], 20)
	tab.add("Esc→agent median", "ms", "≤ 10", quantile(theirEsc, .5), quantile(ourEsc, .5))

	for _, n := range names[1:] {
		backToList(a)
		openBenchAgent(b, a, n, agents[n])
	}
	flooder := sessionOfAgent(b, env, agents["flooder"])
	showTab(a, 1)
	time.Sleep(time.Second)
	for range 5 {
		agents["flooder"].Burst(floodSize)
	}
	agents["flooder"].Print("\r\nHIDDEN-FLOOD-END\r\n")
	ours, theirs = interleavedEcho(b, a, plain, 30, func() bool {
		return strings.Contains(env.Server.MustRun(b, "capture-pane", "-p", "-t", tmux.ExactPane(flooder)), "HIDDEN-FLOOD-END")
	})
	tab.add("key→echo p95, hidden tab flooding", "ms", "≤ 8", quantile(theirs, .95), quantile(ours, .95))
	harness.Eventually(b, func() (bool, string) {
		return strings.Contains(env.Server.MustRun(b, "capture-pane", "-p", "-t", tmux.ExactPane(flooder)), "HIDDEN-FLOOD-END"), "hidden flood never ended"
	})
	time.Sleep(3 * time.Second)
	tab.add("RSS, 5 tabs", "MB", "≤ 25", rssMB(plain.pid()), rssMB(a.pid()))

	showTab(a, 2)
	plainF := startPlain(b, env, flooder, w, h)
	time.Sleep(time.Second)
	for i := range 3 {
		marker := fmt.Sprintf("FLOOD-END-%d-%d", run, i)
		a.expect(marker)
		plainF.expect(marker)
		cpu0 := cpuTime(a.pid())
		start := time.Now()
		agents["flooder"].Burst(floodSize)
		agents["flooder"].Print("\r\n\x1b[1;4m" + marker + "\x1b[m\r\n")
		at, ok := a.await(60 * time.Second)
		pt, pok := plainF.await(60 * time.Second)
		if !ok || !pok {
			b.Fatalf("flood %d: end marker never shown (amux %v, plain %v)", i, ok, pok)
		}
		time.Sleep(500 * time.Millisecond) // the frames after the marker count too
		tab.add("20 MiB flood, last byte out", "s", "≤ plain + 10 %", pt.Sub(start).Seconds(), at.Sub(start).Seconds())
		tab.add("20 MiB flood, amux CPU", "s", "≤ 0.1", nan, (cpuTime(a.pid()) - cpu0).Seconds())
	}
	time.Sleep(3 * time.Second)
	tab.add("RSS, 5 tabs, after 3 floods", "MB", "≤ 25, ±10 %", rssMB(plainF.pid()), rssMB(a.pid()))

	backToList(a)
	time.Sleep(10 * time.Second) // the monitor sees every agent idle; the spinner stops
	cpu0, pcpu0 = cpuTime(a.pid()), cpuTime(plain.pid())+cpuTime(plainF.pid())
	time.Sleep(*vsIdle)
	idle := func(d time.Duration) float64 { return 100 * d.Seconds() / vsIdle.Seconds() }
	tab.add(fmt.Sprintf("idle CPU, 5 tabs, %v", *vsIdle), "%", "≤ 0.1",
		idle(cpuTime(plain.pid())+cpuTime(plainF.pid())-pcpu0)/2, idle(cpuTime(a.pid())-cpu0))
	calls, spawned := straceSummary(b, a.pid(), *vsIdle)
	tab.add(fmt.Sprintf("processes spawned, %v idle", *vsIdle), "", "0", nan, float64(spawned))
	total := 0
	for _, n := range calls {
		total += n
	}
	tab.add("syscalls/s idle (strace -c -f)", "", "≈ the 1 s scan", nan, float64(total)/vsIdle.Seconds())
	tab.note(run, "idle syscalls: "+topCalls(calls, vsIdle.Seconds()))
}

// interleavedEcho types n keys into each of amux and the plain client,
// alternating, random gaps between keys, and returns the latencies. With
// until set it stops early once until reports true (checked every ten keys).
func interleavedEcho(b *testing.B, a, plain *benchTerm, n int, until func() bool) (ours, theirs []time.Duration) {
	b.Helper()
	for i := range 2 * n {
		gap(40*time.Millisecond, 160*time.Millisecond)
		c := string(echoChars[i%len(echoChars)])
		t := a
		if i%2 == 1 {
			t = plain
		}
		d, ok := t.echo(c)
		if !ok {
			b.Fatalf("key %d (%s): no echo within 5 s", i, map[bool]string{true: "amux", false: "plain"}[t == a])
		}
		if t == a {
			ours = append(ours, d)
		} else {
			theirs = append(theirs, d)
		}
		if i%240 == 239 {
			a.key("\r")
		}
		if until != nil && i%10 == 9 && until() {
			break
		}
	}
	return ours, theirs
}

// escToAgent presses Esc n times on each side and times each until the
// agent has read it (its byte log grew).
func escToAgent(b *testing.B, a, plain *benchTerm, agent *harness.FakeAgent, n int) (ours, theirs []time.Duration) {
	b.Helper()
	log := agent.Command()[1]
	size := func() int64 {
		st, err := os.Stat(log)
		if err != nil {
			b.Fatal(err)
		}
		return st.Size()
	}
	for i := range 2 * n {
		gap(60*time.Millisecond, 160*time.Millisecond)
		t := a
		if i%2 == 1 {
			t = plain
		}
		n0 := size()
		start := t.key("\x1b")
		for size() == n0 {
			if time.Since(start) > 5*time.Second {
				b.Fatal("Esc never reached the agent")
			}
			time.Sleep(100 * time.Microsecond)
		}
		if t == a {
			ours = append(ours, time.Since(start))
		} else {
			theirs = append(theirs, time.Since(start))
		}
	}
	return ours, theirs
}

// windowSize is the size of session's window, as amux's client set it.
func windowSize(b *testing.B, env *harness.Env, session string) (int, int) {
	out := strings.TrimSpace(env.Server.MustRun(b, "display-message", "-p", "-t", tmux.ExactPane(session), "#{window_width} #{window_height}"))
	var w, h int
	if _, err := fmt.Sscan(out, &w, &h); err != nil {
		b.Fatalf("window size %q: %v", out, err)
	}
	return w, h
}

// showTab shows tab n (from the list) and enters its program: tab moves
// focus to the tab area, enter gives the program the keys.
func showTab(a *benchTerm, n int) {
	backToList(a)
	a.send(strconv.Itoa(n))
	a.send("\t")
	a.send("\r")
}
