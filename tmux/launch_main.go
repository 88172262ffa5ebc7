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
	if l.AwaitTap {
		awaitPipe(os.Getenv("TMUX"), os.Getenv("TMUX_PANE"), tapWait)
	}
	env, command := l.shellLine(os.Environ())
	err = syscall.Exec("/bin/sh", []string{"sh", "-lc", command}, env)
	fmt.Fprintln(stderr, "amux: pane launch: exec /bin/sh:", err)
	return 1
}

// The variables that carry Path and Program from the payload to the
// prelude (values in the environment, never in sh's argv); the prelude
// unsets them before the command runs.
const (
	launchPathVar    = "AMUX_LAUNCH_PATH"
	launchProgramVar = "AMUX_LAUNCH_PROGRAM"
)

// shellLine is the environment and the `sh -lc` command line of a launch:
// Command after a prelude that runs once the login profile is read — amux's
// PATH put back in front of the profile's, and the program looked up on
// the result, named with the PATH searched when it is missing.
func (l PaneLaunch) shellLine(base []string) (env []string, command string) {
	env = MergeEnv(base, l.Env)
	prelude := ""
	if l.Path != "" {
		env = MergeEnv(env, []string{launchPathVar + "=" + l.Path})
		prelude += `PATH="$` + launchPathVar + `${PATH:+:$PATH}"; export PATH; unset ` + launchPathVar + "\n"
	}
	if l.Program != "" {
		env = MergeEnv(env, []string{launchProgramVar + "=" + l.Program})
		prelude += `if ! command -v "$` + launchProgramVar + `" >/dev/null 2>&1; then ` +
			`printf 'amux: command not found: %s\namux: PATH searched: %s\n' "$` + launchProgramVar + `" "$PATH" >&2; exit 127; fi; ` +
			"unset " + launchProgramVar + "\n"
	}
	return env, prelude + l.Command
}
