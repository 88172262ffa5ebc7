package git

import (
	"amux.dev/amux/config/procid"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// DefaultTimeout bounds a git call whose context carries no deadline. A
// worktree add in a large repository takes seconds; a minute means wedged.
const DefaultTimeout = 60 * time.Second

// waitDelay bounds teardown: after the deadline kills the process group, or
// after git exits while something it spawned still holds the output pipes,
// Wait gives the pipes this long before closing them itself.
const waitDelay = 250 * time.Millisecond

const (
	defaultMaxStdout = 32 << 20 // any listing we parse stays far below this
	maxStderr        = 64 << 10
)

// AllowHooksEnv is the environment variable through which a user who trusts
// a repository lets its own hooks, fsmonitor and drivers run. Only the value
// "1" opts out; the program reads it once and passes it as an Option.
const AllowHooksEnv = "AMUX_ALLOW_GIT_HOOKS"

// Options configure a Runner. The zero value is the hardened default.
type Options struct {
	// AllowRepoCode lets repository-supplied code run: hooks, core.fsmonitor,
	// repo-configured filter drivers and attributed merge drivers. Set it
	// from AMUX_ALLOW_GIT_HOOKS=1 (see OptionsFromEnv); nothing else does.
	AllowRepoCode bool
	// Timeout applies to calls whose context has no deadline; 0 means
	// DefaultTimeout.
	Timeout time.Duration
	// Binary is the git executable; "" means "git" on PATH.
	Binary string
	// Trace, when set, receives every finished invocation (for a debug
	// view). It is called on the goroutine that made the call, so it must be
	// safe for concurrent use when the Runner is shared.
	Trace func(Call)
}

// OptionsFromEnv returns the default Options with AllowRepoCode taken from
// AMUX_ALLOW_GIT_HOOKS as reported by getenv (os.Getenv in production).
func OptionsFromEnv(getenv func(string) string) Options {
	return Options{AllowRepoCode: getenv(AllowHooksEnv) == "1"}
}

// Call describes one finished git invocation, for traces.
type Call struct {
	Dir      string
	Args     []string
	Duration time.Duration
	Err      error
}

// Runner is the one way amux runs git. Every invocation is an argument list
// (never a shell string), runs in its own process group under a deadline,
// drains bounded output, drops inherited GIT_* state and carries the
// hardening flags; operations on a checkout pin its work tree and neutralize
// its repo-configured filters. A Runner is immutable and safe to share.
type Runner struct {
	opts Options
}

// New returns a Runner with the given options.
func New(opts Options) *Runner {
	if opts.Binary == "" {
		opts.Binary = "git"
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	return &Runner{opts: opts}
}

// invocation is one git command to run inside a vetted work tree.
type invocation struct {
	top        string    // work tree root: cwd, --work-tree, discovery ceiling
	args       []string  // subcommand and arguments
	stdin      io.Reader // nil means /dev/null
	stdout     io.Writer // when set, stdout streams here instead of a capped buffer
	filters    []string  // repo-configured filter names to neutralize
	maxStdout  int       // 0 means defaultMaxStdout
	truncateOK bool      // over-long stdout is cut (ErrTruncated) instead of failing
	keepStdout bool      // put stdout in the *Error (merge reports conflicts there)
	indexFile  string    // a private index instead of the checkout's (GIT_INDEX_FILE)
}

// exec runs one invocation and returns its stdout.
func (r *Runner) exec(ctx context.Context, inv invocation) ([]byte, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.opts.Timeout)
		defer cancel()
	}
	start := time.Now()
	argv := append(globalArgs(inv.top, r.opts.AllowRepoCode), inv.args...)
	cmd := exec.CommandContext(ctx, r.opts.Binary, argv...)
	cmd.Dir = inv.top
	cmd.Env = hardenedEnv(os.Environ(), inv.top, inv.filters)
	if inv.indexFile != "" {
		cmd.Env = append(cmd.Env, "GIT_INDEX_FILE="+inv.indexFile)
	}
	cmd.Stdin = inv.stdin
	limit := inv.maxStdout
	if limit <= 0 {
		limit = defaultMaxStdout
	}
	stdout := &capBuffer{limit: limit}
	stderr := &capBuffer{limit: maxStderr}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if inv.stdout != nil {
		cmd.Stdout = inv.stdout
	}
	ownProcessGroup(cmd)
	cmd.WaitDelay = waitDelay

	release := procid.PinThread() // the parent-death signal follows the forking thread
	runErr := cmd.Run()
	release()
	// git exited 0 but a descendant kept the pipes past waitDelay: git's own
	// output was already drained, so the call succeeded; the straggler only
	// loses its pipes.
	if errors.Is(runErr, exec.ErrWaitDelay) && ctx.Err() == nil {
		runErr = nil
	}
	var err error
	switch {
	case runErr != nil:
		err = r.failure(ctx, inv, runErr, stdout, stderr)
	case stdout.truncated && !inv.truncateOK:
		err = &Error{Dir: inv.top, Args: inv.args, Err: ErrOutputTooLarge, Stderr: stderr.String()}
	case stdout.truncated:
		err = fmt.Errorf("git %s: %w after %d bytes", inv.args[0], ErrTruncated, limit)
	}
	if r.opts.Trace != nil {
		r.opts.Trace(Call{Dir: inv.top, Args: inv.args, Duration: time.Since(start), Err: err})
	}
	return stdout.Bytes(), err
}

func (r *Runner) failure(ctx context.Context, inv invocation, runErr error, stdout, stderr *capBuffer) *Error {
	e := &Error{Dir: inv.top, Args: inv.args, ExitCode: -1, Stderr: stderr.String(), Err: runErr}
	var exitErr *exec.ExitError
	if errors.As(runErr, &exitErr) {
		e.ExitCode = exitErr.ExitCode()
	}
	if ctx.Err() != nil {
		// The deadline is the cause; the "signal: killed" is only its means.
		e.Err = ctx.Err()
		e.ExitCode = -1
	}
	if inv.keepStdout {
		out := stdout.Bytes()
		if len(out) > maxStderr {
			out = out[:maxStderr]
		}
		e.Stdout = string(out)
	}
	return e
}

// capBuffer keeps the first limit bytes and discards the rest while still
// accepting writes, so git never blocks on a full pipe and memory stays flat.
type capBuffer struct {
	bytes.Buffer
	limit     int
	truncated bool
}

func (b *capBuffer) Write(p []byte) (int, error) {
	room := b.limit - b.Len()
	if room < len(p) {
		b.truncated = true
		if room > 0 {
			b.Buffer.Write(p[:room])
		}
		return len(p), nil
	}
	return b.Buffer.Write(p)
}
