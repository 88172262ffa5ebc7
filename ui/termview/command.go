package termview

import (
	"errors"
	"os/exec"
	"runtime/debug"

	"github.com/creack/pty"
)

// Start runs argv — an attach command that is not this machine's tmux, such
// as a remote host's `ssh … tmux attach-session` over its shared
// connection — on a PTY of the configured size and starts reading it, as
// Attach does for a local session. session names the session it shows (for
// the messages and errors); the input, paste, resize and close paths are
// Attach's. Without a local tmux client behind it there is no history pager
// and no client suspension: a hidden view only stops reading.
func Start(argv []string, session string, opts Options) (*Terminal, error) {
	if len(argv) == 0 {
		return nil, errors.New("termview: no command to start")
	}
	opts = opts.withDefaults()
	cmd := exec.Command(argv[0], argv[1:]...) // not a context: the client outlives the call that made it
	cmd.Env = attachEnv(opts.Env)
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(opts.Width), Rows: uint16(opts.Height)})
	if err != nil {
		return nil, err
	}
	if ptmx, err = pollable(ptmx); err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, err
	}
	t := newTerminal(ptmx, opts)
	t.session, t.ptmx, t.proc = session, ptmx, cmd
	debug.FreeOSMemory() // as Attach: the emulator's first buffers go back at once
	go func() {
		t.exitErr = cmd.Wait()
		close(t.exited)
	}()
	t.start()
	return t, nil
}
