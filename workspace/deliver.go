package workspace

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode"

	"amux.dev/amux/config/procid"
	"amux.dev/amux/tmux"
)

// Delivery you can trust. Text amux types for a person (a first task) goes
// in once the agent can take it — for an assistant whose screen rules
// describe its composer, once that composer is on screen — through a tmux
// paste buffer, then the carriage return as its own write after a pause
// (tmux.PasteText, tmux.SubmitCR). A composer that is on screen before it
// accepts input loses the paste: when the composer does not show the text,
// amux waits for it again and pastes once more, and never presses Enter on
// nothing. Then amux checks the agent took it, by one of three positive
// signs — the composer that showed the text emptied, the agent's own state
// (its report or a screen rule, never output activity) turned working
// after the Enter, or a queued-message marker appeared — and says "not
// confirmed" when none came in time. Text on screen, a pane that was
// already busy, start-up output or amux's own echo prove nothing
// (ref-agent-tmux-skill: the delivery ladder). An agent that exits first
// is "not delivered", with its status.

// ComposerView is what a screen's composer holds, and what the screen
// rules make of the screen (screen rules).
type ComposerView struct {
	Ruled  bool   // the assistant's rules describe a composer, on screen or not
	Found  bool   // the assistant's composer is on screen
	Text   string // what it holds
	Empty  bool   // nothing typed (or a placeholder hint)
	Queued int    // queued-message markers on screen
	// State is the screen rules' verdict on the whole screen ("working",
	// "blocked", "idle"; "" when no rule matched).
	State string
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
	// ReadyTimeout bounds each wait for the composer to be on screen, for
	// an assistant whose rules describe one (zero: DefaultReadyTimeout).
	ReadyTimeout time.Duration
}

// Delivery is how a delivery went.
type Delivery struct {
	Confirmed bool
	// Submitted says the text went in with its Enter; false with a nil
	// error means it was never submitted (Note says why).
	Submitted bool
	By        string // "composer emptied", "working" or "queued" when confirmed
	Note      string // one line for the person, always set
}

// DefaultDeliverTimeout is how long amux waits for a sign the agent took
// the text.
const DefaultDeliverTimeout = 10 * time.Second

// DefaultReadyTimeout is how long amux waits for an agent's composer.
const DefaultReadyTimeout = 30 * time.Second

// How often the pane is looked at while waiting, and how long the composer
// may take to show the pasted text.
const (
	deliverPoll  = 100 * time.Millisecond
	pasteSettled = 2 * time.Second
)

// sight is one look at the pane.
type sight struct {
	c        ComposerView
	reported string // the pane's own report (@amux_reported_state)
	dead     bool
	exit     int
	hasExit  bool
}

// ownWorking says the agent itself says it works: its report or a screen
// rule. Output activity (and so the published state) is not the agent's
// word: a start-up screen or amux's own paste echo is output too.
func (s sight) ownWorking() bool { return s.reported == "working" || s.c.State == "working" }

// Deliver pastes req.Text into the session's pane once the agent is ready,
// submits it, and waits for a sign the agent took it. An error means tmux
// could not be asked at all; a text the agent never took, or never got, is
// a Delivery that is not confirmed.
func (e *Engine) Deliver(ctx context.Context, req DeliverRequest) (Delivery, error) {
	if e.opts.Tmux == nil {
		return Delivery{}, errors.New("deliver: no tmux server configured")
	}
	text := PasteSafe(req.Text)
	if strings.TrimSpace(text) == "" {
		return Delivery{}, errors.New("deliver: nothing to send")
	}
	timeout, ready := req.Timeout, req.ReadyTimeout
	if timeout <= 0 {
		timeout = DefaultDeliverTimeout
	}
	if ready <= 0 {
		ready = DefaultReadyTimeout
	}
	r := e.opts.Tmux
	pane, err := tmux.PaneOf(ctx, r, req.Session)
	if err != nil {
		return Delivery{}, err
	}
	look := func() sight { return e.lookAt(ctx, pane, req.Assistant) }
	s := look()
	ruled := s.c.Ruled
	head := textHead(text)
	seen, seenText := false, ""
	for attempt := 0; attempt < 2 && !seen; attempt++ {
		if ruled {
			if s = waitComposer(ctx, look, ready); !s.c.Found && !s.dead {
				return Delivery{Note: "not delivered: its composer did not show within " + ready.String()}, nil
			}
		}
		if s.dead {
			return exited(s), nil
		}
		before := s.c
		if err := tmux.PasteText(ctx, r, pane, text, e.opts.LaunchTmpDir); err != nil {
			return Delivery{}, err
		}
		if !ruled {
			break // nothing on screen can show it: only the other signs count
		}
		s = lookUntil(ctx, look, pasteSettled, func(s sight) bool { return shows(s.c, before, head) })
		seen, seenText = shows(s.c, before, head), s.c.Text
	}
	switch {
	case s.dead:
		return exited(s), nil
	case ruled && !seen:
		return Delivery{Note: "not delivered: its composer did not show the pasted task (pasted twice); nothing was submitted"}, nil
	}
	sleepCtx(ctx, tmux.SubmitPause)
	pre := look() // the agent's own state just before the Enter
	if err := tmux.SubmitCR(ctx, r, pane); err != nil {
		return Delivery{}, err
	}
	deadline := time.Now().Add(timeout)
	for {
		s := look()
		switch {
		case s.dead:
			d := exited(s)
			d.Submitted = true
			return d, nil
		case s.c.Queued > pre.c.Queued:
			return Delivery{Confirmed: true, Submitted: true, By: "queued", Note: "the agent queued the task"}, nil
		case seen && s.c.Found && (s.c.Empty || (s.c.Text != seenText && !strings.Contains(compact(s.c.Text), head))):
			return Delivery{Confirmed: true, Submitted: true, By: "composer emptied", Note: "the agent took the task"}, nil
		case s.ownWorking() && !pre.ownWorking():
			return Delivery{Confirmed: true, Submitted: true, By: "working", Note: "the agent started on the task"}, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			why := "it did not start working"
			if seen {
				why = "its composer did not empty"
			}
			return Delivery{Submitted: true, Note: "not confirmed: the agent showed no sign of taking the task within " +
				timeout.String() + " (" + why + "); look at the tab"}, nil
		}
		sleepCtx(ctx, deliverPoll)
	}
}

// shows says the composer shows a paste that was not there before: the
// text's start, or (an agent that draws a paste as a placeholder) text
// where it was empty.
func shows(c, before ComposerView, head string) bool {
	if !c.Found {
		return false
	}
	return strings.Contains(compact(c.Text), head) || (before.Empty && !c.Empty)
}

// exited is the delivery to an agent whose program ended.
func exited(s sight) Delivery {
	note := "not delivered: the agent exited"
	if s.hasExit {
		note += " (status " + strconv.Itoa(s.exit) + ")"
	}
	return Delivery{Note: note}
}

// gateWait bounds how long a blocked screen before the composer (folder
// trust, a sign-in) may hold a delivery up: the person is answering it, so
// that time does not count against the ready timeout.
const (
	gateWait  = 10 * time.Minute
	readyPoll = 250 * time.Millisecond
)

// waitComposer waits until the composer is on screen or the pane dies.
// Time on a blocked screen counts against gateWait instead of ready.
func waitComposer(ctx context.Context, look func() sight, ready time.Duration) sight {
	start := time.Now()
	end := start.Add(ready)
	for {
		s := look()
		now := time.Now()
		if s.c.Found || s.dead || ctx.Err() != nil {
			return s
		}
		if s.c.State == "blocked" && now.Sub(start) < gateWait {
			end = now.Add(ready) // the clock starts again once the question is answered
		}
		if now.After(end) {
			return s
		}
		sleepCtx(ctx, readyPoll)
	}
}

// lookUntil looks at the pane until cond holds, the pane dies, or d passes,
// and returns the last look.
func lookUntil(ctx context.Context, look func() sight, d time.Duration, cond func(sight) bool) sight {
	end := time.Now().Add(d)
	for {
		s := look()
		if cond(s) || s.dead || time.Now().After(end) || ctx.Err() != nil {
			return s
		}
		sleepCtx(ctx, deliverPoll)
	}
}

// lookAt reads the pane's composer and screen verdict, its own report and
// whether its program exited (with its status when known).
func (e *Engine) lookAt(ctx context.Context, pane, assistant string) sight {
	var s sight
	if e.opts.Composer != nil {
		if out, err := tmux.CapturePane(ctx, e.opts.Tmux, pane, 0, false); err == nil {
			s.c = e.opts.Composer(assistant, strings.Split(strings.TrimRight(out, "\n"), "\n"))
		}
	}
	out, err := e.opts.Tmux.Run(ctx, "display-message", "-p", "-t", pane,
		"#{pane_dead}|#{pane_dead_status}|#{pane_pid}|#{"+tmux.PaneReportedState+"}")
	if err != nil {
		return s
	}
	f := strings.SplitN(strings.TrimSpace(out), "|", 4)
	if len(f) != 4 {
		return s
	}
	s.reported = f[3]
	if s.dead = f[0] == "1"; s.dead {
		if n, err := strconv.Atoi(f[1]); err == nil {
			s.exit, s.hasExit = n, true
		} else if pid, err := strconv.Atoi(f[2]); err == nil {
			// tmux can mark a pane dead before it reaps the process.
			s.exit, s.hasExit = procid.ZombieExit(pid)
		}
	}
	return s
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
