package app

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// closeTabOverlay confirms closing a tab, which kills its session.
type closeTabOverlay struct {
	wsID, tabID string
	c           dialog.Confirm
}

func (m *Model) openCloseTab() {
	t := m.activeTab()
	if t == nil {
		return
	}
	m.overlay = &closeTabOverlay{wsID: m.selectedWorkspaceID(), tabID: t.id, c: dialog.NewConfirm(m.th, m.km,
		"Close "+t.label()+"?", []string{"Kills its tmux session " + t.session + " and everything running in it."}, "close")}
}

func (o *closeTabOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	c, out := o.c.Update(msg)
	o.c = c
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		m.closeOverlay()
		t := m.tabs.find(o.wsID, o.tabID)
		if t == nil {
			return nil
		}
		sess, session, wsID, tabID := m.deps.Sessions, t.session, o.wsID, o.tabID
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
			defer cancel()
			err := sess.CloseSession(ctx, session)
			return tabClosedMsg{wsID: wsID, tabID: tabID, err: err}
		}
	}
	return nil
}

func (o *closeTabOverlay) view(m *Model, w, h int) string { return o.c.View(min(w, 64)) }

type tabClosedMsg struct {
	wsID, tabID string
	err         error
}

// renameTabOverlay edits a tab's title.
type renameTabOverlay struct {
	wsID, tabID string
	f           dialog.Form
}

func (m *Model) openRenameTab() {
	t := m.activeTab()
	if t == nil {
		return
	}
	f := dialog.NewForm(m.th, m.km, "Rename tab", dialog.FieldSpec{Label: "Title", Placeholder: t.label(), Hint: "empty: back to the assistant's name"}).WithSubmitLabel("rename")
	f.SetValue(0, t.title)
	m.overlay = &renameTabOverlay{wsID: m.selectedWorkspaceID(), tabID: t.id, f: f}
}

func (o *renameTabOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	f, cmd, out := o.f.Update(msg)
	o.f = f
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		m.closeOverlay()
		if t := m.tabs.find(o.wsID, o.tabID); t != nil {
			t.title = safetext.Line(o.f.Values()[0])
			return m.persistTabs(o.wsID)
		}
	}
	return cmd
}

func (o *renameTabOverlay) view(m *Model, w, h int) string { return o.f.View(min(w, 64)) }

type tabRestartedMsg struct {
	wsID, tabID string
	err         error
}

// restartTab relaunches the tab's program in its existing session
// (respawn-pane -k): name, tags and viewers stay; the launch settings are
// read now, so a config change since the start applies.
func (m *Model) restartTab() tea.Cmd {
	t := m.activeTab()
	wsID := m.selectedWorkspaceID()
	if _, ok := m.record(wsID); t == nil || !ok {
		return nil
	}
	assistant := t.assistant
	if t.kind == tmux.TypeTerminal || assistant == "" {
		assistant = "shell"
	}
	a, ok := m.deps.Config.Assistants[assistant]
	if !ok {
		return m.say(levelError, "no assistant named "+assistant+" in config")
	}
	sess := m.deps.Sessions
	session, tabID := t.session, t.id
	req := workspace.SessionRequest{Workspace: wsID, Kind: t.kind, Tab: t.id, Assistant: assistant, Command: a.Command,
		Program: agentProgram(t.kind, a.Command)}
	t.taskSent = true // never retype a first task into a restarted program
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		return tabRestartedMsg{wsID, tabID, sess.RelaunchSession(ctx, session, req)}
	}
}

type interruptStepMsg struct {
	wsID, tabID string
	left        int
	delay       time.Duration
}

// interruptTab sends Ctrl-C interrupt_count times, interrupt_delay_ms
// apart, through the tab's PTY (or send-keys when it has none).
func (m *Model) interruptTab() tea.Cmd {
	t := m.activeTab()
	if t == nil {
		return nil
	}
	a := m.deps.Config.Assistants[t.assistant]
	count, delay := a.InterruptCount, time.Duration(a.InterruptDelayMs)*time.Millisecond
	if _, ok := m.deps.Config.Assistants[t.assistant]; !ok {
		count = 1
	}
	if count <= 0 {
		return m.say(levelInfo, t.label()+": interrupt_count is 0, nothing sent")
	}
	return m.interruptStep(interruptStepMsg{wsID: m.selectedWorkspaceID(), tabID: t.id, left: count, delay: delay})
}

func (m *Model) interruptStep(s interruptStepMsg) tea.Cmd {
	t := m.tabs.find(s.wsID, s.tabID)
	if t == nil || s.left <= 0 {
		return nil
	}
	var send tea.Cmd
	if t.view != nil {
		_, _ = t.view.Terminal().Write([]byte{0x03})
	} else {
		sess, session := m.deps.Sessions, t.session
		send = func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
			defer cancel()
			_ = sess.SendInterrupt(ctx, session)
			return nil
		}
	}
	s.left--
	if s.left == 0 {
		return send
	}
	return tea.Batch(send, tea.Tick(s.delay, func(time.Time) tea.Msg { return s }))
}

// onTabClosed applies a tabClosedMsg.
func (m *Model) onTabClosed(msg tabClosedMsg) tea.Cmd {
	if msg.err != nil {
		return m.say(levelError, "close tab: "+msg.err.Error())
	}
	return m.dropTab(msg.wsID, msg.tabID)
}

// onTabRestarted applies a tabRestartedMsg.
func (m *Model) onTabRestarted(msg tabRestartedMsg) tea.Cmd {
	if msg.err != nil {
		return m.say(levelError, "restart: "+msg.err.Error())
	}
	return m.say(levelInfo, "restarted")
}

// onInterruptStep applies a interruptStepMsg.
func (m *Model) onInterruptStep(msg interruptStepMsg) tea.Cmd {
	return m.interruptStep(msg)
}

// onTabGone applies a tabGoneMsg.
func (m *Model) onTabGone(msg tabGoneMsg) tea.Cmd {
	return m.dropTab(msg.wsID, msg.tabID)
}

// onHooksDone applies a hooksDoneMsg.
func (m *Model) onHooksDone(msg hooksDoneMsg) tea.Cmd {
	if msg.err != nil {
		return m.say(levelError, msg.who+": "+msg.err.Error())
	}
	return m.say(levelInfo, msg.text)
}
