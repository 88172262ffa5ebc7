// Command amux is a full-screen terminal workbench for running many coding
// agents in parallel, each in its own tmux session and git worktree.
//
// With no arguments it starts the TUI. The only command-line verbs are
// `amux report` (inside panes) and `amux wait` (for supervising scripts);
// hidden --internal-* verbs are amux calling itself.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"syscall"

	"github.com/charmbracelet/x/term"

	"amux.dev/amux/app"
	"amux.dev/amux/config/selfupdate"
	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace/remote/host"
)

// Exit codes shared by every verb.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

const usage = `amux — a terminal workbench for running many coding agents in parallel

Usage:
  amux                 start the workbench (needs a terminal)
  amux report [flags]  report this pane's status (Program Status Protocol, OSC 7501)
  amux wait [flags]    block until a pane reports a matching state
  amux --help          show this help
  amux --version       show the version

Run "amux report --help" or "amux wait --help" for their flags.
Environment: AMUX_HOME (state home, default ~/.amux), AMUX_TMUX_SERVER
(tmux server name, default amux), AMUX_TMUX_CONFIG (default /dev/null).
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches argv and returns the process exit code.
func run(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runTUI(stdin, stdout, stderr)
	}
	switch args[0] {
	case "report":
		return status.ReportMain(args[1:], stdout, stderr)
	case "wait":
		return status.WaitMain(args[1:], stdout, stderr)
	// The hidden verbs amux runs itself (never listed in --help) are named
	// by the packages that build their command lines, so the two sides
	// cannot drift apart.
	case tmux.LaunchVerb:
		return tmux.LaunchMain(args[1:], stdout, stderr)
	case status.TapVerb:
		return status.TapMain(args[1:], stdout, stderr)
	case host.Verb:
		// A remote amux's connection: the protocol on stdin and stdout.
		return host.Main(args[1:], stdin, stdout, stderr, version())
	case selfupdate.HandshakeVerb:
		// The install dialog's check that a candidate binary is an amux build.
		return selfupdate.HandshakeMain(args[1:], stdout, stderr, version())
	case "-h", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "--version", "-version":
		fmt.Fprintln(stdout, "amux", version())
		return exitOK
	}
	fmt.Fprintf(stderr, "amux: unknown command %q: the only verbs are \"report\" and \"wait\" (see amux --help)\n", args[0])
	return exitUsage
}

func runTUI(stdin *os.File, stdout, stderr io.Writer) int {
	out, ok := stdout.(*os.File)
	if !ok || !term.IsTerminal(stdin.Fd()) || !term.IsTerminal(out.Fd()) {
		fmt.Fprintln(stderr, "amux: stdin and stdout must be a terminal (amux is a full-screen TUI; use \"amux report\" or \"amux wait\" from scripts)")
		return exitError
	}
	// The workbench holds an emulator per live tab and little else; a tight
	// GC keeps its resident memory flat across output floods for little CPU
	// (measured: +26 % after three floods at the default 100, under +5 % at
	// 50; with five tabs, 24.9 MB after three 20 MiB floods at 50 and
	// 23.1 MB at 30, a flood's CPU the same).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(30)
	}
	// amux waits on I/O nearly all the time and does its work in short
	// bursts on one goroutine after another (input, PTY, the update loop,
	// the screen). With a second P, every hand-off wakes another thread and
	// the runtime spins both down again: measured, a keystroke cost 0.45 ms
	// of CPU with two Ps and 0.30 ms with one, echo latency the same
	// (e2e BenchmarkAmuxBesideTmux). Floods are budgeted, not parallel.
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}
	if path := os.Getenv("AMUX_CPUPROFILE"); path != "" {
		// For measuring amux itself; undocumented for users.
		if f, err := os.Create(path); err == nil {
			_ = pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
	}
	if path := os.Getenv("AMUX_MEMPROFILE"); path != "" {
		// Also for measuring amux itself: a heap profile on SIGUSR1 and
		// at quit, to see what each tab holds.
		defer memProfile(path)()
	}
	err := app.Run(stdin, out, version())
	var restart *app.RestartError
	if errors.As(err, &restart) {
		// A new binary was installed at the same path: become it. exec
		// keeps the terminal and the environment.
		err = syscall.Exec(restart.Bin, append([]string{restart.Bin}, os.Args[1:]...), os.Environ())
	}
	if err != nil {
		fmt.Fprintln(stderr, "amux:", err)
		return exitError
	}
	return exitOK
}

// memProfile writes a heap profile to path on every SIGUSR1, and once more
// when the returned stop runs.
func memProfile(path string) (stop func()) {
	write := func() {
		runtime.GC() // the profile shows what lives now, not at the last cycle
		if f, err := os.Create(path); err == nil {
			_ = pprof.WriteHeapProfile(f)
			_ = f.Close()
		}
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGUSR1)
	go func() {
		for range sig {
			write()
		}
	}()
	return func() {
		signal.Stop(sig)
		write()
	}
}

// version reports the module version from the build info ("(devel)" for a
// local build), with the VCS revision when the build recorded one.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}
