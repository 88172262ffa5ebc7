package tmux

import (
	"bufio"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrControlClosed is returned for commands sent to, or still waiting on, a
// control client that has exited.
var ErrControlClosed = errors.New("tmux control client closed")

// notificationBuffer bounds queued notifications; past it the oldest are
// dropped (and counted) so a slow consumer can never stall command replies.
const notificationBuffer = 256

// maxLine caps one line read from tmux; longer lines are truncated.
const maxLine = 1 << 20

// Control is a long-lived tmux control-mode client (`tmux -C`) attached to
// one session. It sends commands over a single process instead of one
// process per call, and delivers tmux's notifications (subscription changes,
// session changes, exit) on a channel. It satisfies Runner and is safe for
// concurrent use.
//
// Every command line is followed by a sentinel (`display-message -p` of a
// random token). Replies are matched by that sentinel rather than by
// counting %begin blocks, because one line can produce any number of blocks:
// one per ;-separated command, none after a failing one, and more for the
// commands if-shell inserts.
type Control struct {
	wait  func() error // reaps the tmux process
	kill  func()
	stdin io.WriteCloser
	notes chan Notification
	done  chan struct{}
	nonce string

	wmu     sync.Mutex // orders writes to stdin
	mu      sync.Mutex // guards the fields below
	pending []*Reply
	seq     uint64
	err     error // why the client ended; set before done closes

	dropped int // notifications dropped since the last delivered one; readLoop only
}

// Reply is the answer to one command line sent with Start.
type Reply struct {
	args  []string
	token string
	done  chan struct{}
	out   strings.Builder
	err   error // first %error block, or why the client ended
}

// Done is closed once the reply is complete.
func (r *Reply) Done() <-chan struct{} { return r.done }

// Wait blocks until the reply is complete or ctx ends. Giving up on a reply
// does not cancel the command inside tmux; its answer is discarded later.
func (r *Reply) Wait(ctx context.Context) (string, error) {
	select {
	case <-r.done:
		return r.out.String(), r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// StartControl starts a control client attached to target (a "$N" session id
// or an exact "=name"). The attach does not apply update-environment (-E),
// asks for no pane output, and ignores the client's size, so watching a
// session never resizes or alters it. ctx bounds only the start-up.
func StartControl(ctx context.Context, c *Client, target string) (*Control, error) {
	proc := c.Command(context.Background(), "-C", "attach-session", "-E",
		"-f", "no-output,ignore-size", "-t", target)
	stdin, err := proc.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := proc.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr cappedBuffer
	stderr.limit = 4 << 10
	proc.Stderr = &stderr
	if err := proc.Start(); err != nil {
		return nil, &CommandError{Args: []string{"-C", "attach-session"}, Err: err}
	}
	ctl, hello := newControl(stdin, stdout, proc.Wait, func() { _ = proc.Process.Kill() }, &stderr)

	select {
	case <-hello.done:
		if hello.err != nil {
			ctl.Close()
			return nil, fmt.Errorf("tmux control attach %s: %w", target, hello.err)
		}
		return ctl, nil
	case <-ctx.Done():
		ctl.Close()
		return nil, fmt.Errorf("tmux control attach %s: %w", target, ctx.Err())
	}
}

// Run sends one command (or a Sep-chained list) and returns its output, the
// output blocks of every command concatenated. A failing command returns a
// *CommandError with tmux's message. With no deadline in ctx DefaultTimeout
// applies.
//
// tmux runs one client's commands strictly in order, so a command that
// blocks inside tmux (wait-for) holds up every later one on this client;
// only a client dedicated to waiting should send it.
func (c *Control) Run(ctx context.Context, args ...string) (string, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	replies, err := c.Start(args)
	if err != nil {
		return "", err
	}
	out, err := replies[0].Wait(ctx)
	var ce *CommandError
	if err != nil && !errors.As(err, &ce) && !errors.Is(err, ErrControlClosed) {
		err = &CommandError{Args: args, Err: err}
	}
	return out, err
}

// Start sends several command lines in one write and returns their replies
// without waiting. tmux reads one write as one batch and runs the lines back
// to back, so nothing another client does can land between them: a state
// read followed by `wait-for` on the same batch cannot miss a signal sent
// after the read.
func (c *Control) Start(cmds ...[]string) ([]*Reply, error) {
	var b strings.Builder
	replies := make([]*Reply, len(cmds))
	for _, args := range cmds {
		if len(args) == 0 {
			return nil, errors.New("tmux control: empty command")
		}
		for _, a := range args {
			if a != Sep && strings.IndexByte(a, 0) >= 0 {
				return nil, fmt.Errorf("tmux control: argument %q contains NUL", a)
			}
		}
	}
	// wmu orders writes; mu is held only briefly, never across the write,
	// so the reader can always deliver replies while a write waits on a
	// full pipe.
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return nil, c.err
	}
	for i, args := range cmds {
		c.seq++
		r := &Reply{args: args, token: "amux-ctl-" + c.nonce + "-" + strconv.FormatUint(c.seq, 10), done: make(chan struct{})}
		replies[i] = r
		b.WriteString(CommandLine(args...))
		b.WriteString("\ndisplay-message -p ")
		b.WriteString(r.token)
		b.WriteByte('\n')
	}
	c.pending = append(c.pending, replies...)
	c.mu.Unlock()
	if _, err := io.WriteString(c.stdin, b.String()); err != nil {
		// tmux is gone; the reader fails these replies when it sees the end.
		return nil, fmt.Errorf("%w: %v", ErrControlClosed, err)
	}
	return replies, nil
}

// Notifications delivers tmux's notifications in order. It is closed when
// the client ends. When the consumer falls behind, the oldest are dropped and
// the next delivered one says how many (Dropped), so it can resynchronise.
func (c *Control) Notifications() <-chan Notification { return c.notes }

// Done is closed when the client has ended; Err then says why.
func (c *Control) Done() <-chan struct{} { return c.done }

// Err reports why the client ended, or nil while it runs.
func (c *Control) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	select {
	case <-c.done:
		return c.err
	default:
		return nil
	}
}

// Subscribe asks tmux to report changes of format with %subscription-changed
// notifications named name. what is "" (the attached session), "%N", "%*",
// "@N" or "@*". tmux checks subscriptions about once a second.
func (c *Control) Subscribe(ctx context.Context, name, what, format string) error {
	args, err := SubscribeArgs(name, what, format)
	if err != nil {
		return err
	}
	_, err = c.Run(ctx, args...)
	return err
}

// SubscribeArgs is the command Subscribe sends, for a caller that batches
// it with other commands in one Start (no round trip of its own).
func SubscribeArgs(name, what, format string) ([]string, error) {
	if name == "" || strings.ContainsAny(name, ":") {
		return nil, fmt.Errorf("tmux control: bad subscription name %q", name)
	}
	return []string{"refresh-client", "-B", name + ":" + what + ":" + format}, nil
}

// Close ends the client: tmux exits on end of input, and is killed if it
// has not within a second. Pending replies fail with ErrControlClosed.
func (c *Control) Close() error {
	_ = c.stdin.Close()
	select {
	case <-c.done:
	case <-time.After(time.Second):
		c.kill()
		<-c.done
	}
	return nil
}

// newControl wires a control client to tmux's stdin and stdout and starts
// reading. The returned reply settles with the attach command's own block.
func newControl(stdin io.WriteCloser, stdout io.Reader, wait func() error, kill func(), stderr *cappedBuffer) (*Control, *Reply) {
	ctl := &Control{
		wait: wait, kill: kill, stdin: stdin,
		notes: make(chan Notification, notificationBuffer),
		done:  make(chan struct{}),
		nonce: rand.Text(),
	}
	// The attach itself answers with the first block; it is the handshake.
	hello := &Reply{done: make(chan struct{})}
	ctl.pending = []*Reply{hello}
	go ctl.readLoop(stdout, stderr)
	return ctl, hello
}

// readLine reads one line without its newline, truncating past maxLine.
func readLine(r *bufio.Reader) (string, error) {
	var long []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if len(long) < maxLine {
				long = append(long, chunk[:min(len(chunk), maxLine-len(long))]...)
			}
			continue
		}
		if err != nil {
			return "", err
		}
		chunk = chunk[:len(chunk)-1]
		if long == nil {
			return string(chunk), nil
		}
		if len(long) < maxLine {
			long = append(long, chunk[:min(len(chunk), maxLine-len(long))]...)
		}
		return string(long), nil
	}
}
