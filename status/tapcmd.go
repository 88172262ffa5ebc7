package status

import (
	"context"
	"fmt"
	"io"
	"os"

	"amux.dev/amux/tmux"
)

// TapMain is the hidden `amux --internal-tap [-S socket] %N` verb. pipe-pane
// runs it with the pane's output on stdin; it publishes to the pane until
// the pipe closes. Without -S it derives the server like `amux wait` does.
func TapMain(args []string, stdout, stderr io.Writer) int {
	server := tmux.ResolveServerInPane(os.Getenv)
	if len(args) == 3 && args[0] == "-S" && args[1] != "" {
		server = tmux.Server{Socket: args[1], Config: tmux.DefaultConfigPath}
		args = args[2:]
	}
	if len(args) != 1 || !validPaneID(args[0]) {
		fmt.Fprintln(stderr, "usage: amux "+TapVerb+" [-S socket] %N (internal: run by pipe-pane)")
		return 2
	}
	cfg := TapConfig{
		PaneID:  args[0],
		Runner:  tmux.New(server),
		ReadGap: DefaultReadGap,
		Logf: func(format string, a ...any) {
			fmt.Fprintf(stderr, "amux: "+format+"\n", a...)
		},
	}
	if err := RunTap(context.Background(), cfg, os.Stdin); err != nil {
		fmt.Fprintln(stderr, "amux: tap:", err)
		return 1
	}
	return 0
}
