package client

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrUnreachable matches every *UnreachableError.
var ErrUnreachable = errors.New("host unreachable")

// ErrConnecting is the cause of the *UnreachableError a Host starts with,
// until its first dial ends: the UI says "connecting…" rather than
// "unreachable" for a host it has not yet tried.
var ErrConnecting = errors.New("connecting")

// UnreachableError is a host the client cannot reach now: the connection
// dropped or could not be made. The client keeps trying (with backoff);
// the host's agents are not touched by it.
type UnreachableError struct {
	Dest  string
	Since time.Time // when the host was last reachable, or the first failure
	Err   error     // why (ssh's words, cleaned)
}

// Error implements error.
func (e *UnreachableError) Error() string {
	return fmt.Sprintf("%s unreachable since %s: %v", e.Dest, e.Since.Format("15:04"), e.Err)
}

// Unwrap returns ErrUnreachable and the cause.
func (e *UnreachableError) Unwrap() []error { return []error{ErrUnreachable, e.Err} }

// HostKeyError is a connection ssh refused because it does not know the
// host's key (or the key changed). amux never accepts a key itself:
// Command is what the person runs to see the key's fingerprint and add it.
type HostKeyError struct {
	Dest    string
	Changed bool     // the known key differs: possibly an attack
	Command []string // the ssh command that shows the fingerprint and asks
	Detail  string   // ssh's own words, cleaned
}

// Error implements error.
func (e *HostKeyError) Error() string {
	if e.Changed {
		return fmt.Sprintf("%s: its host key changed since it was recorded in known_hosts (refused; check with the host's owner, then replace the line ssh names): %s",
			e.Dest, e.Detail)
	}
	return fmt.Sprintf("%s: its host key is not known (refused); to check its fingerprint and add it, run: %s",
		e.Dest, strings.Join(e.Command, " "))
}

// NotInstalledError is a host reachable over ssh without amux on it (in
// neither the PATH nor the install path). The UI offers Install.
type NotInstalledError struct {
	Dest string
	Arch string // the host's GOOS/GOARCH: the same as this machine's
	Path string // where Install would put the binary (DefaultInstallPath)
}

// Error implements error.
func (e *NotInstalledError) Error() string {
	return fmt.Sprintf("%s has no amux (looked for amux on its PATH and at %s): copy this machine's binary there", e.Dest, e.Path)
}

// ArchError is a host of another OS or architecture than this machine: the
// local binary would not run there, so no copy is offered.
type ArchError struct {
	Dest  string
	Host  string // the host's GOOS/GOARCH
	Local string // this machine's
	Build string // the command that makes the build the host needs
	Path  string // where to put it on the host
}

// Error implements error.
func (e *ArchError) Error() string {
	return fmt.Sprintf("%s is %s and this amux is %s: build one for it (%s) and put it at %s there",
		e.Dest, e.Host, e.Local, e.Build, e.Path)
}

// VersionError is a host whose amux speaks another version: the two sides
// refuse each other. The UI offers Install (the same version everywhere).
type VersionError struct {
	Dest        string
	Local, Host string // amux versions
	LocalProto  int
	HostProto   int
}

// Error implements error.
func (e *VersionError) Error() string {
	return fmt.Sprintf("%s runs amux %s (protocol %d) and this is amux %s (protocol %d): install the same version there",
		e.Dest, e.Host, e.HostProto, e.Local, e.LocalProto)
}

// RefusedError is a host amux that refused the connection for another
// reason (it could not start: no tmux, an unreadable state home).
type RefusedError struct {
	Dest   string
	Reason string // the host's words, cleaned
}

// Error implements error.
func (e *RefusedError) Error() string { return e.Dest + " refused: " + e.Reason }

// needsPerson reports whether err waits on the person (a key to check, a
// binary to copy): retrying on a timer cannot fix it.
func needsPerson(err error) bool {
	var (
		hk *HostKeyError
		ni *NotInstalledError
		ae *ArchError
		ve *VersionError
	)
	return errors.As(err, &hk) || errors.As(err, &ni) || errors.As(err, &ae) || errors.As(err, &ve)
}
