package tmux

import (
	"context"
	"errors"
)

// Ownership is the verdict of SessionOwned.
type Ownership int

const (
	// SessionMissing: no live session has that exact name.
	SessionMissing Ownership = iota
	// SessionOwnedByAmux: the session carries @amux=1 and, when it has one,
	// the expected @amux_workspace. Safe to bind.
	SessionOwnedByAmux
	// SessionForeign: something else holds the name. Never bind to it.
	SessionForeign
)

// String names the value for messages.
func (o Ownership) String() string {
	switch o {
	case SessionMissing:
		return "missing"
	case SessionOwnedByAmux:
		return "owned"
	default:
		return "foreign"
	}
}

// ErrForeignSession is returned by attach paths that find a squatter.
var ErrForeignSession = errors.New("session name held by a session amux does not own")

// SessionOwned checks a live session before amux binds to it: it must carry
// @amux=1 and, when @amux_workspace is present, match workspaceID. A session
// with @amux=1 and no workspace tag is a pre-tagging-era amux session and is
// accepted for compatibility. This is namespace hygiene, not authentication.
func SessionOwned(ctx context.Context, r Runner, name, workspaceID string) (Ownership, SessionInfo, error) {
	s, ok, err := FindSession(ctx, r, name)
	if err != nil || !ok {
		return SessionMissing, s, err
	}
	return Owns(s, workspaceID), s, nil
}

// Owns applies SessionOwned's rule to an already-listed session.
func Owns(s SessionInfo, workspaceID string) Ownership {
	if !s.Managed {
		return SessionForeign
	}
	if s.Workspace != "" && workspaceID != "" && s.Workspace != workspaceID {
		return SessionForeign
	}
	return SessionOwnedByAmux
}

// KillSession kills the session with exactly this name. A session that is
// already gone is not an error.
func KillSession(ctx context.Context, r Runner, name string) error {
	_, err := r.Run(ctx, "kill-session", "-t", ExactSession(name))
	return ignoreMissing(err)
}

// KillSessionByID kills a session by its "$N" id; already gone is fine.
func KillSessionByID(ctx context.Context, r Runner, id string) error {
	_, err := r.Run(ctx, "kill-session", "-t", id)
	return ignoreMissing(err)
}

// HasSession reports whether a session with exactly this name is alive.
func HasSession(ctx context.Context, r Runner, name string) (bool, error) {
	_, err := r.Run(ctx, "has-session", "-t", ExactSession(name))
	if err == nil {
		return true, nil
	}
	return false, ignoreMissing(err)
}

// ignoreMissing drops a failure that only says the session is not there.
func ignoreMissing(err error) error {
	var ce *CommandError
	if errors.As(err, &ce) && ce.Missing() {
		return nil
	}
	return err
}
