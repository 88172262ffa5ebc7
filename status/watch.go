package status

import (
	"context"
	"errors"
	"strings"
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
//   - one plain tmux process reads every pane first: a state already
//     stored ends the wait there, one tmux process in all;
//   - otherwise a control client subscribes, then sends "read every
//     pane" and "wait-for amux-status" in one batch. tmux runs a batch
//     back to back, so the read and the wait are atomic with respect to
//     the tap's publish-and-signal call: no signal can slip between them,
//     and a report that landed after the plain read is in this one. When
//     the wait returns, the next batch reads again and re-arms. Nothing is
//     queued behind a wait-for: with a read waiting there, tmux 3.3a's
//     server crashed when a session was made (3 of 20 runs of
//     TestWaitSessionAppearsLater);
//   - a format subscription over every pane (tmux checks it once a second)
//     catches changes nobody signalled: options set by other tools, panes
//     whose process died;
//   - without a control session, or if the control client cannot start or
//     subscribe (tmux refusing), plain tmux processes read and then wait
//     in wait-for bounded to pollInterval, which is still event-driven in
//     the common case.
type watcher struct {
	client *tmux.Client
	match  func([]PaneState) bool // true ends the watch
	// subscription names the format subscription (subscriptionName). ""
	// watches without one: then only the wake signal makes a control
	// client read again, which is how tests prove the signal.
	subscription string
	// check runs once, when the first read did not match and before any
	// waiting (amux wait checks the tmux version there, so a state already
	// stored costs no process for it). Its error ends the watch.
	check func(context.Context) error
	// readHook, when set, is called after each read that did not match
	// (after a control client's, its wait-for is armed): tests land a
	// report between a read and the next.
	readHook func()
}

// errMatched ends a watch successfully.
var errMatched = errors.New("matched")

// run watches until match returns true (nil), ctx ends (ctx.Err()), or
// check fails (its error).
func (w *watcher) run(ctx context.Context) error {
	checked := w.check == nil
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		out, err := w.client.Run(ctx, ListPanesArgs()...)
		if err == nil && w.match(ParsePanes(out)) {
			return nil
		}
		if w.readHook != nil {
			w.readHook()
		}
		if !checked {
			checked = true
			if cerr := w.check(ctx); cerr != nil {
				return cerr
			}
		}
		// Only on the control session, never an agent's: a control client
		// counts as focused, so the agent would hear focus in. wait
		// neither makes nor retires it (amux and the status taps do):
		// making a session just as a control client goes can crash tmux
		// 3.3, and a wait that made one would leave it behind. Without
		// one, plain reads do the watching.
		sub, serr := w.subscribeArgs()
		if err == nil && serr == nil && listsControlSession(out) {
			if ctl, cerr := tmux.StartControl(ctx, w.client, "="+tmux.ControlSession); cerr == nil {
				if err := w.watchControl(ctx, ctl, sub); errors.Is(err, errMatched) {
					// The answer is in: the client is let go without
					// waiting for tmux to exit (it does at end of input),
					// so printing it and exiting never wait on that.
					go ctl.Close()
					return nil
				}
				ctl.Close()
			}
		}
		// No session, no server, no control client, or the client ended
		// (its session died): one bounded wait, then read and attach
		// again. A client that keeps ending can therefore never spin.
		if err := w.pause(ctx, err); err != nil {
			return err
		}
	}
}

// subscribeArgs is the subscription command, nil without a subscription.
// A bad name is refused here, before any client is attached for it.
func (w *watcher) subscribeArgs() ([]string, error) {
	if w.subscription == "" {
		return nil, nil
	}
	return tmux.SubscribeArgs(w.subscription, "", SubscriptionFormat())
}

// watchControl runs the event-driven loop on one control client. It returns
// errMatched, ctx's error, or nil when the client ended or could not
// subscribe.
func (w *watcher) watchControl(ctx context.Context, ctl *tmux.Control, sub []string) error {
	// The subscription goes alone, before any wait: with more commands
	// queued behind its subscription and a wait-for in one batch, tmux
	// 3.3a's server crashed when a session was made meanwhile (1 run of
	// 25 of TestWaitSessionAppearsLater; none in 50 this way). It costs a
	// round trip at the start, never on the way from a report.
	if sub != nil {
		if _, err := ctl.Run(ctx, sub...); err != nil {
			// Every tmux amux wait accepts can subscribe, so this client
			// is failing: read with plain processes instead.
			return nil
		}
	}
	for {
		replies, err := ctl.Start(ListPanesArgs(), []string{"wait-for", WakeChannel})
		if err != nil {
			return nil
		}
		out, err := replies[0].Wait(ctx)
		if err != nil {
			return nil
		}
		if w.match(ParsePanes(out)) {
			return errMatched
		}
		if w.readHook != nil {
			w.readHook()
		}
		if err := w.awaitWake(ctx, ctl, replies[1]); err != nil {
			return err
		}
		if ctl.Err() != nil {
			return nil
		}
	}
}

// awaitWake blocks until the wake signal ends wake (nil), a subscription
// change matches (errMatched), the client ends (nil) or ctx does.
func (w *watcher) awaitWake(ctx context.Context, ctl *tmux.Control, wake *tmux.Reply) error {
	for {
		select {
		case <-wake.Done():
			return nil
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

// pause follows a plain read that did not match (readErr is its error):
// it blocks in wait-for for at most pollInterval (killing that client when
// the time is up), or sleeps that long when tmux cannot be asked.
func (w *watcher) pause(ctx context.Context, readErr error) error {
	wctx, cancel := context.WithTimeout(ctx, pollInterval)
	defer cancel()
	if readErr != nil {
		// No server yet, or tmux answered with an error: do not spin.
		<-wctx.Done()
		return ctx.Err()
	}
	_, _ = w.client.Run(wctx, "wait-for", WakeChannel)
	return ctx.Err()
}

// listsControlSession reports whether a ListPanesArgs read lists a pane of
// the control session (which ParsePanes leaves out).
func listsControlSession(out string) bool {
	for rec := range strings.SplitSeq(out, recordSep) {
		f := strings.Split(strings.TrimPrefix(rec, "\n"), fieldSep)
		if len(f) == paneFields && f[12] == tmux.ControlSession {
			return true
		}
	}
	return false
}
