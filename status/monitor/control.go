package monitor

import (
	"context"
	"time"

	"amux.dev/amux/tmux"
)

// runner returns the control client, (re)attaching it when needed. With no
// amux session there is nothing to poll and nothing is started.
func (s *Monitor) runner(ctx context.Context) (tmux.Runner, bool) {
	if s.ctl != nil {
		select {
		case <-s.ctl.Done():
			s.ctl = nil
			s.stopWaker()
			s.fullAt = time.Time{}
		default:
			return s.ctl, true
		}
	}
	if !s.lookedAt.IsZero() && s.now().Sub(s.lookedAt) < idleLook {
		return nil, false // nothing to watch: idle costs no process per poll
	}
	list, err := tmux.ListSessions(ctx, s.client)
	if err != nil || len(list) == 0 {
		if err == nil && !s.retired {
			// No agent left: the control session goes once no client uses
			// it, so the server exits when empty, as it would without it.
			// Once per idle spell: an idle look costs one process.
			s.retired = tmux.RetireControlSession(ctx, s.client) == nil
		}
		s.lookedAt = s.now()
		return nil, false
	}
	s.lookedAt, s.retired = time.Time{}, false
	ctl, err := tmux.AttachControl(ctx, s.client, true)
	if err != nil {
		return s.client, true // degrade to a process per call rather than go blind
	}
	s.ctl = ctl
	s.fullAt = time.Time{}
	s.leaseMs = 0 // renew at once: TagOwnerClient must name this client
	s.watchWakes()
	return ctl, true
}

// dropControl ends the control client and what rides on it; the next
// poll attaches again and reads everything.
func (s *Monitor) dropControl() {
	if s.ctl != nil {
		s.ctl.Close()
		s.ctl = nil
		s.stopWaker()
	}
	s.fullAt = time.Time{}
}

// letGo is the monitor's answer to the last agent going: it lets go of
// the control session, which is retired when nothing else uses it (so an
// empty server exits), and looks again later.
func (s *Monitor) letGo(ctx context.Context) {
	s.dropControl()
	s.retired = tmux.RetireControlSession(ctx, s.client) == nil
	s.lookedAt = s.now()
	s.owner = false
}
