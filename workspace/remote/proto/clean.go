package proto

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"amux.dev/amux/workspace"
)

// MaxText bounds one display string a host sends (a tag, a reason, an
// error's text): longer ones are cut.
const MaxText = 4 << 10

// Clean makes a host's string inert before anything could draw it: control
// characters (C0, C1, DEL, so ESC and every sequence it would start),
// bidirectional and other invisible format characters become nothing,
// line breaks and tabs a space, invalid UTF-8 U+FFFD, and it is cut at
// MaxText bytes. It is narrower than ui/safetext (which the app still
// applies where it draws; this package may not import ui): it leaves an
// escape sequence's printable tail as harmless text.
func Clean(s string) string {
	if len(s) > MaxText {
		s = s[:MaxText]
	}
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, string(utf8.RuneError)) {
		switch {
		case r == '\n' || r == '\r' || r == '\t' || r == '\v' || r == '\f' || r == 0x85 || r == 0x2028 || r == 0x2029:
			b.WriteByte(' ')
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), r == 0x3164, r == 0xffa0:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ValidSessionID reports whether id is a tmux session ID ("$" and digits),
// the only form of target a client passes on.
func ValidSessionID(id string) bool {
	if len(id) < 2 || len(id) > 12 || id[0] != '$' {
		return false
	}
	for _, c := range id[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ValidSessionName reports whether a host's session name is one the
// client keeps: printable, no tmux target syntax (":" and "."), bounded.
// A name is an identity, not display text, so it is refused, not cleaned.
func ValidSessionName(name string) bool {
	if name == "" || len(name) > 256 || Clean(name) != name {
		return false
	}
	return !strings.ContainsAny(name, ":.")
}

// CleanSession validates a pushed session and makes its display fields
// inert; ok is false for one the client drops.
func CleanSession(s Session) (Session, bool) {
	if !ValidSessionID(s.ID) || !ValidSessionName(s.Name) {
		return Session{}, false
	}
	if s.Workspace != "" && !workspace.ValidID(s.Workspace) {
		return Session{}, false
	}
	for _, p := range []*string{&s.Tab, &s.Type, &s.Assistant, &s.Instance, &s.CreatedAt,
		&s.State, &s.Reason, &s.ExitStatus, &s.LastOutputAt, &s.LastInputAt} {
		*p = Clean(*p)
	}
	return s, true
}

// ValidRecord reports whether a pushed record is one the client keeps: a
// valid workspace ID (it names sessions and tags) and bounded fields. Its
// paths (Repo, Root) name places on the host; the client never opens them.
func ValidRecord(r Record) bool {
	if !workspace.ValidID(r.ID) {
		return false
	}
	for _, s := range []string{r.Name, r.Branch, r.Base, r.Repo, r.Root, r.Assistant} {
		if len(s) > MaxText {
			return false
		}
	}
	return true
}
