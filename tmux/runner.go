package tmux

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// DefaultTimeout bounds a tmux call whose context carries no deadline.
// tmux answers local commands in milliseconds; seconds means it is wedged.
const DefaultTimeout = 5 * time.Second

// maxOutput caps what one call may return, so a runaway capture cannot grow
// amux without bound.
const maxOutput = 16 << 20

// Runner runs one tmux command against a server and returns its stdout.
// Client is the real implementation; unit tests may substitute their own.
type Runner interface {
	Run(ctx context.Context, args ...string) (string, error)
}

// Client runs tmux commands against one server. Every call has a deadline
// and returns tmux's stderr inside its error.
type Client struct {
	server Server
	bin    string
	trace  func(Call)
}

// Call describes one finished tmux invocation, for debug traces.
type Call struct {
	Args     []string
	Duration time.Duration
	Err      error
}

// New returns a client for server using the tmux binary found on PATH.
func New(server Server) *Client {
	return &Client{server: server, bin: "tmux"}
}

// WithBinary returns a copy of c that runs the given tmux executable.
func (c *Client) WithBinary(path string) *Client {
	cp := *c
	cp.bin = path
	return &cp
}

// WithTrace returns a copy of c that reports every call to fn.
func (c *Client) WithTrace(fn func(Call)) *Client {
	cp := *c
	cp.trace = fn
	return &cp
}

// Server reports which server this client talks to.
func (c *Client) Server() Server { return c.server }

// Binary reports the tmux executable this client runs.
func (c *Client) Binary() string { return c.bin }

// CommandError is a failed tmux invocation with what tmux said about it.
type CommandError struct {
	Args   []string
	Stderr string
	Err    error
}

// Error implements error.
func (e *CommandError) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("tmux %s: %s", strings.Join(e.Args, " "), msg)
}

// Unwrap returns the underlying cause, for errors.Is and errors.As.
func (e *CommandError) Unwrap() error { return e.Err }

// NoServer reports whether the failure only means no server is running, which
// for discovery is the same as "no sessions".
func (e *CommandError) NoServer() bool {
	s := e.Stderr
	// "server exited unexpectedly": the last session was just killed and
	// the server is going away as we connect — no server, for our purposes.
	return strings.Contains(s, "no server running") ||
		strings.Contains(s, "error connecting to") ||
		strings.Contains(s, "No such file or directory") ||
		strings.Contains(s, "server exited unexpectedly") ||
		strings.Contains(s, "lost server")
}

// Missing reports whether the failure only means the target session does not
// exist, which includes no server running (a server holds every session).
// For has-session and kill-session that is an answer, not an error.
func (e *CommandError) Missing() bool {
	return e.NoServer() || strings.Contains(e.Stderr, "can't find session")
}

// IsNoServer reports whether err is a tmux failure meaning no server runs.
func IsNoServer(err error) bool {
	var ce *CommandError
	return errors.As(err, &ce) && ce.NoServer()
}

// Sep separates two tmux commands inside one invocation. A plain ";" cannot
// be used: tmux treats ANY argument ending in ";" as a separator, so Run
// escapes every argument literally and turns only Sep (which can never occur
// in a real argument: argv has no NUL) into the real separator.
const Sep = "\x00;"

// Command builds the exec.Cmd for args without running it, for callers that
// need their own stdio (attach clients, control mode). Arguments are passed
// literally as in Run.
func (c *Client) Command(ctx context.Context, args ...string) *exec.Cmd {
	full := c.globalArgs()
	for _, a := range args {
		full = append(full, argvArg(a))
	}
	cmd := exec.CommandContext(ctx, c.bin, full...)
	// A server this call starts passes the variables on to every pane, so
	// what runs there resolves the same server without being told.
	cmd.Env = MergeEnv(os.Environ(), c.server.Env())
	return cmd
}

// argvArg protects an argument from tmux's argv parsing, which strips a
// trailing ";" (ending the command) and turns a trailing "\;" into ";".
func argvArg(a string) string {
	if a == Sep {
		return ";"
	}
	if strings.HasSuffix(a, ";") {
		return a[:len(a)-1] + "\\;"
	}
	return a
}

func (c *Client) globalArgs() []string {
	// -u makes tmux emit UTF-8 whatever LANG says, so names and tag values
	// in -F output are never mangled to underscores.
	return append([]string{"-u"}, c.server.GlobalArgs()...)
}

// Run executes one tmux command and returns its stdout. When ctx has no
// deadline DefaultTimeout applies.
func (c *Client) Run(ctx context.Context, args ...string) (string, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	start := time.Now()
	cmd := c.Command(ctx, args...)
	var stdout, stderr cappedBuffer
	stdout.limit, stderr.limit = maxOutput, 64<<10
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// A tmux client never forks helpers that keep our pipes, but bound the
	// drain anyway so a wedged server cannot stall the caller past its deadline.
	cmd.WaitDelay = 500 * time.Millisecond
	err := cmd.Run()
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%w (%v)", ctx.Err(), err)
		}
		err = &CommandError{Args: args, Stderr: stderr.String(), Err: err}
	}
	if c.trace != nil {
		c.trace(Call{Args: args, Duration: time.Since(start), Err: err})
	}
	return stdout.String(), err
}

// cappedBuffer keeps at most limit bytes and silently drops the rest.
type cappedBuffer struct {
	bytes.Buffer
	limit int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := b.limit - b.Len(); room > 0 {
		if len(p) > room {
			b.Buffer.Write(p[:room])
		} else {
			b.Buffer.Write(p)
		}
	}
	return len(p), nil
}
