package e2e

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/workspace/remote/fleet"
)

// remoteHosts is how many hosts BenchmarkRemoteFleetIdle connects.
var remoteHosts = flag.Int("remote.hosts", 3, "hosts in the fleet")

// BenchmarkRemoteFleetIdle measures what a fleet of connected hosts costs
// while every agent on them sits idle: -remote.hosts hosts (each its own
// sshd) with -remote.tabs agent tabs each, over -remote.idle. The local
// side is this process (the fleet: its forwarders and each client's
// reader) and its ssh processes (each host's protocol channel and shared
// master); each host's side is its `amux --internal-host` (targets: the
// local side ≤ 0.2 % of a core with 3 × 10 tabs, each host's ≤ 0.1 %).
// Beside it, a plain ssh connection to each host kept open and idle (a
// master and a `cat` session): the floor of keeping hosts within reach.
//
// Run: go test ./e2e -run XXX -bench RemoteFleetIdle -benchtime 1x
func BenchmarkRemoteFleetIdle(b *testing.B) {
	tab := &vsTable{base: "idle ssh"}
	run := 0
	for b.Loop() {
		var servers []*harness.SSHD
		var hosts []config.Host
		var repos []string
		for i := range *remoteHosts {
			s, _ := remoteHost(b, true)
			repos = append(repos, prepareIdleHost(b, s))
			servers = append(servers, s)
			hosts = append(hosts, config.Host{Name: fmt.Sprintf("h%d", i), Dest: s.Dest})
		}
		cfg := harness.JoinConfigs(b, servers...)
		home := harness.ShortDir(b, "local")
		f, err := fleet.New(fleet.Options{StateHome: home, Version: amuxVersion(b, harness.AmuxBinary(b)), ConfigFile: cfg,
			ControlPersist: time.Hour}, hosts)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(f.Close)
		deadline := time.After(60 * time.Second)
		for connected := 0; connected < len(hosts); {
			connected = 0
			for _, h := range f.Hosts() {
				if h.Status == fleet.Connected {
					connected++
				}
			}
			if connected < len(hosts) {
				select {
				case <-f.Changes():
				case <-deadline:
					b.Fatalf("not every host connected: %+v", f.Hosts())
				}
			}
		}
		for i, repo := range repos {
			h, _ := f.Client(hosts[i].Name)
			openIdleTabs(b, h, repo, *remoteTabs)
		}
		sides := make([]int, len(servers))
		for i, s := range servers {
			sides[i] = hostPID(b, s)
		}
		local := append([]int{os.Getpid()}, sshChildren(os.Getpid())...)
		for _, s := range servers {
			local = append(local, s.MasterPID(b, cfg, home))
		}
		plain := idleSSH(b, servers)
		time.Sleep(10 * time.Second) // every host's monitor takes the lease and sees its agents settle

		sum := func(pids []int) time.Duration {
			var d time.Duration
			for _, p := range pids {
				d += cpuTime(p)
			}
			return d
		}
		load := loadAvg()
		l0, p0 := sum(local), sum(plain)
		s0 := make([]time.Duration, len(sides))
		for i, p := range sides {
			s0[i] = cpuTime(p)
		}
		pushes := 0
		end := time.After(*remoteIdle)
	idle:
		for {
			select {
			case <-f.Changes():
				pushes += len(f.Changed())
			case <-end:
				break idle
			}
		}
		pct := func(d time.Duration) float64 { return 100 * d.Seconds() / remoteIdle.Seconds() }
		lp, pp := pct(sum(local)-l0), pct(sum(plain)-p0)
		worst := 0.0
		var each []string
		for i, p := range sides {
			x := pct(cpuTime(p) - s0[i])
			worst = max(worst, x)
			each = append(each, fmt.Sprintf("%s %.3f %%", hosts[i].Name, x))
		}
		tab.add(fmt.Sprintf("local side, %d hosts × %d tabs", len(hosts), *remoteTabs), "% of a core", "≤ 0.2", pp, lp)
		tab.add("each host's side (the worst)", "% of a core", "≤ 0.1", nan, worst)
		tab.note(run, fmt.Sprintf("%v idle, load before: %s, after: %s; host sides: %s; %d host changes",
			*remoteIdle, load, loadAvg(), strings.Join(each, ", "), pushes))
		b.ReportMetric(lp, "local-%cpu")
		b.ReportMetric(worst, "host-side-max-%cpu")
		run++
	}
	fmt.Println()
	tab.print(os.Stdout)
}

// sshChildren lists pid's child processes running ssh.
func sshChildren(pid int) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: comm may hold spaces, so read after ')'.
		s := string(stat)
		open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || close < open {
			continue
		}
		f := strings.Fields(s[close+1:])
		if len(f) > 1 && s[open+1:close] == "ssh" && f[1] == strconv.Itoa(pid) {
			out = append(out, child)
		}
	}
	return out
}

// idleSSH keeps one plain ssh connection to each server open and idle (a
// session running cat, its stdin held open) until cleanup, and returns
// their pids.
func idleSSH(b *testing.B, servers []*harness.SSHD) []int {
	b.Helper()
	var pids []int
	for _, s := range servers {
		cmd := exec.Command("ssh", "-F", s.Config, "-T", "--", s.Dest, "cat")
		in, err := cmd.StdinPipe()
		if err != nil {
			b.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { in.Close(); _ = cmd.Process.Kill(); _ = cmd.Wait() })
		pids = append(pids, cmd.Process.Pid)
	}
	return pids
}
