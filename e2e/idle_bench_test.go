package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
)

// BenchmarkIdleWithFiveTabs measures what an idle amux costs ("Performance
// we design for"): with five live terminal tabs open and nothing happening
// for 30 s, the CPU amux uses (target ≤ 0.3 % of a core) and the processes
// it spawns (target ≤ 5 in 30 s), counted through a tmux shim on its PATH,
// and its resident memory with those five tabs.
// Run: go test ./e2e -run XXX -bench IdleWithFiveTabs -benchtime 1x
func BenchmarkIdleWithFiveTabs(b *testing.B) {
	env := harness.NewEnv(b)
	shim := b.TempDir()
	log := filepath.Join(shim, "calls.log")
	real, err := exec.LookPath("tmux")
	if err != nil {
		b.Fatal(err)
	}
	script := "#!/bin/sh\necho \"$*\" >> " + status.ShellQuote(log) + "\nexec " + status.ShellQuote(real) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(shim, "tmux"), []byte(script), 0o755); err != nil {
		b.Fatal(err)
	}
	repo := env.NewRepo(b, "shop")
	vars := env.Vars()
	for i, v := range vars {
		if strings.HasPrefix(v, "PATH=") {
			vars[i] = "PATH=" + shim + ":" + os.Getenv("PATH")
		}
	}
	if p := os.Getenv("AMUX_CPUPROFILE"); p != "" {
		vars = append(vars, "AMUX_CPUPROFILE="+p)
	}
	term := harness.StartTerminal(b, vars, 160, 48, harness.AmuxBinary(b))
	term.WaitText("Projects")
	term.Press(b, "add-project")
	term.Type(repo)
	term.Keys("Enter")
	term.WaitText("▾ shop")
	term.Press(b, "new-workspace")
	term.Type("idle")
	term.Keys("Enter")
	term.WaitText("─ idle ─")
	for i := 1; i <= 5; i++ {
		term.Press(b, "new-terminal-tab")
		term.WaitText(" " + strconv.Itoa(i) + " shell ")
		leave(b, term)
	}
	pid := term.PID(b)
	for b.Loop() {
		time.Sleep(3 * time.Second) // let startup work settle; this measures idleness, so it must wait
		calls0, cpu0 := countLines(log), procCPU(b, pid)
		const window = 30 * time.Second
		time.Sleep(window)
		calls, cpu := countLines(log)-calls0, procCPU(b, pid)-cpu0
		b.ReportMetric(float64(cpu)/float64(window)*100, "%cpu")
		b.ReportMetric(float64(calls), "spawns/30s")
		b.ReportMetric(float64(rssKB(b, pid))/1024, "rss-MB")
	}
	term.Press(b, "quit") // focus is on the list: every tab was left
	term.WaitExit()
}

func leave(b *testing.B, term *harness.Terminal) {
	term.WaitText("back to the list")
	term.Press(b, "palette")
	term.WaitText("Commands")
	term.Keys("Enter")
	term.WaitGone("Commands")
}

func countLines(path string) int {
	data, _ := os.ReadFile(path)
	return strings.Count(string(data), "\n")
}

// rssKB is a process's resident set size in KiB.
func rssKB(b *testing.B, pid int) int {
	status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb
		}
	}
	return 0
}
