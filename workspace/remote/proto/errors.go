package proto

import (
	"context"
	"encoding/json"
	"errors"

	"amux.dev/amux/git"
	"amux.dev/amux/workspace"
)

// Error is an error on the wire: its text, and the kind the app branches
// on (a sentinel's name, or a typed error's with its fields in Data), so
// the client rebuilds what errors.Is and errors.As find.
type Error struct {
	Kind  string          `json:"kind,omitempty"`
	Text  string          `json:"text"`
	Data  json.RawMessage `json:"data,omitempty"`
	Cause *Error          `json:"cause,omitempty"`
}

// sentinels are the errors the app tests with errors.Is, by wire name.
// Order matters only for an error that matches several: the first wins.
var sentinels = []struct {
	name string
	err  error
}{
	{"canceled", context.Canceled},
	{"deadline", context.DeadlineExceeded},
	{"not-found", workspace.ErrNotFound},
	{"path-taken", workspace.ErrPathTaken},
	{"exists", workspace.ErrExists},
	{"bad-name", workspace.ErrBadName},
	{"bad-base", workspace.ErrBadBase},
	{"teardown", workspace.ErrWorkspaceTeardown},
	{"unreadable", workspace.ErrUnreadable},
	{"corrupt", workspace.ErrCorrupt},
	{"untrusted", workspace.ErrUntrusted},
	{"repo-scripts", workspace.ErrRepoScripts},
	{"main-checkout", workspace.ErrMainCheckout},
	{"project-missing", workspace.ErrProjectMissing},
	{"shelved", workspace.ErrShelved},
	{"deleting", workspace.ErrDeleting},
	{"work-at-risk", workspace.ErrWorkAtRisk},
	{"not-this-landing", workspace.ErrNotThisLanding},
	{"merge-conflict", git.ErrMergeConflict},
	{"unresolved", git.ErrUnresolved},
	{"markers-left", git.ErrMarkersLeft},
	{"nothing-stopped", git.ErrNothingStopped},
	{"wrong-checkout", git.ErrWrongCheckout},
	{"bad-message", git.ErrBadMessage},
	{"no-hunk", git.ErrNoHunk},
	{"not-repo", git.ErrNotRepo},
	{"empty-repo", git.ErrEmptyRepo},
	{"invalid-ref", git.ErrInvalidRef},
	{"driver-refused", git.ErrDriverRefused},
	{"too-large", git.ErrOutputTooLarge},
}

// Typed error kinds; their fields travel in Data.
const (
	kindUntrustedT  = "untrusted-script"
	kindAtRiskT     = "at-risk"
	kindRolledBackT = "rolled-back"
	kindPathTakenT  = "path-taken-at"
	kindProjectT    = "project"
)

// EncodeError puts err on the wire (nil stays nil).
func EncodeError(err error) *Error {
	if err == nil {
		return nil
	}
	e := &Error{Text: err.Error()}
	var (
		ue *workspace.UntrustedError
		ar *workspace.AtRiskError
		rb *workspace.RolledBackError
		pt *workspace.PathTakenError
		pe *workspace.ProjectError
	)
	switch {
	case errors.As(err, &rb):
		e.Kind, e.Data = kindRolledBackT, mustJSON(struct {
			Name   string
			Undone []string
		}{rb.Name, rb.Undone})
		e.Cause = EncodeError(rb.Err)
	case errors.As(err, &ue):
		e.Kind, e.Data = kindUntrustedT, mustJSON(ue)
	case errors.As(err, &ar):
		e.Kind, e.Data = kindAtRiskT, mustJSON(ar)
	case errors.As(err, &pt):
		e.Kind, e.Data = kindPathTakenT, mustJSON(pt)
	case errors.As(err, &pe):
		e.Kind, e.Data = kindProjectT, mustJSON(struct{ Path, Reason string }{pe.Path, pe.Reason})
		e.Cause = EncodeError(pe.Err)
	default:
		for _, s := range sentinels {
			if errors.Is(err, s.err) {
				e.Kind = s.name
				break
			}
		}
	}
	return e
}

// Decode rebuilds the error: a typed error as its type, a sentinel's kind
// as an error matching that sentinel, anything else as plain text. Text is
// made inert (Clean): the host wrote it.
func (e *Error) Decode() error {
	if e == nil {
		return nil
	}
	switch e.Kind {
	case kindRolledBackT:
		var v struct {
			Name   string
			Undone []string
		}
		if json.Unmarshal(e.Data, &v) == nil {
			return &workspace.RolledBackError{Name: v.Name, Undone: v.Undone, Err: e.Cause.Decode()}
		}
	case kindUntrustedT:
		var v workspace.UntrustedError
		if json.Unmarshal(e.Data, &v) == nil {
			return &v
		}
	case kindAtRiskT:
		var v workspace.AtRiskError
		if json.Unmarshal(e.Data, &v) == nil {
			return &v
		}
	case kindPathTakenT:
		var v workspace.PathTakenError
		if json.Unmarshal(e.Data, &v) == nil {
			return &v
		}
	case kindProjectT:
		var v struct{ Path, Reason string }
		if json.Unmarshal(e.Data, &v) == nil {
			return &workspace.ProjectError{Path: v.Path, Reason: v.Reason, Err: e.Cause.Decode()}
		}
	}
	re := &RemoteError{Text: Clean(e.Text)}
	for _, s := range sentinels {
		if s.name == e.Kind {
			re.kind = s.err
		}
	}
	return re
}

// RemoteError is an error the host reported: its (inert) text, matching
// the sentinel its kind named, if any.
type RemoteError struct {
	Text string
	kind error
}

// Error implements error.
func (e *RemoteError) Error() string { return e.Text }

// Unwrap returns the sentinel the host's error matched, for errors.Is.
func (e *RemoteError) Unwrap() error { return e.kind }

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		// Every type above is plain data: this cannot happen, and a reply
		// without the fields still carries the text.
		return nil
	}
	return b
}
