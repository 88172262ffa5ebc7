package workspace

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode"

	"amux.dev/amux/tmux"
)

// Delivery you can trust. Text amux types for a person (a first task) goes
// in through a tmux paste buffer, then the carriage return as its own
// write after a pause (tmux.PasteText, tmux.SubmitCR). Then amux checks
// the agent took it, by one of three positive signs — the composer that
// showed the text emptied, the agent turned working (from not working), or
// a queued-message marker appeared — and says "not confirmed" when none
// came in time. Text on screen, a pane that was already busy, or output in
// the pipe prove nothing (ref-agent-tmux-skill: the delivery ladder).

// ComposerView is what a screen's composer holds (screen rules).
type ComposerView struct {
	Found  bool   // the assistant's composer is on screen
	Text   string // what it holds
	Empty  bool   // nothing typed (or a placeholder hint)
	Queued int    // queued-message markers on screen
}

// ComposerReader reads an assistant's composer off a plain-text screen.
type ComposerReader func(assistant string, screen []string) ComposerView

// DeliverRequest is text to hand an agent.
type DeliverRequest struct {
	Session   string // the tab's session
	Assistant string // whose screen rules describe its composer
	Text      string
	// Timeout bounds the wait for a sign the agent took it (zero:
	// DefaultDeliverTimeout).
	Timeout time.Duration
}

// Delivery is how a delivery went.
type Delivery struct {
	Confirmed bool
	By        string // "composer emptied", "working" or "queued" when confirmed
	Note      string // one line for the person, always set
}

// DefaultDeliverTimeout is how long amux waits for a sign the agent took
// the text.
const DefaultDeliverTimeout = 10 * time.Second

// How often the pane is looked at while waiting, and how long the composer
// may take to show the pasted text before the CR goes anyway.
const (
	deliverPoll  = 100 * time.Millisecond
	pasteSettled = 2 * time.Second
)

// Deliver pastes req.Text into the session's pane, submits it, and waits
// for a sign the agent took it. An error means the text could not be sent
// at all; a sent text the agent never took is a Delivery that is not
// confirmed.
func (e *Engine) Deliver(ctx context.Context, req DeliverRequest) (Delivery, error) {
	if e.opts.Tmux == nil {
		return Delivery{}, errors.New("deliver: no tmux server configured")
	}
	text := PasteSafe(req.Text)
	if strings.TrimSpace(text) == "" {
		return Delivery{}, errors.New("deliver: nothing to send")
	}
	timeout := req.Timeout
	if timeout <= 0 {
		timeout = DefaultDeliverTimeout
	}
	r := e.opts.Tmux
	pane, err := tmux.PaneOf(ctx, r, req.Session)
	if err != nil {
		return Delivery{}, err
	}
	look := func() (ComposerView, string) { return e.lookAt(ctx, pane, req.Assistant) }
	before, stateBefore := look()
	if err := tmux.PasteText(ctx, r, pane, text, e.opts.LaunchTmpDir); err != nil {
		return Delivery{}, err
	}
	head := textHead(text)
	// The composer showing our text is what makes its emptying mean
	// something: if it never shows it, only the other signs count.
	seen, pasted := false, time.Now()
	for time.Since(pasted) < pasteSettled && ctx.Err() == nil {
		if c, _ := look(); c.Found && strings.Contains(compact(c.Text), head) {
			seen = true
			break
		}
		sleepCtx(ctx, deliverPoll)
	}
	sleepCtx(ctx, tmux.SubmitPause)
	if err := tmux.SubmitCR(ctx, r, pane); err != nil {
		return Delivery{}, err
	}
	deadline := time.Now().Add(timeout)
	for {
		c, state := look()
		switch {
		case seen && c.Found && (c.Empty || !strings.Contains(compact(c.Text), head)):
			return Delivery{Confirmed: true, By: "composer emptied", Note: "the agent took the task"}, nil
		case c.Queued > before.Queued:
			return Delivery{Confirmed: true, By: "queued", Note: "the agent queued the task"}, nil
		case state == "working" && stateBefore != "working":
			return Delivery{Confirmed: true, By: "working", Note: "the agent started on the task"}, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return Delivery{Note: "not confirmed: the agent showed no sign of taking the task within " +
				timeout.String() + " (its composer did not empty); look at the tab"}, nil
		}
		sleepCtx(ctx, deliverPoll)
	}
}

// lookAt reads the pane's composer and its state ("working" when either
// the published state or the pane's own report says so).
func (e *Engine) lookAt(ctx context.Context, pane, assistant string) (ComposerView, string) {
	var c ComposerView
	if e.opts.Composer != nil {
		if out, err := tmux.CapturePane(ctx, e.opts.Tmux, pane, 0, false); err == nil {
			c = e.opts.Composer(assistant, strings.Split(strings.TrimRight(out, "\n"), "\n"))
		}
	}
	out, err := e.opts.Tmux.Run(ctx, "display-message", "-p", "-t", pane,
		"#{"+tmux.TagAgentState+"}|#{"+tmux.PaneReportedState+"}")
	state := ""
	if err == nil {
		published, reported, _ := strings.Cut(strings.TrimSpace(out), "|")
		if published == "working" || reported == "working" {
			state = "working"
		}
	}
	return c, state
}

// PasteSafe is text as a paste may carry it into a pane (the contract's
// rule): CRLF becomes LF, newlines and tabs stay, every other control
// character goes, so nothing in it can end a bracketed paste early or act
// as a key.
func PasteSafe(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		return -1
	}, s)
}

// textHead is the start of the text as a composer row would show it: the
// start of its first non-blank line, because a composer draws each line of
// a multi-line text on a row of its own and its prompt row holds only the
// first.
func textHead(s string) string {
	h := ""
	for line := range strings.SplitSeq(s, "\n") {
		if h = compact(line); h != "" {
			break
		}
	}
	if r := []rune(h); len(r) > 16 {
		h = string(r[:16])
	}
	return h
}

// compact collapses runs of white space to one space.
func compact(s string) string { return strings.Join(strings.Fields(s), " ") }

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
