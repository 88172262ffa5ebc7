package fleet

import (
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"amux.dev/amux/workspace/remote/client"
	"amux.dev/amux/workspace/remote/proto"
)

// Status is how a host's connection stands, as the UI shows it.
type Status int

// Statuses.
const (
	// Connecting: the first dial since the host was started has not ended.
	Connecting Status = iota
	// Connected: the protocol is up; the state is live.
	Connected
	// Unreachable: the connection dropped or could not be made; the client
	// dials again with backoff. Since says from when.
	Unreachable
	// Refused: the host answered but will not serve until the person acts
	// (a host key to check, a binary to copy, another version, a host amux
	// that could not start). Reason and Fix say what and how.
	Refused
)

// String names the status (logs and tests; the UI draws Host.Line).
func (s Status) String() string {
	switch s {
	case Connecting:
		return "connecting"
	case Connected:
		return "connected"
	case Unreachable:
		return "unreachable"
	case Refused:
		return "refused"
	}
	return "unknown"
}

// maxReason bounds a reason or fix shown on a host's row: ssh's words and a
// host's refusal are outside text of any length.
const maxReason = 200

// classify turns a client.Host's Err into what the UI shows. The typed
// errors are checked before *UnreachableError because a host amux's
// refusal reaches here wrapped in one (the client retries it with
// backoff, but the person still needs its words).
func classify(err error) (st Status, since time.Time, reason, fix string) {
	if err == nil {
		return Connected, time.Time{}, "", ""
	}
	var (
		hk *client.HostKeyError
		ni *client.NotInstalledError
		ae *client.ArchError
		ve *client.VersionError
		re *client.RefusedError
		ue *client.UnreachableError
	)
	switch {
	case errors.Is(err, client.ErrConnecting):
		return Connecting, time.Time{}, "", ""
	case errors.As(err, &hk):
		if hk.Changed {
			return Refused, time.Time{}, "its host key changed", "check with the host's owner, then replace the line in known_hosts ssh names: " + clean(hk.Detail)
		}
		return Refused, time.Time{}, "its host key is not known", "check its fingerprint and add it: " + clean(strings.Join(hk.Command, " "))
	case errors.As(err, &ni):
		return Refused, time.Time{}, "no amux on the host", "copy this machine's amux to " + clean(ni.Path) + " there"
	case errors.As(err, &ae):
		return Refused, time.Time{}, "the host is " + clean(ae.Host) + ", this amux is " + clean(ae.Local),
			"build one for it (" + clean(ae.Build) + ") and put it at " + clean(ae.Path) + " there"
	case errors.As(err, &ve):
		return Refused, time.Time{}, "it runs amux " + clean(ve.Host) + ", this is " + clean(ve.Local),
			"copy this machine's amux there (the same version on both sides)"
	case errors.As(err, &re):
		return Refused, time.Time{}, clean(re.Reason), "fix the host's amux (its log is in its state home), then reconnect"
	case errors.As(err, &ue):
		why := ""
		if ue.Err != nil {
			why = clean(ue.Err.Error())
		}
		return Unreachable, ue.Since, why, ""
	}
	return Unreachable, time.Now(), clean(err.Error()), ""
}

// clean makes outside text inert (proto.Clean: control, bidi and invisible
// format characters) and short enough for one row.
func clean(s string) string {
	s = strings.Join(strings.Fields(proto.Clean(s)), " ")
	if len(s) <= maxReason {
		return s
	}
	cut := maxReason
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// Line is the host's status as its row in the project list says it:
// "connected", "connecting…", "unreachable since 14:05" (local time),
// "refused: <why>".
func (h Host) Line() string {
	switch h.Status {
	case Connected:
		return "connected"
	case Connecting:
		return "connecting…"
	case Unreachable:
		return "unreachable since " + h.Since.Local().Format("15:04")
	case Refused:
		return "refused: " + h.Reason
	}
	return h.Status.String()
}
