// Package status implements the Program Status Protocol (OSC 7501, revision
// 0.4) and OSC 133 command tracking: the streaming parser and encoder, the
// per-pane record set and its fold, the pipe-pane tap that publishes the fold
// as @amux_* pane options, and the `amux report` / `amux wait` verbs.
//
// The rules live in one place (Validate) so the parser, the encoder and
// `amux report` can never disagree about what a valid report is.
package status

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Protocol limits (revision 0.4). Breaching any of them drops the whole report.
const (
	MaxSegmentBytes = 32   // one id or app segment
	MaxIDLevels     = 8    // segments in an id
	MaxIDBytes      = 128  // a whole id
	MaxMessageBytes = 2048 // msg, decoded
	MaxTitleBytes   = 192  // title, decoded
	MaxReportBytes  = 4096 // a whole sequence, ESC ] through ST
)

// OSC numbers the parser understands.
const (
	OSCStatus  = 7501
	OSCCommand = 133
)

// State is a reported program state. StateClear is a request, never a stored
// state: it removes records.
type State string

// The protocol's states. Anything else makes a report ignored, never idle.
const (
	StateIdle    State = "idle"
	StateWorking State = "working"
	StateBlocked State = "blocked"
	StateDone    State = "done"
	StateError   State = "error"
	StateClear   State = "clear"
)

// rank orders states for folding: blocked > error > working > done > idle.
func (s State) rank() int {
	switch s {
	case StateBlocked:
		return 5
	case StateError:
		return 4
	case StateWorking:
		return 3
	case StateDone:
		return 2
	case StateIdle:
		return 1
	}
	return 0
}

// Valid reports whether s is one of the protocol's states (clear included).
func (s State) Valid() bool { return s == StateClear || s.rank() > 0 }

// Transient reports whether records in this state die with the process or at
// the next shell prompt (working and blocked).
func (s State) Transient() bool { return s == StateWorking || s == StateBlocked }

// Kind qualifies a blocked state: what the program waits on.
type Kind string

// The protocol's kinds.
const (
	KindPermission Kind = "permission"
	KindQuestion   Kind = "question"
	KindAuth       Kind = "auth"
)

// Valid reports whether k is one of the protocol's kinds.
func (k Kind) Valid() bool {
	return k == KindPermission || k == KindQuestion || k == KindAuth
}

// Report is one decoded OSC 7501 report. Message and Title hold decoded text.
type Report struct {
	State       State
	Kind        Kind   // only with blocked
	App         string // one segment; "" is the program's own (root) app
	ID          string // "/"-separated segments; "" is the root record
	Message     string
	Title       string
	Progress    int  // percent, meaningful only when HasProgress
	HasProgress bool // progress given (only with working/blocked)
}

// Validate applies every protocol rule to a decoded report. The parser and
// `amux report` both call it, so they accept exactly the same reports.
func Validate(r Report) error {
	if !r.State.Valid() {
		if r.State == "" {
			return errors.New("state is required")
		}
		return fmt.Errorf("unknown state %q (want idle, working, blocked, done, error or clear)", string(r.State))
	}
	if r.Kind != "" {
		if r.State != StateBlocked {
			return fmt.Errorf("kind is only allowed with state blocked, not %s", r.State)
		}
		if !r.Kind.Valid() {
			return fmt.Errorf("unknown kind %q (want permission, question or auth)", string(r.Kind))
		}
	}
	if r.HasProgress {
		if !r.State.Transient() {
			return fmt.Errorf("progress is only allowed with state working or blocked, not %s", r.State)
		}
		if r.Progress < 0 || r.Progress > 100 {
			return fmt.Errorf("progress %d is outside 0–100", r.Progress)
		}
	}
	if r.App != "" {
		if err := validSegment(r.App); err != nil {
			return fmt.Errorf("app: %w", err)
		}
	}
	if r.ID != "" {
		if err := validID(r.ID); err != nil {
			return fmt.Errorf("id: %w", err)
		}
	}
	if err := validText(r.Message, MaxMessageBytes); err != nil {
		return fmt.Errorf("message: %w", err)
	}
	if err := validText(r.Title, MaxTitleBytes); err != nil {
		return fmt.Errorf("title: %w", err)
	}
	return nil
}

// validSegment checks one id or app segment: [A-Za-z0-9_.+-]{1,32}.
func validSegment(s string) error {
	if s == "" {
		return errors.New("empty segment")
	}
	if len(s) > MaxSegmentBytes {
		return fmt.Errorf("segment %q is longer than %d bytes", s, MaxSegmentBytes)
	}
	for i := 0; i < len(s); i++ {
		if !segmentByte(s[i]) {
			return fmt.Errorf("segment %q has a character outside [A-Za-z0-9_.+-]", s)
		}
	}
	return nil
}

func segmentByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '.' || c == '+' || c == '-'
}

// validID checks a record id: at most 8 segments and 128 bytes.
func validID(id string) error {
	if len(id) > MaxIDBytes {
		return fmt.Errorf("longer than %d bytes", MaxIDBytes)
	}
	if n := strings.Count(id, "/") + 1; n > MaxIDLevels {
		return fmt.Errorf("%d levels, at most %d", n, MaxIDLevels)
	}
	for seg := range strings.SplitSeq(id, "/") {
		if err := validSegment(seg); err != nil {
			return err
		}
	}
	return nil
}

// validText checks decoded msg or title text: UTF-8, one line, no control
// characters, at most limit bytes.
func validText(s string, limit int) error {
	if len(s) > limit {
		return fmt.Errorf("%d bytes, at most %d", len(s), limit)
	}
	if !utf8.ValidString(s) {
		return errors.New("not valid UTF-8")
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return fmt.Errorf("control character %U (must be one line of text)", r)
		}
	}
	return nil
}
