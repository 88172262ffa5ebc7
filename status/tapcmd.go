package status

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"amux.dev/amux/tmux"
)

const tapUsage = "usage: amux " + TapVerb + " [-S socket] [--shared] %N | -S socket --daemon (internal: run by pipe-pane)"

// TapMain is the hidden `amux --internal-tap` verb, in three forms:
//
//   - `-S socket --shared %N`: what pipe-pane runs for a new tap. It hands
//     the pane's output (its stdin) to the server's shared tap, starting
//     it when needed, and exits; if no shared tap can be reached it taps
//     the pane itself, as below;
//   - `[-S socket] %N`: a tap of its own for one pane, publishing until
//     the pipe closes — what older amux versions installed, kept working
//     for their panes until they are repaired. Without -S it derives the
//     server like `amux wait` does;
//   - `-S socket --daemon`: the shared tap itself (started by --shared).
func TapMain(args []string, stdout, stderr io.Writer) int {
	server := tmux.ResolveServerInPane(os.Getenv)
	if len(args) >= 2 && args[0] == "-S" && args[1] != "" {
		server = tmux.Server{Socket: args[1], Config: tmux.DefaultConfigPath}
		args = args[2:]
	}
	mode := ""
	if len(args) > 0 && (args[0] == "--shared" || args[0] == "--daemon") {
		mode, args = args[0], args[1:]
	}
	logf := func(format string, a ...any) { fmt.Fprintf(stderr, "amux: "+format+"\n", a...) }
	switch {
	case mode == "--daemon" && len(args) == 0 && server.Socket != "":
		return sharedMain(server, logf)
	case mode == "--daemon" || len(args) != 1 || !validPaneID(args[0]) || (mode == "--shared" && server.Socket == ""):
		fmt.Fprintln(stderr, tapUsage)
		return 2
	}
	pane := args[0]
	if mode == "--shared" {
		paths, err := sharedPathsFor(server.Socket)
		sent := false
		if err == nil {
			sent, err = handOver(context.Background(), paths, pane, os.Stdin, func() error { return startSharedProcess(server.Socket) })
		}
		if sent {
			// The shared tap holds its own copy now. This one goes at once,
			// not at exit, which can be late (the race detector's build
			// sleeps a second there): while any copy of the pane's end is
			// open, tmux does not see the pipe broken when the shared tap dies.
			_ = os.Stdin.Close()
		}
		switch {
		case sent && (err == nil || errors.Is(err, errStale)):
			return 0
		case sent:
			logf("tap %s: %v", pane, err)
			return 1
		}
		logf("tap %s: no shared tap (%v): tapping the pane in this process", pane, err)
	}
	cfg := TapConfig{PaneID: pane, Runner: tmux.New(server), ReadGap: DefaultReadGap, Logf: logf}
	if err := RunTap(context.Background(), cfg, os.Stdin); err != nil {
		fmt.Fprintln(stderr, "amux: tap:", err)
		return 1
	}
	return 0
}

// sharedMain runs the shared tap of server's socket until it is idle.
func sharedMain(server tmux.Server, logf func(string, ...any)) int {
	paths, err := sharedPathsFor(server.Socket)
	if err != nil {
		logf("%v", err)
		return 1
	}
	signal.Ignore(syscall.SIGHUP, syscall.SIGPIPE)
	runner := &controlRunner{client: tmux.New(server)}
	defer runner.Close()
	err = runShared(context.Background(), sharedConfig{
		paths: paths, runner: runner, idleExit: defaultIdleExit, readGap: DefaultReadGap, logf: logf,
		bin: adoptBinary(), socket: server.Socket,
	})
	if err != nil && !errors.Is(err, errLocked) {
		logf("%v", err)
		return 1
	}
	return 0
}
