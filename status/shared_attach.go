package status

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// handoverWait bounds a pipe-pane child's whole handover, starting the
// shared tap included.
const handoverWait = 5 * time.Second

// errStale says tmux no longer pipes the pane to this child.
var errStale = errors.New("the pane's pipe was replaced")

// handOver gives pane's stream to the server's shared tap, starting one when
// none answers. sent says whether the stream may have left this process:
// when it is false nobody else reads it, and the caller taps the pane
// itself. A shared tap that closed or died before answering kept nothing,
// so the handover is tried again, with a new shared tap.
func handOver(ctx context.Context, paths sharedPaths, pane string, stream *os.File, start func() error) (sent bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, handoverWait)
	defer cancel()
	var started time.Time
	lastErr := errors.New("no shared tap answered")
	for ctx.Err() == nil {
		c, err := net.DialUnix("unix", nil, &net.UnixAddr{Name: paths.sock, Net: "unix"})
		if err != nil {
			lastErr = err
			if started.IsZero() || time.Since(started) > time.Second {
				started = time.Now()
				if err := start(); err != nil {
					return false, fmt.Errorf("start the shared tap: %w", err)
				}
			}
			sleepCtx(ctx, 10*time.Millisecond)
			continue
		}
		reply, err := exchange(c, pane, stream)
		c.Close()
		switch {
		case errors.Is(err, errNotSent):
			lastErr = err
		case err != nil && isTimeout(err):
			return true, fmt.Errorf("the shared tap did not answer: %w", err)
		case err != nil || reply == replyRetry:
			// EOF without an answer: the tap closed or died with the
			// descriptor unread, or is shutting down and dropped it.
			lastErr = fmt.Errorf("the shared tap closed (%q, %v)", reply, err)
			started = time.Time{}
		case reply == replyOK:
			return true, nil
		case reply == replyStale:
			return true, errStale
		default:
			return true, fmt.Errorf("the shared tap answered %q", reply)
		}
	}
	return false, lastErr
}

// errNotSent says the handover never reached the shared tap.
var errNotSent = errors.New("handover not sent")

// exchange sends the handover on c and reads the one-word answer.
func exchange(c *net.UnixConn, pane string, stream *os.File) (string, error) {
	_ = c.SetDeadline(time.Now().Add(handoverTimeout + time.Second))
	if err := sendPane(c, pane, int(stream.Fd())); err != nil {
		return "", fmt.Errorf("%w: %v", errNotSent, err)
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	return strings.TrimSuffix(line, "\n"), err
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// startSharedProcess starts `amux --internal-tap -S socket --daemon` in a
// session of its own: no terminal, no process group of amux's or tmux's,
// so neither a hangup nor amux quitting reaches it. It inherits nothing but
// /dev/null. On Linux /proc/self/exe names this very binary even after an
// upgrade replaced the file.
func startSharedProcess(socket string) error {
	name, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(name, TapVerb, "-S", socket, "--daemon")
	if _, err := os.Stat("/proc/self/exe"); err == nil {
		cmd.Path = "/proc/self/exe" // argv[0] still names the binary for ps
	}
	cmd.Dir = "/"
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }() // reaped if this child outlives it
	return nil
}
