package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/workspace/remote/host"
	"amux.dev/amux/workspace/remote/proto"
	"amux.dev/amux/workspace/remote/sshcmd"
)

// Options say how to reach one host. Dest and StateHome are required.
type Options struct {
	// Dest is the ssh destination as the person's ssh understands it: a
	// Host of ~/.ssh/config, user@host, ssh://user@host:port. Its keys,
	// agent and jump hosts are ssh's; amux adds no authentication.
	Dest string
	// StateHome is this machine's state home: the control sockets of the
	// connections live in <StateHome>/ssh.
	StateHome string
	// Version is this amux's version; the host's must equal it.
	Version string
	// SSH is the ssh program (empty: "ssh" on the PATH).
	SSH string
	// ConfigFile, when set, is passed as ssh -F (tests; empty: the
	// person's own ~/.ssh/config).
	ConfigFile string
	// Program is amux on the host (empty: "amux", found on the host's
	// PATH, then DefaultInstallPath).
	Program string
	// ControlPersist keeps the shared connection up that long after its
	// last channel (zero: DefaultControlPersist).
	ControlPersist time.Duration
	// HelloTimeout bounds the connection and the hellos (zero:
	// DefaultHelloTimeout).
	HelloTimeout time.Duration
}

// Defaults.
const (
	// DefaultInstallPath is where Install puts amux on a host, relative to
	// the login directory ssh starts in.
	DefaultInstallPath    = sshcmd.DefaultInstallPath
	DefaultControlPersist = sshcmd.DefaultControlPersist
	DefaultHelloTimeout   = 30 * time.Second
)

func (o Options) check() error {
	if err := o.ssh().Check(); err != nil {
		return err
	}
	if err := config.CheckProgram(o.Program); err != nil {
		return fmt.Errorf("remote host: %w", err)
	}
	return nil
}

// ssh is how the shared connection is reached: the same lines for every
// channel (package sshcmd).
func (o Options) ssh() sshcmd.Options {
	return sshcmd.Options{Dest: o.Dest, StateHome: o.StateHome, SSH: o.SSH, ConfigFile: o.ConfigFile,
		ControlPersist: o.ControlPersist}
}

func (o Options) sshBin() string { return o.ssh().Program() }

// sshArgs is the ssh command line for one channel of the shared
// connection without a terminal (see sshcmd.Options.ChannelArgs).
func (o Options) sshArgs(remote ...string) []string {
	return o.ssh().ChannelArgs(sshcmd.NoTTY, remote...)
}

// command builds an ssh process for remote, its control directory made.
func (o Options) command(ctx context.Context, remote ...string) (*exec.Cmd, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if err := o.ssh().Prepare(); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, o.sshBin(), o.sshArgs(remote...)...)
	// ssh reads nothing from the person's terminal (BatchMode), and a
	// prompt program must not appear either.
	cmd.Env = append(os.Environ(), "SSH_ASKPASS_REQUIRE=never")
	return cmd, nil
}

// run runs one short command on the host over the shared connection and
// returns its stdout (capped) or an error with ssh's stderr.
func (o Options) run(ctx context.Context, stdin []byte, remote ...string) (string, error) {
	cmd, err := o.command(ctx, remote...)
	if err != nil {
		return "", err
	}
	var out, errb capped
	out.max, errb.max = 64<<10, 8<<10
	cmd.Stdout, cmd.Stderr = &out, &errb
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	err = cmd.Run()
	if err != nil {
		return out.String(), &sshError{err: err, stderr: proto.Clean(strings.TrimSpace(errb.String())), code: exitCode(err)}
	}
	return out.String(), nil
}

// sshError is an ssh process that failed: its exit code and stderr.
type sshError struct {
	err    error
	stderr string
	code   int
}

func (e *sshError) Error() string {
	if e.stderr != "" {
		return e.stderr
	}
	return e.err.Error()
}

func (e *sshError) Unwrap() error { return e.err }

func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}

// classify turns an ssh that ended before the hellos into the typed error
// the UI acts on.
func (o Options) classify(ctx context.Context, se *sshError) error {
	text := se.stderr
	switch {
	case strings.Contains(text, "REMOTE HOST IDENTIFICATION HAS CHANGED"):
		return &HostKeyError{Dest: o.Dest, Changed: true, Detail: text}
	case strings.Contains(text, "Host key verification failed"), strings.Contains(text, "No ") && strings.Contains(text, "host key is known"):
		return &HostKeyError{Dest: o.Dest, Command: o.addKeyCommand(), Detail: text}
	case se.code == 127, se.code == 126:
		return o.missing(ctx)
	}
	return se
}

// addKeyCommand is the command that shows the host's key fingerprint and
// asks the person whether to trust it (ssh records it on "yes").
func (o Options) addKeyCommand() []string {
	c := []string{o.sshBin()}
	if o.ConfigFile != "" {
		c = append(c, "-F", o.ConfigFile)
	}
	return append(c, "-o", "StrictHostKeyChecking=ask", "--", o.Dest, "true")
}

// missing tells a host without a runnable amux: of this machine's kind
// (copy the binary) or of another (build one for it).
func (o Options) missing(ctx context.Context) error {
	uname, err := o.run(ctx, nil, "uname", "-sm")
	if err != nil {
		return &NotInstalledError{Dest: o.Dest, Path: DefaultInstallPath}
	}
	hostArch := archOf(uname)
	local := runtime.GOOS + "/" + runtime.GOARCH
	if hostArch != local {
		goos, goarch, _ := strings.Cut(hostArch, "/")
		return &ArchError{Dest: o.Dest, Host: hostArch, Local: local, Path: DefaultInstallPath,
			Build: "CGO_ENABLED=0 GOOS=" + goos + " GOARCH=" + goarch + " go build -o amux-" + goos + "-" + goarch + " ."}
	}
	return &NotInstalledError{Dest: o.Dest, Arch: hostArch, Path: DefaultInstallPath}
}

// archOf maps `uname -sm` to Go's GOOS/GOARCH names.
func archOf(uname string) string {
	f := strings.Fields(proto.Clean(uname))
	if len(f) < 2 {
		return "unknown/unknown"
	}
	goos := strings.ToLower(f[0])
	arch := map[string]string{"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64",
		"i386": "386", "i686": "386", "armv7l": "arm", "armv6l": "arm", "riscv64": "riscv64",
		"ppc64le": "ppc64le", "s390x": "s390x"}[f[1]]
	if arch == "" {
		arch = f[1]
	}
	return goos + "/" + arch
}

// programs are the host commands tried in order to start the host side.
func (o Options) programs() []string {
	if o.Program != "" {
		return []string{o.Program}
	}
	return []string{"amux", DefaultInstallPath}
}

// remoteCommand is the host command line for program.
func remoteCommand(program string) []string { return []string{program, host.Verb} }

// capped is a bounded, concurrency-safe buffer for a child's output.
type capped struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String()
}
