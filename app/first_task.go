package app

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/workspace"
)

// The first task goes in once the agent is ready, through the engine's
// Deliver: one paste, a separate CR after a pause, then a check that the
// agent took it (its composer emptied, it turned working, or it queued the
// task). A task that was sent but never taken says "not confirmed".
const (
	readinessTimeout = 30 * time.Second
	deliveryTimeout  = 15 * time.Second // the engine's wait for a sign, plus the paste
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

// maybeSendFirstTask delivers the tab's first task once the agent is ready.
func (m *Model) maybeSendFirstTask(t *tab) tea.Cmd {
	if t.firstTask == "" || t.taskSent || t.view == nil || !agentReady(t.view.Terminal().Modes()) {
		return nil
	}
	t.taskSent = true
	eng, wsID, tabID := m.deps.Engine, m.tabs.workspaceOf(t), t.id
	req := workspace.DeliverRequest{Session: t.session, Assistant: t.assistant, Text: taskText(t.firstTask)}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), deliveryTimeout)
		defer cancel()
		d, err := eng.Deliver(ctx, req)
		return firstTaskDeliveredMsg{wsID, tabID, d, err}
	}
}

// taskText is the first task as one line: the agent gets it as one paste,
// and a newline inside would read as a submit to some agents.
func taskText(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// onFirstTaskDelivered says how the delivery went: never a silent success.
func (m *Model) onFirstTaskDelivered(msg firstTaskDeliveredMsg) tea.Cmd {
	label := "the agent"
	if t := m.tabs.find(msg.wsID, msg.tabID); t != nil {
		label = t.label()
		switch {
		case msg.err != nil:
			t.delivery = "not sent: " + safetext.Line(msg.err.Error())
		case !msg.d.Confirmed:
			t.delivery = "not confirmed"
		}
	}
	switch {
	case msg.err != nil:
		return m.say(levelError, label+": the first task could not be sent: "+msg.err.Error())
	case !msg.d.Confirmed:
		return m.say(levelWarn, label+": first task "+msg.d.Note)
	}
	return m.say(levelInfo, label+": first task delivered ("+msg.d.By+")")
}

// onFirstTaskTimeout applies a firstTaskTimeoutMsg.
func (m *Model) onFirstTaskTimeout(msg firstTaskTimeoutMsg) tea.Cmd {
	t := m.tabs.find(msg.wsID, msg.tabID)
	if t == nil || t.taskSent || t.firstTask == "" {
		return nil
	}
	t.taskSent = true
	return m.say(levelWarn, t.label()+" did not signal readiness within "+readinessTimeout.String()+
		"; the first task was not typed: "+ansi.Truncate(t.firstTask, 60, "…"))
}
