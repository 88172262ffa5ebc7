package status

import (
	"context"
	"errors"
	"time"

	"amux.dev/amux/tmux"
)

// pollInterval paces the fallbacks: waiting for a first session, and
// re-reading when tmux cannot deliver subscriptions.
const pollInterval = time.Second

// subscriptionName names amux wait's control-mode subscription.
const subscriptionName = "amux-wait"

// watcher feeds pane snapshots to a matcher whenever they may have changed,
// without polling while a control client is available:
//
//   - a control client sends "read every pane" and "wait-for amux-status" in
//     one batch, so the read and the wait are atomic with respect to the
//     tap's publish-and-signal call: no signal can slip between them. When
//     the wait returns, the next batch reads again and re-arms;
//   - a format subscription over every pane (tmux checks it once a second)
//     catches changes nobody signalled: options set by other tools, panes
//     whose process died;
//   - if the control client cannot start or subscribe (no session to attach
//     to, tmux refusing), a plain tmux process does the same read and a
//     wait-for bounded to pollInterval, which is still event-driven in the
//     common case.
type watcher struct {
	client *tmux.Client
	match  func([]PaneState) bool // true ends the watch
	// subscription names the format subscription (subscriptionName). ""
	// watches without one: then only the wake signal makes a control
	// client read again, which is how tests prove the signal.
	subscription string
}

// errMatched ends a watch successfully.
var errMatched = errors.New("matched")

// run watches until match returns true (nil) or ctx ends (ctx.Err()).
func (w *watcher) run(ctx context.Context) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		sessions, err := tmux.ListAllSessions(ctx, w.client)
		if err == nil && len(sessions) > 0 {
			// On the control session, never an agent's: a control client
			// counts as focused, so the agent would hear focus in. wait
			// neither makes nor retires it (amux and the status taps do):
			// making a session just as a control client goes can crash
			// tmux 3.3, and a wait that made one would leave it behind.
			// Without one, plain reads below do the watching.
			ctl, cerr := tmux.AttachControl(ctx, w.client, false)
			if cerr == nil {
				err = w.watchControl(ctx, ctl)
				ctl.Close()
				if errors.Is(err, errMatched) {
					return nil
				}
			}
		}
		// No session, no server, no control client, or the client ended
		// (its session died): one bounded round of the process-per-call
		// fallback, then attach again. A client that keeps ending can
		// therefore never spin.
		if err := w.pollOnce(ctx); errors.Is(err, errMatched) {
			return nil
		}
	}
}

// watchControl runs the event-driven loop on one control client. It returns
// errMatched, ctx's error, or nil when the client ended or could not
// subscribe.
func (w *watcher) watchControl(ctx context.Context, ctl *tmux.Control) error {
	if w.subscription != "" && ctl.Subscribe(ctx, w.subscription, "", SubscriptionFormat()) != nil {
		// Every tmux amux wait accepts can subscribe, so this client is
		// failing: read with plain processes for a round instead.
		return nil
	}
	var wake *tmux.Reply
	for {
		if wake == nil {
			replies, err := ctl.Start(ListPanesArgs(), []string{"wait-for", WakeChannel})
			if err != nil {
				return nil
			}
			out, err := replies[0].Wait(ctx)
			if err != nil {
				return ctx.Err()
			}
			if w.match(ParsePanes(out)) {
				return errMatched
			}
			wake = replies[1]
		}
		select {
		case <-wake.Done():
			wake = nil
		case n, ok := <-ctl.Notifications():
			if !ok {
				return nil
			}
			if name, value, ok := n.Subscription(); ok && name == w.subscription && w.match(ParsePanes(value)) {
				return errMatched
			}
		case <-ctl.Done():
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// pollOnce reads every pane with a plain tmux call, then blocks in wait-for
// for at most pollInterval (killing that client when the time is up).
func (w *watcher) pollOnce(ctx context.Context) error {
	out, err := w.client.Run(ctx, ListPanesArgs()...)
	if err == nil && w.match(ParsePanes(out)) {
		return errMatched
	}
	if err != nil && !tmux.IsNoServer(err) {
		// tmux answered with an error; do not spin on it.
		select {
		case <-time.After(pollInterval):
		case <-ctx.Done():
		}
		return ctx.Err()
	}
	wctx, cancel := context.WithTimeout(ctx, pollInterval)
	defer cancel()
	if tmux.IsNoServer(err) {
		<-wctx.Done()
		return ctx.Err()
	}
	_, _ = w.client.Run(wctx, "wait-for", WakeChannel)
	return ctx.Err()
}
