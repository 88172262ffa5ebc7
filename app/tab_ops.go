package app

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/termview"
)

// defaultLiveTabs is how many tabs hold a live PTY at once.
const defaultLiveTabs = 8

// selectedWorkspaceID is the workspace the center area shows.
func (m *Model) selectedWorkspaceID() string {
	w, ok := m.dash.SelectedWorkspace()
	if !ok {
		return ""
	}
	return w.ID
}

// activeTab is the shown tab of the selected workspace.
func (m *Model) activeTab() *tab {
	return m.tabs[m.selectedWorkspaceID()].current()
}

// liveTerminal reports whether the center shows a live terminal that should
// receive keys.
func (m *Model) liveTerminal() (*tab, bool) {
	t := m.activeTab()
	// A pane whose program exited (kept by remain-on-exit) takes no keys:
	// they go to the tab commands instead (ctrl+r restart, x close).
	return t, t != nil && t.view != nil && !t.view.Closed() && t.state.State != agentstate.Stopped
}

// newTab asks for a new tab in the selected workspace.
func (m *Model) newTab(kind, assistant, firstTask string) tea.Cmd {
	id := m.selectedWorkspaceID()
	rec, ok := m.record(id)
	if !ok {
		return m.say(levelWarn, "select a workspace first")
	}
	if rec.Shelved {
		return m.say(levelWarn, rec.Name+" is shelved: restore it before opening tabs")
	}
	a, ok := m.deps.Config.Assistants[assistant]
	if !ok {
		return m.say(levelError, "no assistant named "+assistant+" in config")
	}
	w, h := m.termSize()
	req := tabRequest{
		wsID: id, tabID: m.ids.mint(), kind: kind, assistant: assistant, command: a.Command,
		firstTask: firstTask, width: w, height: h,
	}
	return tea.Batch(m.createTab(req), m.say(levelInfo, "starting "+assistant+"…"))
}

// onTabCreated applies a tabCreatedMsg.
func (m *Model) onTabCreated(msg tabCreatedMsg) tea.Cmd {
	if msg.err != nil {
		if msg.term != nil {
			msg.term.Close()
		}
		return m.say(levelError, "new tab: "+msg.err.Error())
	}
	r := msg.req
	if m.mon != nil {
		m.mon.Wake()
	}
	t := &tab{exitCode: -1, id: r.tabID, session: msg.session, kind: r.kind, assistant: r.assistant, created: msg.created,
		firstTask: r.firstTask, taskSince: m.now(), state: m.knownState(msg.session)}
	wt := m.tabs.ensure(r.wsID)
	wt.tabs = append(wt.tabs, t)
	wt.active = len(wt.tabs) - 1
	cmd := m.bindView(t, msg.term)
	said := "started " + t.label()
	if r.wsID == m.selectedWorkspaceID() {
		said = m.enterNew(t)
	}
	// The agent may have said it reads (its modes) before the view was the
	// tab's: a frame that came then is not coming again, so look now too.
	cmds := []tea.Cmd{cmd, m.persistTabs(r.wsID), m.say(levelInfo, said), m.syncViews(), m.maybeSendFirstTask(t)}
	if r.firstTask != "" {
		wsID, tabID := r.wsID, t.id
		cmds = append(cmds, tea.Tick(readinessTimeout, func(time.Time) tea.Msg { return firstTaskTimeoutMsg{wsID, tabID} }))
	}
	return tea.Batch(cmds...)
}

// onTabAttached applies a tabAttachedMsg.
func (m *Model) onTabAttached(msg tabAttachedMsg) tea.Cmd {
	t := m.tabs.find(msg.wsID, msg.tabID)
	if t == nil || msg.gen != t.attachGen {
		// Superseded or the tab is gone: never let a stale client in.
		if msg.term != nil {
			msg.term.Close()
		}
		return nil
	}
	t.attaching = false
	if msg.err != nil {
		t.err = errText(msg.err)
		if errors.Is(msg.err, errSessionGone) {
			return m.dropTab(msg.wsID, t.id)
		}
		return nil
	}
	t.err = ""
	return m.bindView(t, msg.term)
}

// onTerminal applies a terminal view's own message (frames, close).
func (m *Model) onTerminal(msg termview.Msg) tea.Cmd {
	t := m.tabs.byTerminal(msg.Terminal())
	if t == nil {
		if ws, st := m.sideTermOf(msg.Terminal()); st != nil {
			return m.onSideTermMsg(ws, st, msg)
		}
		return nil
	}
	v, cmd := t.view.Update(msg)
	t.view = &v
	if _, frame := msg.(termview.FrameMsg); frame {
		if m.mon != nil {
			m.mon.NoteOutput(t.session, m.now())
		}
		if t != m.activeTab() {
			// Nobody sees this tab: stop waking the UI for its frames.
			// The terminal keeps its newest frame; showing the tab
			// picks it up (syncViews re-arms the wait).
			t.parked = true
			cmd = nil
		}
	}
	if _, closed := msg.(termview.ClosedMsg); closed {
		return tea.Batch(cmd, m.onTerminalClosed(t))
	}
	return tea.Batch(cmd, m.maybeSendFirstTask(t))
}

// bindView puts a freshly attached terminal into a tab and keeps the number
// of live PTYs under the cap by letting the least recently used go.
func (m *Model) bindView(t *tab, term *termview.Terminal) tea.Cmd {
	v := termview.New(term)
	v.SetKeys(m.km) // its history pager's keys, remapping and all
	w, h := m.termSize()
	x, y := m.termOrigin()
	v.SetOrigin(x, y)
	if t != m.activeTab() || m.focus != focusCenter {
		v.Blur()
	}
	v.SetVisible(t == m.activeTab())
	t.view, t.lastUsed = &v, m.now()
	return tea.Batch(v.Init(), t.view.SetSize(w, h), m.enforceLiveCap())
}

// enforceLiveCap detaches the least recently used live tabs beyond the cap.
// A detached tab keeps its last frame and reattaches when shown again.
func (m *Model) enforceLiveCap() tea.Cmd {
	limit := m.deps.LiveTabs
	if limit <= 0 {
		limit = defaultLiveTabs
	}
	for {
		live := m.tabs.live()
		if len(live) <= limit {
			return nil
		}
		oldest := live[0]
		for _, t := range live[1:] {
			if t.lastUsed.Before(oldest.lastUsed) {
				oldest = t
			}
		}
		m.detach(oldest)
	}
}

// detach closes a tab's PTY client (the session lives on), keeping the
// last frame to show.
func (m *Model) detach(t *tab) {
	if t.view == nil {
		return
	}
	t.lastFrame = t.view.View()
	t.view.Terminal().Close()
	t.view = nil
	t.attachGen++ // any attach in flight is now stale
	t.attaching = false
}

// ensureAttached attaches the shown tab when it has no live PTY.
func (m *Model) ensureAttached() tea.Cmd {
	t := m.activeTab()
	if t == nil || t.view != nil || t.attaching {
		if t != nil {
			t.lastUsed = m.now()
		}
		return nil
	}
	w, h := m.termSize()
	return m.attach(m.selectedWorkspaceID(), t, w, h)
}

// onTerminalClosed handles a PTY client ending: if the session is gone the
// tab goes too; otherwise (our client was detached by someone) it reattaches
// when shown.
func (m *Model) onTerminalClosed(t *tab) tea.Cmd {
	wsID := m.tabs.workspaceOf(t)
	sess, session := m.deps.Sessions, t.session
	t.lastFrame = t.view.View()
	t.view = nil
	if m.entered == t {
		m.entered = nil // a reattach must not hand the program keys
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		ok, err := sess.SessionAlive(ctx, session)
		if err == nil && !ok {
			return tabGoneMsg{wsID: wsID, tabID: t.id}
		}
		return nil
	}
}

type tabGoneMsg struct{ wsID, tabID string }

// dropTab removes a tab whose session no longer exists.
func (m *Model) dropTab(wsID, tabID string) tea.Cmd {
	wt := m.tabs[wsID]
	if wt == nil {
		return nil
	}
	i := wt.indexOf(tabID)
	if i < 0 {
		return nil
	}
	if t := wt.tabs[i]; t.view != nil {
		t.view.Terminal().Close()
	}
	wt.tabs = append(wt.tabs[:i], wt.tabs[i+1:]...)
	if wt.active >= len(wt.tabs) {
		wt.active = len(wt.tabs) - 1
	}
	return tea.Batch(m.persistTabs(wsID), m.ensureAttached())
}

// resizeViews gives every live view the current terminal area.
func (m *Model) resizeViews() tea.Cmd {
	if m.width < minWidth || m.height < minHeight {
		// The "too small" screen shows no tab: do not squeeze the agents'
		// windows (tmux would reflow them) for a size nobody sees.
		return nil
	}
	w, h := m.termSize()
	x, y := m.termOrigin()
	cmds := []tea.Cmd{m.sizeSidebar()}
	for _, wt := range m.tabs {
		for _, t := range wt.tabs {
			if t.view != nil {
				t.view.SetOrigin(x, y)
				cmds = append(cmds, t.view.SetSize(w, h))
			}
		}
	}
	return tea.Batch(cmds...)
}
