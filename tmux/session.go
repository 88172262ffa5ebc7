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
	// HistoryLimit, when set, is the least history the new pane keeps:
	// tmux fixes a pane's history-limit when the pane is made, from the
	// global option, so the same invocation first raises the global one
	// when it is lower (a larger one from the person's tmux config stays).
	HistoryLimit int
}

// HistoryLimit is the history amux's sessions keep per pane: enough for a
// long agent session's scrollback (tmux's own default is 2000 lines).
const HistoryLimit = 50000

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
	var cmds [][]string
	if n := spec.HistoryLimit; n > 0 {
		// start-server first: on a server this invocation starts, if-shell
		// needs it running. The condition and its command are amux's own
		// text, no outside string.
		v := strconv.Itoa(n)
		cmds = append(cmds, []string{"start-server"},
			[]string{"if-shell", "-F", "#{e|<:#{history-limit}," + v + "}", "set-option -g history-limit " + v})
	}
	cmds = append(cmds, args)
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

// CaptureHistory returns everything the pane holds, from the oldest line of
// its history (as much as its history-limit kept) to the bottom of its
// screen; escapes as in CapturePane.
func CaptureHistory(ctx context.Context, r Runner, target string, escapes bool) (string, error) {
	args := []string{"capture-pane", "-p", "-t", target, "-S", "-"}
	if escapes {
		args = append(args, "-e", "-N")
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
