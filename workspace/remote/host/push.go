package host

import (
	"context"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace/remote/proto"
)

// The host pushes what changes without polling its own tmux server or
// disk. It learns of changes from the host's own machinery:
//
//   - a long-lived control-mode client on the host's tmux server, whose
//     notifications say when sessions come, go or are renamed (and whose
//     pipe carries the reads, so a read starts no process);
//   - the status monitor's results (monitor.go): a session's published
//     state, reason, exit or activity changed — whether this host's monitor
//     published it or it saw another amux's monitor do so;
//   - the kernel's file events on the state home (recwatch.go) for the
//     records, whoever wrote them;
//   - every finished request (conn.nudge), which may have changed both;
//   - a rare safety net for what nobody signals (tags another tool set):
//     everything is read again every SafetyNet.
//
// Without a session there is no control client to attach; the first
// session this host creates, a record appearing or the safety net finds
// one and attaches.

// DefaultSafetyNet is how often the host reads everything anyway.
const DefaultSafetyNet = 15 * time.Second

// push sends each change until ctx ends.
func (st *state) push(ctx context.Context, c *conn) {
	defer st.dropControl()
	every := st.s.SafetyNet
	if every <= 0 {
		every = DefaultSafetyNet
	}
	net := time.NewTicker(every)
	defer net.Stop()
	recs := watchRecords(st.s.Home)
	defer recs.Close()
	results := st.s.results()
	// The snapshot was read before the control client: attach now, and
	// read once more, so nothing between the two is missed.
	st.pushSessions(ctx, c)
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.nudge:
			if st.s.Monitor != nil {
				st.s.Monitor.Wake() // a request may have made a session: classify it now
			}
			st.pushSessions(ctx, c)
			st.pushRecords(ctx, c)
		case n, ok := <-st.notifications():
			if !ok {
				st.dropControl() // the client ended: read, and attach again
			}
			if !ok || structural(n) {
				st.pushSessions(ctx, c)
				st.pushRecords(ctx, c) // a run script's session ending may end a running script
			}
		case <-st.controlDone():
			st.dropControl()
			st.pushSessions(ctx, c)
		case _, ok := <-results:
			if !ok {
				results = nil
				continue
			}
			st.pushSessions(ctx, c)
		case <-recs.Changed():
			st.pushRecords(ctx, c)
			if st.ctl == nil {
				st.pushSessions(ctx, c) // a workspace appeared: perhaps its sessions too
			}
		case <-net.C:
			st.pushSessions(ctx, c)
			st.pushRecords(ctx, c)
		}
	}
}

// structural reports whether a notification says the set of sessions (or
// their names) changed, or that notifications were lost.
func structural(n tmux.Notification) bool {
	if n.Dropped > 0 {
		return true
	}
	switch n.Name {
	case "sessions-changed", "session-renamed", "session-closed", "session-changed",
		"client-detached", "client-session-changed":
		return true
	}
	return false
}

// attach starts the control client (on the control session, never an
// agent's: tmux.ControlSession) once the host has a session to watch. A
// failure leaves reads to a process each, until the next try.
func (st *state) attach(ctx context.Context, list []proto.Session) {
	if len(list) == 0 && st.ctl != nil {
		// No session left to watch: let go of the control session, which
		// whoever lets go of it last retires, so the server can exit.
		st.dropControl()
		actx, cancel := context.WithTimeout(ctx, readTimeout)
		defer cancel()
		_ = tmux.RetireControlSession(actx, st.s.Tmux)
		return
	}
	if st.ctl != nil || len(list) == 0 {
		return
	}
	actx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	ctl, err := tmux.AttachControl(actx, st.s.Tmux, true)
	if err != nil {
		st.s.log.Warn("remote host: control client", "err", err.Error())
		return
	}
	st.ctl = ctl
}

func (st *state) dropControl() {
	if st.ctl != nil {
		st.ctl.Close()
		st.ctl = nil
	}
}

// notifications and controlDone are the control client's channels (nil,
// which never deliver, without one).
func (st *state) notifications() <-chan tmux.Notification {
	if st.ctl == nil {
		return nil
	}
	return st.ctl.Notifications()
}

func (st *state) controlDone() <-chan struct{} {
	if st.ctl == nil {
		return nil
	}
	return st.ctl.Done()
}
