package app

import (
	"context"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/workspace"
)

// The first task goes in once the agent is ready, through the engine's
// Deliver: one paste, a separate CR after a pause, then a check that the
// agent took it (its composer emptied, its own state turned working, or it
// queued the task). Ready means the agent's composer is on screen, for an
// assistant whose screen rules describe one — the engine waits for it, so
// the delivery starts with the tab; for any other program, that it set a
// private mode of its own (the only sign it reads that it gives). A task
// that was sent but never taken says "not confirmed"; one that never went
// in says "not delivered" and why.
const (
	readinessTimeout = 30 * time.Second
	deliveryTimeout  = 15 * time.Second // the engine's wait for a sign, plus the paste
	firstTaskBound   = 10*time.Minute + 2*readinessTimeout + deliveryTimeout
)

type firstTaskTimeoutMsg struct{ wsID, tabID string }

type firstTaskDeliveredMsg struct {
	wsID, tabID string
	d           workspace.Delivery
	err         error
}

// agentReady reports whether the program in the pane has set a private mode
// of its own — bracketed paste or mouse reporting, which tmux mirrors onto
// our client only when the pane asks — the signal a TUI agent is reading.
func agentReady(modes termview.Modes) bool {
	return modes.Has(termview.ModeBracketedPaste) || modes.MouseReporting()
}

// composerRuled reports whether the assistant's screen rules describe its
// composer, which then decides readiness.
func (o *tabsOwner) composerRuled(assistant string) bool {
	return o.d.rules != nil && o.d.rules.Set().HasComposer(assistant)
}

// maybeSendFirstTask delivers the tab's first task once the agent is ready.
func (o *tabsOwner) maybeSendFirstTask(t *tab) tea.Cmd {
	if t.firstTask == "" || t.taskSent {
		return nil
	}
	ruled := o.composerRuled(t.assistant)
	var modes termview.Modes
	if t.view != nil {
		modes = t.view.Terminal().Modes()
	}
	if !ruled && (t.view == nil || !agentReady(modes)) {
		return nil
	}
	t.taskSent = true
	// Lines stay lines where the agent takes a bracketed paste (every
	// composer amux has rules for does); elsewhere a newline would submit.
	text := strings.TrimSpace(t.firstTask)
	if !ruled && !modes.Has(termview.ModeBracketedPaste) {
		text = strings.Join(strings.Fields(text), " ")
	}
	wsID, tabID := o.workspaceOf(t), t.id
	sess := o.tabSessions(wsID)
	req := workspace.DeliverRequest{Session: t.session, Assistant: t.assistant, Text: text, ReadyTimeout: readinessTimeout}
	return func() tea.Msg {
		// Two waits for the composer (the second after a lost paste; a
		// gate screen the person is answering may hold the first up to
		// workspace.gateWait) and the wait for a sign.
		ctx, cancel := context.WithTimeout(context.Background(), firstTaskBound)
		defer cancel()
		d, err := sess.Deliver(ctx, req)
		return firstTaskDeliveredMsg{wsID, tabID, d, err}
	}
}

// firstTaskDelivered says how the delivery went: never a silent success.
func (o *tabsOwner) firstTaskDelivered(msg firstTaskDeliveredMsg) modal.Outcome {
	label := "the agent"
	if t := o.find(msg.wsID, msg.tabID); t != nil {
		label = t.label()
		switch {
		case msg.err != nil:
			t.delivery = "not sent: " + safetext.Line(msg.err.Error())
		case !msg.d.Submitted:
			t.delivery = safetext.Line(msg.d.Note)
		case !msg.d.Confirmed:
			t.delivery = deliveryNotConfirmed
		}
	}
	switch {
	case msg.err != nil:
		return tabNote(modal.LevelError, label+": the first task could not be sent: "+msg.err.Error())
	case !msg.d.Confirmed:
		return tabNote(modal.LevelWarn, label+": first task "+msg.d.Note)
	}
	return tabNote(modal.LevelInfo, label+": first task delivered ("+msg.d.By+")")
}

// deliveryNotConfirmed is the tab bar's word for a task that went in but
// was never seen taken: the agent's own working state clears it.
const deliveryNotConfirmed = "not confirmed"

// firstTaskOnState follows a tab's new state for its first task: an agent
// that exits before amux could type it loses the task, and says so; one
// whose own state turns working after a task it did not confirm took it
// after all.
func firstTaskOnState(t *tab, st agentstate.Result) modal.Outcome {
	if st.State == agentstate.Working && t.delivery == deliveryNotConfirmed && st.Source != agentstate.SourceActivity {
		t.delivery = ""
	}
	if st.State != agentstate.Stopped || t.firstTask == "" || t.taskSent {
		return modal.Outcome{}
	}
	t.taskSent = true
	t.delivery = "not delivered: the agent exited"
	if st.HasExit {
		t.delivery += " (status " + strconv.Itoa(st.Exit) + ")"
	}
	return tabNote(modal.LevelWarn, t.label()+": first task "+t.delivery+": "+ansi.Truncate(safetext.Line(t.firstTask), 60, "…"))
}

// firstTaskTimeout gives up on a first task whose agent never said it
// was ready, and says so.
func (o *tabsOwner) firstTaskTimeout(msg firstTaskTimeoutMsg) modal.Outcome {
	t := o.find(msg.wsID, msg.tabID)
	if t == nil || t.taskSent || t.firstTask == "" {
		return modal.Outcome{}
	}
	t.taskSent = true
	t.delivery = "not delivered: the agent never signalled it was ready"
	return tabNote(modal.LevelWarn, t.label()+" did not signal readiness within "+readinessTimeout.String()+
		"; the first task was not typed: "+ansi.Truncate(safetext.Line(t.firstTask), 60, "…"))
}
