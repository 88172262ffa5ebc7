package tmux

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// SessionSpec describes a detached session to create.
type SessionSpec struct {
	Name    string      // taken literally: "#" in it is not a format
	Dir     string      // start directory, taken literally; empty = tmux's default
	Command []string    // pane command and arguments; empty = the default shell
	Tags    []SetOption // options set in the same tmux invocation as the create
	Width   int         // initial size; zero leaves tmux's default
	Height  int
}

// Created identifies what NewSession made.
type Created struct {
	SessionID string // "$N"
	PaneID    string // "%N"
}

// ErrSessionExists is returned when the name is already taken.
var ErrSessionExists = errors.New("session already exists")

// NewSession creates a detached session and sets every tag in the same tmux
// invocation, so no observer ever sees the session untagged. Environment
// values never go here: they would show up in argv and tmux's logs (see the
// pane launch transport).
func NewSession(ctx context.Context, r Runner, spec SessionSpec) (Created, error) {
	if spec.Name == "" {
		return Created{}, errors.New("new session: empty name")
	}
	// tmux expands formats in -s and -c: both are escaped, so a worktree
	// path holding "#(…)" is a path, never a command.
	args := []string{"new-session", "-d", "-P", "-F", "#{session_id}|#{pane_id}", "-s", FormatLiteral(spec.Name)}
	if spec.Dir != "" {
		args = append(args, "-c", FormatLiteral(spec.Dir))
	}
	if spec.Width > 0 && spec.Height > 0 {
		args = append(args, "-x", strconv.Itoa(spec.Width), "-y", strconv.Itoa(spec.Height))
	}
	if len(spec.Command) > 0 {
		args = append(args, "--")
		args = append(args, spec.Command...)
	}
	cmds := [][]string{args}
	for _, t := range spec.Tags {
		cmds = append(cmds, SetSessionOptionArgs(spec.Name, t.Key, t.Value))
	}
	out, err := r.Run(ctx, Chain(cmds...)...)
	if err != nil {
		var ce *CommandError
		if errors.As(err, &ce) && strings.Contains(ce.Stderr, "duplicate session") {
			return Created{}, fmt.Errorf("%w: %s", ErrSessionExists, spec.Name)
		}
		return Created{}, err
	}
	line, _, _ := strings.Cut(out, "\n")
	sid, pid, ok := strings.Cut(line, "|")
	if !ok {
		return Created{}, fmt.Errorf("new session %s: unexpected reply %q", spec.Name, out)
	}
	return Created{SessionID: sid, PaneID: pid}, nil
}

// RespawnPane kills the program in pane ("%N") and starts command in its
// place, in start directory dir (taken literally, like SessionSpec.Dir;
// empty = tmux's default). The session, its tags and its viewers stay.
func RespawnPane(ctx context.Context, r Runner, pane, dir string, command []string) error {
	args := []string{"respawn-pane", "-k", "-t", pane}
	if dir != "" {
		args = append(args, "-c", FormatLiteral(dir)) // -c is a format, as in NewSession
	}
	if len(command) > 0 {
		args = append(args, "--")
		args = append(args, command...)
	}
	_, err := r.Run(ctx, args...)
	return err
}

// CapturePane returns a pane's screen as text from line start to its bottom:
// 0 is the top of the visible screen, -n reaches n lines back into the
// scrollback (tmux stops at its oldest line). escapes keeps colour and
// attribute sequences, and the trailing spaces that carry styles.
func CapturePane(ctx context.Context, r Runner, target string, start int, escapes bool) (string, error) {
	args := []string{"capture-pane", "-p", "-t", target}
	if escapes {
		args = append(args, "-e", "-N")
	}
	if start != 0 {
		args = append(args, "-S", strconv.Itoa(start))
	}
	return r.Run(ctx, args...)
}

// PaneOf returns the id ("%N") of the active pane of an exactly named session.
func PaneOf(ctx context.Context, r Runner, session string) (string, error) {
	out, err := r.Run(ctx, "display-message", "-p", "-t", ExactPane(session), "#{pane_id}")
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(out), nil
}
