package tmux

import (
	"fmt"
	"io"
	"os"
	"syscall"
	"time"
)

// LaunchMain is the hidden verb a managed pane starts with:
// `amux --internal-pane-launch run <payload>` (see PreparePaneLaunch). It
// consumes the payload and replaces itself with `sh -lc <command>` in the
// payload's directory and environment, so no environment value ever sat in
// argv. It returns only on failure: 2 for a bad command line, 1 otherwise.
func LaunchMain(args []string, _, stderr io.Writer) int {
	if len(args) != 2 || args[0] != "run" {
		fmt.Fprintln(stderr, "amux: internal pane launch: usage: run <payload>")
		return 2
	}
	l, err := ConsumePaneLaunch(args[1], time.Now())
	if err != nil {
		fmt.Fprintln(stderr, "amux:", err)
		return 1
	}
	if l.Dir != "" {
		if err := os.Chdir(l.Dir); err != nil {
			fmt.Fprintln(stderr, "amux: pane launch:", err)
			return 1
		}
	}
	env := MergeEnv(os.Environ(), l.Env)
	err = syscall.Exec("/bin/sh", []string{"sh", "-lc", l.Command}, env)
	fmt.Fprintln(stderr, "amux: pane launch: exec /bin/sh:", err)
	return 1
}
