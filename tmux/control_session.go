package tmux

import (
	"context"
	"errors"
	"strings"
)

// ControlSession is the session amux's control-mode clients attach to:
// one of amux's own on its server, holding nothing but an idle process.
// Two faults of tmux 3.3 make attaching them to an agent's session wrong:
//
//   - tmux counts a control client as a focused client, so the program in
//     the session it attaches to hears focus in and never focus out,
//     whatever the person does;
//   - a control client that goes away while a session is being made can
//     crash the server (every session lost), and a control client goes
//     away with the session it is attached to: closing the first tab
//     while opening another was enough.
//
// The session's name is outside amux's namespace ("amux" or "amux-…"), and
// it carries no @amux tags, so neither amux's own listings nor an
// orchestrator following the contract takes it for an agent's.
const ControlSession = "_amux_control"

// controlSessionCommand idles at no cost for as long as the session lives.
const controlSessionCommand = "exec sleep 2147483647"

// ErrNoControlSession is AttachControl's answer, when asked not to make the
// control session, on a server without one.
var ErrNoControlSession = errors.New("tmux: no control session")

// AttachControl starts a control client on the control session, making
// the session first when create is set (a client that only reads, such
// as amux wait, does not leave a session behind that nobody retires).
func AttachControl(ctx context.Context, c *Client, create bool) (*Control, error) {
	if create {
		if err := ensureControlSession(ctx, c); err != nil {
			return nil, err
		}
	} else if _, err := c.Run(ctx, "has-session", "-t", "="+ControlSession); err != nil {
		return nil, ErrNoControlSession
	}
	return StartControl(ctx, c, "="+ControlSession)
}

// ensureControlSession makes the control session unless it is there; two
// amux instances making it at once both succeed.
func ensureControlSession(ctx context.Context, c *Client) error {
	_, err := c.Run(ctx, "new-session", "-d", "-s", ControlSession, "-x", "20", "-y", "5", controlSessionCommand)
	if err != nil && strings.Contains(err.Error(), "duplicate session") {
		return nil
	}
	return err
}

// RetireControlSession ends the control session when no client is
// attached to it, so that a server whose agents are all gone exits as it
// did before the session existed. A session still in use is kept: killing
// it would end its clients' connections, which is the crash it is there
// to avoid.
func RetireControlSession(ctx context.Context, c *Client) error {
	out, err := c.Run(ctx, "list-clients", "-t", "="+ControlSession, "-F", "#{client_pid}")
	if err != nil {
		if IsNoServer(err) || strings.Contains(err.Error(), "can't find session") {
			return nil
		}
		return err
	}
	if strings.TrimSpace(out) != "" {
		return nil
	}
	_, err = c.Run(ctx, "kill-session", "-t", "="+ControlSession)
	if err != nil && (IsNoServer(err) || strings.Contains(err.Error(), "can't find session")) {
		return nil
	}
	return err
}
