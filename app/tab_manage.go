package app

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// closeTabOverlay confirms closing a tab, which kills its session. It
// only asks: the close itself is the owner's (tabCloseRequest), which
// finds the tab again, since it may have gone while the question was up.
type closeTabOverlay struct {
	wsID, tabID string
	c           dialog.Confirm
}

// openClose opens the confirmation for closing the shown tab.
func (o *tabsOwner) openClose(sc tabScene) (tea.Cmd, modal.Outcome) {
	t := o.active(sc.ws)
	if t == nil {
		return nil, modal.Outcome{}
	}
	return nil, modal.Outcome{Open: &closeTabOverlay{wsID: sc.ws, tabID: t.id, c: dialog.NewConfirm(sc.th, o.d.km,
		"Close "+t.label()+"?", []string{"Kills its tmux session " + t.session + " and everything running in it."}, "close")}}
}

func (d *closeTabOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	c, out := d.c.Update(msg)
	d.c = c
	switch out {
	case dialog.Cancelled:
		return nil, modal.Closed()
	case dialog.Submitted:
		return nil, modal.Closed().Then(tabCloseRequest{d.wsID, d.tabID})
	}
	return nil, modal.Outcome{}
}

func (d *closeTabOverlay) View(w, h int) string { return d.c.View(min(w, 64)) }

type tabClosedMsg struct {
	wsID, tabID string
	err         error
}

// closeTab kills a tab's session; the result drops the tab.
func (o *tabsOwner) closeTab(r tabCloseRequest) tea.Cmd {
	t := o.find(r.wsID, r.tabID)
	if t == nil {
		return nil
	}
	sess, session := o.tabSessions(r.wsID), t.session
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		err := sess.CloseSession(ctx, session)
		return tabClosedMsg{wsID: r.wsID, tabID: r.tabID, err: err}
	}
}

// renameTabOverlay edits a tab's title.
type renameTabOverlay struct {
	wsID, tabID string
	f           dialog.Form
}

// openRename opens the form that renames the shown tab.
func (o *tabsOwner) openRename(sc tabScene) (tea.Cmd, modal.Outcome) {
	t := o.active(sc.ws)
	if t == nil {
		return nil, modal.Outcome{}
	}
	f := dialog.NewForm(sc.th, o.d.km, "Rename tab", dialog.FieldSpec{Label: "Title", Placeholder: t.label(), Hint: "empty: back to the assistant's name"}).WithSubmitLabel("rename")
	f.SetValue(0, t.title)
	return nil, modal.Outcome{Open: &renameTabOverlay{wsID: sc.ws, tabID: t.id, f: f}}
}

func (d *renameTabOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	f, cmd, out := d.f.Update(msg)
	d.f = f
	switch out {
	case dialog.Cancelled:
		return cmd, modal.Closed()
	case dialog.Submitted:
		return cmd, modal.Closed().Then(tabRenameRequest{d.wsID, d.tabID, d.f.Values()[0]})
	}
	return cmd, modal.Outcome{}
}

func (d *renameTabOverlay) View(w, h int) string { return d.f.View(min(w, 64)) }

// rename sets a tab's title (its display copy: the person may paste
// anything) and records it.
func (o *tabsOwner) rename(r tabRenameRequest, sc tabScene) tea.Cmd {
	t := o.find(r.wsID, r.tabID)
	if t == nil {
		return nil
	}
	t.title = safetext.Line(r.title)
	return o.persist(r.wsID, sc)
}

type tabRestartedMsg struct {
	wsID, tabID string
	err         error
}

// restart relaunches the shown tab's program in its existing session
// (respawn-pane -k): name, tags and viewers stay; the launch settings are
// read now, so a config change since the start applies.
func (o *tabsOwner) restart(sc tabScene) (tea.Cmd, modal.Outcome) {
	t := o.active(sc.ws)
	if _, ok := sc.record(sc.ws); t == nil || !ok {
		return nil, modal.Outcome{}
	}
	assistant := t.assistant
	if t.kind == tmux.TypeTerminal || assistant == "" {
		assistant = "shell"
	}
	a, ok := sc.cfg.Assistants[assistant]
	if !ok {
		return nil, tabNote(modal.LevelError, "no assistant named "+assistant+" in config")
	}
	sess, wsID := o.tabSessions(sc.ws), sc.ws
	session, tabID := t.session, t.id
	req := workspace.SessionRequest{Workspace: wsID, Kind: t.kind, Tab: t.id, Assistant: assistant, Command: a.Command,
		Program: agentProgram(t.kind, a.Command)}
	t.taskSent = true // never retype a first task into a restarted program
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		return tabRestartedMsg{wsID, tabID, sess.RelaunchSession(ctx, session, req)}
	}, modal.Outcome{}
}

type interruptStepMsg struct {
	wsID, tabID string
	left        int
	delay       time.Duration
}

// interrupt sends Ctrl-C interrupt_count times, interrupt_delay_ms apart,
// through the shown tab's PTY (or send-keys when it has none).
func (o *tabsOwner) interrupt(sc tabScene) (tea.Cmd, modal.Outcome) {
	t := o.active(sc.ws)
	if t == nil {
		return nil, modal.Outcome{}
	}
	a, known := sc.cfg.Assistants[t.assistant]
	count, delay := a.InterruptCount, time.Duration(a.InterruptDelayMs)*time.Millisecond
	if !known {
		count = 1
	}
	if count <= 0 {
		return nil, tabNote(modal.LevelInfo, t.label()+": interrupt_count is 0, nothing sent")
	}
	return o.interruptStep(interruptStepMsg{wsID: sc.ws, tabID: t.id, left: count, delay: delay}), modal.Outcome{}
}

// interruptStep sends one Ctrl-C and schedules the next.
func (o *tabsOwner) interruptStep(s interruptStepMsg) tea.Cmd {
	t := o.find(s.wsID, s.tabID)
	if t == nil || s.left <= 0 {
		return nil
	}
	var send tea.Cmd
	if t.view != nil {
		_, _ = t.view.Terminal().Write([]byte{0x03})
	} else {
		sess, session := o.tabSessions(s.wsID), t.session
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
