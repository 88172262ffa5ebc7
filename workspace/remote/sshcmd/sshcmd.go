// Package sshcmd builds the ssh command lines amux runs to reach a remote
// host: every channel rides one multiplexed connection per host (the
// person's own ssh, its ~/.ssh/config, agent, keys and jump hosts), whose
// control socket lives under this machine's state home. It is a leaf, so
// the remote client and `amux wait --host` (package status) build the
// same lines without depending on each other.
//
// A host's destination and its program path come from config.json and are
// checked there (config.CheckDest, config.CheckProgram); every word that
// reaches the remote shell goes through Quote.
package sshcmd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"amux.dev/amux/config"
)

// EnvSSH names the ssh program to run instead of "ssh" on the PATH (a
// particular build, or a wrapper that adds options; tests use one for -F).
const EnvSSH = "AMUX_SSH"

// Defaults.
const (
	// DefaultInstallPath is where amux is put on a host, relative to the
	// login directory ssh starts in; the host command falls back to it
	// when amux is not on the host's PATH.
	DefaultInstallPath    = ".local/bin/amux"
	DefaultControlPersist = 10 * time.Minute
)

// Options say how to reach one host.
type Options struct {
	Dest      string // the ssh destination (config.CheckDest)
	StateHome string // this machine's state home: control sockets in <StateHome>/ssh
	SSH       string // the ssh program ("" for ssh on the PATH)
	// ConfigFile, when set, is passed as ssh -F (tests; empty: the
	// person's own ~/.ssh/config).
	ConfigFile string
	// ControlPersist keeps the shared connection up that long after its
	// last channel (zero: DefaultControlPersist).
	ControlPersist time.Duration
}

// Check refuses a destination ssh could read as an option, a missing state
// home, and a control socket path over what a unix socket allows.
func (o Options) Check() error {
	if err := config.CheckDest(o.Dest); err != nil {
		return fmt.Errorf("remote host: %w", err)
	}
	if o.StateHome == "" {
		return errors.New("remote host: no state home")
	}
	// A unix socket path is at most 107 bytes; ssh adds ".<16 random>"
	// while it creates one, and %C is 40 hex digits.
	if n := len(o.ControlDir()) + 1 + 40 + 17; n > 104 {
		return fmt.Errorf("remote host: the control socket path under %s would be %d bytes, over the 104 a socket allows: use a shorter AMUX_HOME", o.ControlDir(), n)
	}
	return nil
}

// Prepare is Check, then makes the control socket directory (private: a
// socket there is a way into the host).
func (o Options) Prepare() error {
	if err := o.Check(); err != nil {
		return err
	}
	if err := os.MkdirAll(o.ControlDir(), 0o700); err != nil {
		return fmt.Errorf("remote host: control socket directory: %w", err)
	}
	return nil
}

// ControlDir holds the control sockets of the connections.
func (o Options) ControlDir() string { return filepath.Join(o.StateHome, "ssh") }

// ControlPath is the shared connection's socket (ssh expands %C to a hash
// of the local host, the destination, its port and user).
func (o Options) ControlPath() string { return filepath.Join(o.ControlDir(), "%C") }

// Program is the ssh program.
func (o Options) Program() string {
	if o.SSH != "" {
		return o.SSH
	}
	return "ssh"
}

func (o Options) configArgs() []string {
	if o.ConfigFile != "" {
		return []string{"-F", o.ConfigFile}
	}
	return nil
}

// Terminal says whether a channel gets a terminal on the host.
type Terminal int

// The channel kinds.
const (
	NoTTY    Terminal = iota // -T: a protocol or a command's output
	TTY                      // -t: a terminal (the caller's stdin is one)
	ForceTTY                 // -tt: a terminal even without one here, so the remote command is hung up when the channel goes
)

func (t Terminal) flag() string {
	switch t {
	case TTY:
		return "-t"
	case ForceTTY:
		return "-tt"
	}
	return "-T"
}

// ChannelArgs is the ssh argv (without the program) for one channel of the
// shared connection: the first one starts the master (ControlMaster=auto),
// which stays in the background for ControlPersist; later ones ride the
// same TCP connection. BatchMode keeps ssh from asking for anything (a
// password, a passphrase, a new host key); StrictHostKeyChecking=yes
// refuses an unknown key instead of adding it; "-e none" passes every byte
// (no ~. escapes). remote is the host command line, each word already
// quoted for the host's shell (see Quote and Command).
func (o Options) ChannelArgs(tty Terminal, remote ...string) []string {
	persist := o.ControlPersist
	if persist <= 0 {
		persist = DefaultControlPersist
	}
	a := append(o.configArgs(),
		"-o", "ControlMaster=auto",
		"-o", "ControlPath="+o.ControlPath(),
		"-o", "ControlPersist="+strconv.Itoa(int(persist/time.Second)),
		"-o", "BatchMode=yes",
		"-o", "StrictHostKeyChecking=yes",
		"-o", "ServerAliveInterval=15",
		"-o", "ServerAliveCountMax=3",
		tty.flag(), "-e", "none",
		"--", o.Dest)
	return append(a, remote...)
}

// MuxArgs is the ssh argv for a channel that only joins an existing master
// (ControlMaster=no: without one, ssh connects on its own, with the same
// refusals). A tab's attach uses it, so closing the tab never takes the
// master along.
func (o Options) MuxArgs(tty Terminal, remote ...string) []string {
	a := append(o.configArgs(),
		"-S", o.ControlPath(),
		"-o", "ControlMaster=no",
		"-o", "BatchMode=yes",
		"-o", "StrictHostKeyChecking=yes",
		tty.flag(), "-e", "none",
		"--", o.Dest)
	return append(a, remote...)
}

// ControlArgs is the ssh argv of a control command to the running master
// (ssh -O op: "check", "forward", "cancel", "exit") with its extra options
// (a -L spec for forward and cancel).
func (o Options) ControlArgs(op string, extra ...string) []string {
	a := append(o.configArgs(), "-S", o.ControlPath(), "-o", "BatchMode=yes", "-O", op)
	a = append(a, extra...)
	return append(a, "--", o.Dest)
}

// Quote makes word one word of a POSIX shell's command line, as the host's
// login shell reads what ssh sends (ssh joins the words with spaces). A
// word of only safe characters stays bare; anything else is single-quoted.
func Quote(word string) string {
	if word == "" {
		return "''"
	}
	for i := 0; i < len(word); i++ {
		c := word[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_./:@%+,=-", c) >= 0) {
			return "'" + strings.ReplaceAll(word, "'", `'\''`) + "'"
		}
	}
	return word
}

// Command quotes each word of argv for the host's shell. A program path
// that begins with "~/" keeps that prefix bare so the shell finds it in
// the login directory (config.CheckProgram allows nothing else there).
func Command(argv ...string) []string {
	out := make([]string, len(argv))
	for i, w := range argv {
		if i == 0 && strings.HasPrefix(w, "~/") && config.CheckProgram(w) == nil {
			out[i] = w
			continue
		}
		out[i] = Quote(w)
	}
	return out
}
