package status

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"amux.dev/amux/config"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace/remote/sshcmd"
)

// `amux wait --host NAME` (and --all-hosts) waits on other machines: on
// each host it runs that host's own `amux wait` with the same flags, over
// the host's shared ssh connection (package sshcmd: the master the
// workbench keeps, or a new one that stays for ControlPersist). The
// channel has a terminal on the host (-tt), so when this wait gives up on
// a host — another matched first, or the timeout — sshd hangs the remote
// wait up, and nothing is left waiting there. The first host to match
// wins: its line is printed with host=NAME before it, and its exit status
// (with --command, the command's) is this wait's.

// hostResult is how a wait on one host (or this machine, host "") ended.
type hostResult struct {
	host    string
	line    string // the match's "session=…" line; "" for none
	code    int
	failure string // why it ended without a match
}

// runWaitHosts waits on the hosts opts names (and this machine too with
// --all-hosts) and returns the process exit code.
func runWaitHosts(opts waitOptions, stdout, stderr io.Writer, env waitEnv) int {
	home, err := config.StateHome(env.getenv)
	if err != nil {
		fmt.Fprintf(stderr, "amux wait: %v\n", err)
		return 1
	}
	cfg, _ := config.Load(home)
	hosts, err := waitTargets(cfg, opts)
	if err != nil {
		fmt.Fprintf(stderr, "amux wait: %v (see amux wait --help)\n", err)
		return 2
	}
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	if opts.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, opts.timeout)
	}
	ctx, cancelAll := context.WithCancel(ctx)
	defer cancelAll()
	defer cancel()
	results := make(chan hostResult, len(hosts)+1)
	n := len(hosts)
	if opts.allHosts {
		n++
		go func() { results <- waitHere(ctx, opts, env) }()
	}
	for _, h := range hosts {
		o := sshcmd.Options{Dest: h.Dest, StateHome: home, SSH: env.getenv(sshcmd.EnvSSH)}
		go func() { results <- waitOnHost(ctx, o, h, opts) }()
	}
	var failed []hostResult
	for i := range n {
		r := <-results
		if r.line == "" {
			failed = append(failed, r)
			continue
		}
		// The others: their ssh channels close and sshd hangs their waits
		// up. Their ssh processes are reaped before this one exits, so
		// none outlives it holding a channel open.
		cancelAll()
		reap := time.After(5 * time.Second)
		for range n - i - 1 {
			select {
			case <-results:
			case <-reap:
			}
		}
		if r.host != "" {
			fmt.Fprintf(stdout, "host=%s ", r.host)
		}
		fmt.Fprintln(stdout, r.line)
		return r.code
	}
	if ctx.Err() != nil && opts.timeout > 0 {
		fmt.Fprintf(stderr, "amux wait: timed out after %v\n", opts.timeout)
		return 2
	}
	for _, r := range failed {
		where := "this machine"
		if r.host != "" {
			where = "host " + r.host
		}
		fmt.Fprintf(stderr, "amux wait: %s: %s\n", where, r.failure)
	}
	return 1
}

// waitTargets resolves --host names against config.json's hosts; with
// --all-hosts, every configured host.
func waitTargets(cfg config.Config, opts waitOptions) ([]config.Host, error) {
	if opts.allHosts {
		if len(opts.hosts) > 0 {
			return nil, fmt.Errorf("--all-hosts and --host cannot be combined")
		}
		return cfg.Hosts, nil
	}
	var out []config.Host
	for _, name := range opts.hosts {
		h, ok := cfg.HostNamed(name)
		if !ok {
			names := make([]string, len(cfg.Hosts))
			for i, c := range cfg.Hosts {
				names[i] = c.Name
			}
			return nil, fmt.Errorf("no host named %q in %s (hosts: %s)", name, config.FileName, strings.Join(names, ", "))
		}
		if !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out, nil
}

// remoteWaitArgs are the flags of opts for the host's own amux wait (the
// remaining time as its --timeout, so it ends there even if the hang-up
// never arrives).
func remoteWaitArgs(ctx context.Context, opts waitOptions) []string {
	var a []string
	if opts.states != nil {
		var list []string
		for st := range opts.states {
			list = append(list, string(st))
		}
		slices.Sort(list)
		a = append(a, "--state", strings.Join(list, ","))
	}
	if opts.published {
		a = append(a, "--published")
	}
	if opts.command {
		a = append(a, "--command")
	}
	if d, ok := ctx.Deadline(); ok {
		a = append(a, "--timeout", max(time.Until(d), time.Millisecond).Round(time.Millisecond).String())
	}
	if opts.workspace != "" {
		a = append(a, "--workspace", opts.workspace)
	}
	if opts.session != "" {
		a = append(a, "--session", opts.session)
	}
	return a
}

// waitOnHost runs the host's amux wait until it ends or ctx does. A host
// without amux on its PATH is tried again at the install path.
func waitOnHost(ctx context.Context, o sshcmd.Options, h config.Host, opts waitOptions) hostResult {
	res := hostResult{host: h.Name, code: 1}
	if err := o.Prepare(); err != nil {
		res.failure = err.Error()
		return res
	}
	programs := []string{"amux", sshcmd.DefaultInstallPath}
	if h.Amux != "" {
		programs = []string{h.Amux}
	}
	for _, prog := range programs {
		argv := o.ChannelArgs(sshcmd.ForceTTY, sshcmd.Command(append([]string{prog, "wait"}, remoteWaitArgs(ctx, opts)...)...)...)
		cmd := exec.CommandContext(ctx, o.Program(), argv...)
		var out bytes.Buffer
		w := &capWriter{w: &out, left: 64 << 10}
		cmd.Stdout, cmd.Stderr = w, w
		err := cmd.Run()
		res.code = cmd.ProcessState.ExitCode()
		var other []string
		for _, line := range hostLines(out.Bytes()) {
			if strings.HasPrefix(line, "session=") && res.line == "" {
				res.line = line
			} else if line != "" {
				other = append(other, line)
			}
		}
		if res.line != "" && ctx.Err() == nil {
			return res
		}
		res.line = ""
		switch {
		case ctx.Err() != nil:
			res.failure = "cancelled"
		case res.code == 127:
			res.failure = "no amux there (" + prog + ")"
			continue
		case res.code == 255:
			res.failure = "ssh failed: " + strings.Join(other, "; ")
		default:
			res.failure = strings.Join(append(other, fmt.Sprint(err)), "; ")
		}
		return res
	}
	return res
}

// hostLines splits what a host printed into lines made inert: the host is
// outside input, and its words go to this terminal.
func hostLines(b []byte) []string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	for sc.Scan() {
		lines = append(lines, strings.Map(func(r rune) rune {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar {
				return -1
			}
			return r
		}, sc.Text()))
	}
	return lines
}

// waitHere is the wait on this machine for --all-hosts, ending with ctx.
func waitHere(ctx context.Context, opts waitOptions, env waitEnv) hostResult {
	res := hostResult{code: 1}
	client := tmux.New(tmux.ResolveServerInPane(env.getenv))
	vctx, cancel := context.WithTimeout(ctx, tmux.DefaultTimeout)
	_, err := client.CheckVersion(vctx)
	cancel()
	if err != nil {
		res.failure = err.Error()
		return res
	}
	m := &matcher{opts: opts}
	w := &watcher{client: client, match: m.match, subscription: env.subscription}
	if err := w.run(ctx); err != nil {
		res.failure = "cancelled"
		return res
	}
	p := m.found
	if opts.command {
		res.code = commandExitCode(p.CommandExit)
		res.line = fmt.Sprintf("session=%s exit=%s", quoteValue(p.Session), quoteValue(p.CommandExit))
		return res
	}
	res.code = 0
	res.line = fmt.Sprintf("session=%s state=%s kind=%s app=%s message=%s",
		quoteValue(p.Session), quoteValue(string(p.State)), quoteValue(string(p.Kind)),
		quoteValue(p.App), quoteValue(p.Message))
	return res
}

// capWriter keeps the first left bytes written to w, for ssh's stdout
// and stderr at once.
type capWriter struct {
	mu   sync.Mutex
	w    io.Writer
	left int
}

func (c *capWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := min(len(p), c.left); n > 0 {
		_, _ = c.w.Write(p[:n])
		c.left -= n
	}
	return len(p), nil
}
