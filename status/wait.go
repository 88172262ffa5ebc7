package status

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"amux.dev/amux/tmux"
)

const waitUsage = `Usage: amux wait [--state LIST|any | --command] [flags]

Block until a pane reports a matching state (Program Status Protocol), then
print  session=… state=… kind=… app=… message=…  and exit 0. By default
only reports count; --published matches amux's published state instead. Values with
spaces or quotes are single-quoted for the shell.

Flags:
  --state LIST        comma-separated: idle,working,blocked,done,error; or any
                      (the default)
  --published         match the state amux publishes (@amux_agent_state:
                      screen rules, output activity and reports merged)
                      instead of reports only, so agents that never report
                      count too; message= is the published reason
  --command           instead, wait for the next shell command to finish
                      (OSC 133) and exit with its exit code; prints
                      session=… exit=…
  --timeout DURATION  give up after this long (e.g. 10s, 2m); default: never
  --workspace ID      only panes of this workspace (@amux_workspace ID or
                      @amux_workspace_name)
  --session NAME      only panes of the session with exactly this name
  --host NAME         wait on that host of config.json's hosts instead, over
                      ssh (its own amux wait, through the shared connection);
                      give it again for several: the first match wins, the
                      other waits are cancelled, and its line begins with
                      host=NAME
  --all-hosts         wait on this machine and every configured host at once
  --help              show this help

A state already stored when wait starts matches at once. A working or
blocked report from a pane whose process has exited never matches.
Inside a pane the tmux server is the one in $TMUX; elsewhere
$AMUX_TMUX_SERVER (default "amux").

Exit status: 0 matched, 1 tmux missing or too old (or no host reachable),
2 timeout or bad flags (with --command: the command's own exit status, from
whichever host matched).
`

// waitOptions is a parsed `amux wait` command line.
type waitOptions struct {
	states    map[State]bool // nil: any state
	published bool           // match @amux_agent_state, not reports
	command   bool
	timeout   time.Duration
	workspace string
	session   string
	hosts     []string // --host: wait there (wait_hosts.go)
	allHosts  bool     // --all-hosts: here and on every configured host
}

// waitEnv is what a wait runs against besides its command line.
type waitEnv struct {
	getenv       func(string) string
	subscription string // the watcher's format subscription; "" for none
}

// WaitMain is the `amux wait` verb.
func WaitMain(args []string, stdout, stderr io.Writer) int {
	return runWait(args, stdout, stderr, waitEnv{getenv: os.Getenv, subscription: subscriptionName})
}

func runWait(args []string, stdout, stderr io.Writer, env waitEnv) int {
	opts, help, err := parseWaitFlags(args)
	if help {
		fmt.Fprint(stdout, waitUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "amux wait: %v (see amux wait --help)\n", err)
		return 2
	}
	if len(opts.hosts) > 0 || opts.allHosts {
		return runWaitHosts(opts, stdout, stderr, env)
	}
	client := tmux.New(tmux.ResolveServerInPane(env.getenv))
	vctx, cancel := context.WithTimeout(context.Background(), tmux.DefaultTimeout)
	_, err = client.CheckVersion(vctx)
	cancel()
	if err != nil {
		fmt.Fprintf(stderr, "amux wait: %v\n", err)
		return 1
	}
	ctx := context.Background()
	if opts.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, opts.timeout)
		defer cancel()
	}
	m := &matcher{opts: opts}
	w := &watcher{client: client, match: m.match, subscription: env.subscription}
	if err := w.run(ctx); err != nil {
		fmt.Fprintf(stderr, "amux wait: timed out after %v\n", opts.timeout)
		return 2
	}
	p := m.found
	if opts.command {
		code := commandExitCode(p.CommandExit)
		fmt.Fprintf(stdout, "session=%s exit=%s\n", quoteValue(p.Session), quoteValue(p.CommandExit))
		return code
	}
	fmt.Fprintf(stdout, "session=%s state=%s kind=%s app=%s message=%s\n",
		quoteValue(p.Session), quoteValue(string(p.State)), quoteValue(string(p.Kind)),
		quoteValue(p.App), quoteValue(p.Message))
	return 0
}

func parseWaitFlags(args []string) (waitOptions, bool, error) {
	fs := flag.NewFlagSet("amux wait", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var opts waitOptions
	var states, timeout string
	fs.StringVar(&states, "state", "", "")
	fs.BoolVar(&opts.published, "published", false, "")
	fs.BoolVar(&opts.command, "command", false, "")
	fs.StringVar(&timeout, "timeout", "", "")
	fs.StringVar(&opts.workspace, "workspace", "", "")
	fs.StringVar(&opts.session, "session", "", "")
	fs.Func("host", "", func(v string) error { opts.hosts = append(opts.hosts, v); return nil })
	fs.BoolVar(&opts.allHosts, "all-hosts", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return opts, true, nil
		}
		return opts, false, err
	}
	if fs.NArg() > 0 {
		return opts, false, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if opts.command && states != "" {
		return opts, false, errors.New("--command and --state cannot be combined")
	}
	if opts.command && opts.published {
		return opts, false, errors.New("--command and --published cannot be combined")
	}
	if states != "" && states != "any" {
		opts.states = make(map[State]bool)
		for s := range strings.SplitSeq(states, ",") {
			st := State(strings.TrimSpace(s))
			if st == StateClear || !st.Valid() {
				return opts, false, fmt.Errorf("unknown state %q in --state (want idle, working, blocked, done, error or any)", s)
			}
			opts.states[st] = true
		}
	}
	if timeout != "" {
		d, err := time.ParseDuration(timeout)
		if err != nil || d < 0 {
			return opts, false, fmt.Errorf("--timeout %q is not a duration like 10s or 2m", timeout)
		}
		opts.timeout = d
	}
	return opts, false, nil
}

// commandExitCode turns a stored OSC 133 exit code into a process exit
// status. Codes outside 0–255 (or none) cannot be passed on faithfully:
// none is 0, anything else out of range is 1, never a false success.
func commandExitCode(s string) int {
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 255 {
		return 1
	}
	return n
}

// quoteValue prints a value bare when it is safe for a shell word, and
// single-quoted otherwise, so `eval` and humans both read it right.
func quoteValue(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("_./:@%+,=-", c) >= 0) {
			return ShellQuote(s)
		}
	}
	return s
}
