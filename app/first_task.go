package app

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/termview"
)

// Pacing of the first task: text, a pause, then a literal CR — a CR fused to
// the text can be lost by an agent not yet reading (contract, "Sending input").
const (
	submitPause      = 150 * time.Millisecond
	readinessTimeout = 30 * time.Second
)

type firstTaskSubmitMsg struct{ wsID, tabID string }

type firstTaskTimeoutMsg struct{ wsID, tabID string }

// agentReady reports whether the program in the pane has set a private mode
// of its own — bracketed paste or mouse reporting, which tmux mirrors onto
// our client only when the pane asks — the signal a TUI agent is reading.
func agentReady(modes termview.Modes) bool {
	return modes.Has(termview.ModeBracketedPaste) || modes.MouseReporting()
}

// maybeSendFirstTask types the tab's first task once the agent is ready.
func (m *Model) maybeSendFirstTask(t *tab) tea.Cmd {
	if t.firstTask == "" || t.taskSent || t.view == nil || !agentReady(t.view.Terminal().Modes()) {
		return nil
	}
	t.taskSent = true
	_, _ = t.view.Terminal().Write([]byte(typedText(t.firstTask)))
	wsID, tabID := m.tabs.workspaceOf(t), t.id
	return tea.Tick(submitPause, func(time.Time) tea.Msg { return firstTaskSubmitMsg{wsID, tabID} })
}

// typedText is the first task as keystrokes: one line, no escapes or
// control bytes (a newline would submit early).
func typedText(s string) string {
	return safetext.Line(strings.Join(strings.Fields(s), " "))
}

// onFirstTaskSubmit applies a firstTaskSubmitMsg.
func (m *Model) onFirstTaskSubmit(msg firstTaskSubmitMsg) tea.Cmd {
	if t := m.tabs.find(msg.wsID, msg.tabID); t != nil && t.view != nil {
		_, _ = t.view.Terminal().Write([]byte{'\r'})
	}
	return nil
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
