// Package selfupdate installs a new amux binary over the running one, with
// no network: the person points at a binary they built (by default where
// `go install` writes it), amux checks that it runs and says it is amux,
// and atomicfile.ReplaceExecutable puts it in place by the contract's
// "Self-update replacement contract".
package selfupdate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// CheckTimeout bounds the candidate's handshake when the caller's context
// has no deadline of its own.
const CheckTimeout = 5 * time.Second

// maxVersionOutput is what Check reads of the candidate's answer.
const maxVersionOutput = 4 << 10

// DefaultCandidate is where `go install` writes amux: $GOBIN/amux, else the
// first $GOPATH entry's bin/amux, else ~/go/bin/amux.
func DefaultCandidate(getenv func(string) string) string {
	if gobin := getenv("GOBIN"); gobin != "" {
		return filepath.Join(gobin, "amux")
	}
	if gp := getenv("GOPATH"); gp != "" {
		first, _, _ := strings.Cut(gp, string(os.PathListSeparator))
		if first != "" {
			return filepath.Join(first, "bin", "amux")
		}
	}
	home := getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return filepath.Join(home, "go", "bin", "amux")
}

// Check runs `bin --internal-handshake <nonce>` (Handshake) and returns
// the version the candidate reports. Only an amux build answers: the
// answer must be the one line HandshakeMain prints for this nonce, so a
// program that prints "amux x" to anything, fails, or outlives the
// deadline is not an amux binary. It runs in its own process group, which
// is killed at the deadline, and with only PATH and HOME from the
// environment.
func Check(ctx context.Context, bin string) (string, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, CheckTimeout)
		defer cancel()
	}
	fi, err := os.Stat(bin)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("%s does not exist", bin)
	case err != nil:
		return "", err
	case !fi.Mode().IsRegular():
		return "", fmt.Errorf("%s is not a regular file", bin)
	case fi.Mode().Perm()&0o111 == 0:
		return "", fmt.Errorf("%s is not executable", bin)
	}
	nonce, err := newNonce()
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, bin, HandshakeVerb, nonce)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	cmd.Dir = filepath.Dir(bin)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second // a child holding the pipe cannot stall us
	var out capped
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	if ctx.Err() != nil {
		return "", fmt.Errorf("%s did not answer amux's handshake in time", bin)
	}
	text := strings.TrimSpace(out.String())
	if err != nil {
		return "", fmt.Errorf("not an amux build: %s does not answer amux's handshake (%v: %s)", bin, err, firstLine(text))
	}
	v, ok := parseAnswer(text, nonce)
	if !ok {
		return "", fmt.Errorf("not an amux build: %s printed %q to amux's handshake", bin, firstLine(text))
	}
	return v, nil
}

// Result is a finished install.
type Result struct {
	Version string // what the new binary reports
	atomicfile.Replaced
}

// Install checks candidate, then replaces live with it: the staged copy is
// checked again right before the rename (it is the file that will run).
// sync is the test hook of ReplaceOptions.SyncDir (nil in real use). An
// *atomicfile.SyncAfterError means the new binary is live but the person
// should know how to go back.
func Install(ctx context.Context, live, candidate string, sync func(string) error) (Result, error) {
	v, err := Check(ctx, candidate)
	if err != nil {
		return Result{}, err
	}
	rep, err := atomicfile.ReplaceExecutable(live, candidate, atomicfile.ReplaceOptions{
		SyncDir: sync,
		Verify: func(staged string) error {
			sv, err := Check(ctx, staged)
			if err == nil && sv != v {
				err = fmt.Errorf("the copy reports %q, the candidate %q", sv, v)
			}
			return err
		},
	})
	return Result{Version: v, Replaced: rep}, err
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// capped keeps the first maxVersionOutput bytes written to it.
type capped struct{ bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := maxVersionOutput - c.Len(); room > 0 {
		c.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
