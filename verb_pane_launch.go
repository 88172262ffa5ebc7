package main

import (
	"fmt"
	"io"
	"os"
	"syscall"
	"time"

	"amux.dev/amux/tmux"
)

// paneLaunch is the hidden verb a managed pane starts with:
// `amux --internal-pane-launch run <payload>`. It consumes the payload and
// replaces itself with `sh -lc <command>` in the payload's directory and
// environment, so no environment value ever sat in argv.
func paneLaunch(args []string, _, stderr io.Writer) int {
	if len(args) != 2 || args[0] != "run" {
		fmt.Fprintln(stderr, "amux: internal pane launch: usage: run <payload>")
		return exitUsage
	}
	l, err := tmux.ConsumePaneLaunch(args[1], time.Now())
	if err != nil {
		fmt.Fprintln(stderr, "amux:", err)
		return exitError
	}
	if l.Dir != "" {
		if err := os.Chdir(l.Dir); err != nil {
			fmt.Fprintln(stderr, "amux: pane launch:", err)
			return exitError
		}
	}
	env := tmux.MergeEnv(os.Environ(), l.Env)
	err = syscall.Exec("/bin/sh", []string{"sh", "-lc", l.Command}, env)
	fmt.Fprintln(stderr, "amux: pane launch: exec /bin/sh:", err)
	return exitError
}
