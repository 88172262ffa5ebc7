package app

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/termview"
)

// defaultLiveTabs is how many tabs hold a live PTY at once.
const defaultLiveTabs = 8

// newTab asks for a new tab in the selected workspace.
func (o *tabsOwner) newTab(sc tabScene, kind, assistant, firstTask string) (tea.Cmd, modal.Outcome) {
	rec, ok := sc.record(sc.ws)
	if !ok {
		return nil, tabNote(modal.LevelWarn, "select a workspace first")
	}
	if rec.Shelved {
		return nil, tabNote(modal.LevelWarn, rec.Name+" is shelved: restore it before opening tabs")
	}
	a, ok := sc.cfg.Assistants[assistant]
	if !ok {
		return nil, tabNote(modal.LevelError, "no assistant named "+assistant+" in config")
	}
	req := tabRequest{
		wsID: sc.ws, tabID: o.ids.mint(), kind: kind, assistant: assistant, command: a.Command,
		firstTask: firstTask, width: sc.w, height: sc.h,
	}
	return o.createTab(req), tabNote(modal.LevelInfo, "starting "+assistant+"…")
}

// created puts a started tab in its workspace, shown there; in the
// selected workspace it takes the keys (the root's, by request).
func (o *tabsOwner) created(msg tabCreatedMsg, sc tabScene) (tea.Cmd, modal.Outcome) {
	if msg.err != nil {
		if msg.term != nil {
			msg.term.Close()
		}
		return nil, tabNote(modal.LevelError, "new tab: "+msg.err.Error())
	}
	r := msg.req
	if o.d.mon != nil {
		o.d.mon.Wake()
	}
	t := &tab{exitCode: -1, id: r.tabID, session: msg.session, kind: r.kind, assistant: r.assistant, created: msg.created,
		firstTask: r.firstTask, taskSince: o.d.now(), state: sc.knownState(msg.session)}
	if t.state.State == "" {
		// Opened here, it starts idle: its first state the monitor sees is
		// news (a blocked one rings), unlike a session found at a restart.
		t.state = agentstate.Result{State: agentstate.Idle, Detail: "starting"}
	}
	wt := o.ensure(r.wsID)
	if i := wt.indexOf(t.id); i >= 0 {
		// A remote host pushed the new session before its creation came
		// back, and a load took it for a tab found: that tab is this one.
		// One tab per id — an attach's result finds its tab by id.
		detach(wt.tabs[i])
		wt.tabs[i] = t
		wt.active = i
	} else {
		wt.tabs = append(wt.tabs, t)
		wt.active = len(wt.tabs) - 1
	}
	// The agent may have said it reads (its modes) before the view was the
	// tab's: a frame that came then is not coming again, so look now too.
	cmds := []tea.Cmd{o.bindView(t, msg.term, sc), o.persist(r.wsID, sc), o.maybeSendFirstTask(t)}
	if r.firstTask != "" {
		wsID, tabID := r.wsID, t.id
		cmds = append(cmds, tea.Tick(readinessTimeout, func(time.Time) tea.Msg { return firstTaskTimeoutMsg{wsID, tabID} }))
	}
	if r.wsID == sc.ws {
		return tea.Batch(cmds...), modal.Outcome{}.Then(tabEnterRequest{t})
	}
	return tea.Batch(cmds...), tabNote(modal.LevelInfo, "started "+t.label()).Then(tabSyncRequest{})
}

// attached gives a tab the PTY client its attach made, unless a newer
// attach or the tab's end overtook it.
func (o *tabsOwner) attached(msg tabAttachedMsg, sc tabScene) (tea.Cmd, modal.Outcome) {
	t := o.find(msg.wsID, msg.tabID)
	if t == nil || msg.gen != t.attachGen {
		// Superseded or the tab is gone: never let a stale client in.
		if msg.term != nil {
			msg.term.Close()
		}
		return nil, modal.Outcome{}
	}
	t.attaching = false
	if msg.err != nil {
		t.err = paint.ErrText(msg.err)
		if errors.Is(msg.err, errSessionGone) {
			return o.drop(msg.wsID, t.id, sc), modal.Outcome{}
		}
		return nil, modal.Outcome{}
	}
	t.err = ""
	return o.bindView(t, msg.term, sc), modal.Outcome{}
}

// terminal gives tab t its view's own message (frames, close); shown is
// the tab on screen.
func (o *tabsOwner) terminal(t *tab, msg termview.Msg, shown *tab) (tea.Cmd, modal.Outcome) {
	v, cmd := t.view.Update(msg)
	t.view = &v
	if _, frame := msg.(termview.FrameMsg); frame {
		if o.d.mon != nil {
			o.d.mon.NoteOutput(t.session, o.d.now())
		}
		if t != shown {
			// Nobody sees this tab: stop waking the UI for its frames.
			// The terminal keeps its newest frame; showing the tab
			// picks it up (syncViews re-arms the wait).
			t.parked = true
			cmd = nil
		}
	}
	if _, closed := msg.(termview.ClosedMsg); closed {
		return tea.Batch(cmd, o.terminalClosed(t)), modal.Outcome{}.Then(tabLeaveRequest{t})
	}
	return tea.Batch(cmd, o.maybeSendFirstTask(t)), modal.Outcome{}
}

// bindView puts a freshly attached terminal into a tab and keeps the number
// of live PTYs under the cap by letting the least recently used go.
func (o *tabsOwner) bindView(t *tab, term *termview.Terminal, sc tabScene) tea.Cmd {
	v := termview.New(term)
	v.SetKeys(o.d.km) // its history pager's keys, remapping and all
	v.SetOrigin(sc.x, sc.y)
	shown := o.active(sc.ws)
	if t != shown || !sc.focused {
		v.Blur()
	}
	v.SetVisible(t == shown)
	t.view, t.lastUsed = &v, o.d.now()
	return tea.Batch(v.Init(), t.view.SetSize(sc.w, sc.h), o.enforceLiveCap())
}

// active is the shown tab of workspace wsID.
func (o *tabsOwner) active(wsID string) *tab { return o.of(wsID).current() }

// liveIn is wsID's shown tab and whether it is a live terminal that
// should receive keys. A pane whose program exited (kept by
// remain-on-exit) takes none: they go to the tab commands instead (ctrl+r
// restart, x close).
func (o *tabsOwner) liveIn(wsID string) (*tab, bool) {
	t := o.active(wsID)
	return t, t != nil && t.view != nil && !t.view.Closed() && t.state.State != agentstate.Stopped
}

// enforceLiveCap detaches the least recently used live tabs beyond the cap.
// A detached tab keeps its last frame and reattaches when shown again.
func (o *tabsOwner) enforceLiveCap() tea.Cmd {
	limit := o.d.liveTabs
	if limit <= 0 {
		limit = defaultLiveTabs
	}
	for {
		live := o.live()
		if len(live) <= limit {
			return nil
		}
		oldest := live[0]
		for _, t := range live[1:] {
			if t.lastUsed.Before(oldest.lastUsed) {
				oldest = t
			}
		}
		detach(oldest)
	}
}

// detach closes a tab's PTY client (the session lives on), keeping the
// last frame to show.
func detach(t *tab) {
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
func (o *tabsOwner) ensureAttached(sc tabScene) tea.Cmd {
	t := o.active(sc.ws)
	if t == nil || t.view != nil || t.attaching {
		if t != nil {
			t.lastUsed = o.d.now()
		}
		return nil
	}
	return o.attach(sc.ws, t, sc.w, sc.h)
}

// terminalClosed handles a PTY client ending: if the session is gone the
// tab goes too; otherwise (our client was detached by someone) it
// reattaches when shown.
func (o *tabsOwner) terminalClosed(t *tab) tea.Cmd {
	wsID := o.workspaceOf(t)
	sess, session, tabID := o.tabSessions(wsID), t.session, t.id
	t.lastFrame = t.view.View()
	t.view = nil
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		ok, err := sess.SessionAlive(ctx, session)
		if err == nil && !ok {
			return tabGoneMsg{wsID: wsID, tabID: tabID}
		}
		return nil
	}
}

type tabGoneMsg struct{ wsID, tabID string }

// drop removes a tab whose session no longer exists.
func (o *tabsOwner) drop(wsID, tabID string, sc tabScene) tea.Cmd {
	wt := o.of(wsID)
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
	if i < wt.active {
		wt.active-- // the shown tab stays shown when one before it goes
	}
	if wt.active >= len(wt.tabs) {
		wt.active = len(wt.tabs) - 1
	}
	return tea.Batch(o.persist(wsID, sc), o.ensureAttached(sc))
}

// resize gives every live view the terminal area of sc.
func (o *tabsOwner) resize(sc tabScene) []tea.Cmd {
	var cmds []tea.Cmd
	for _, wt := range o.tabSet {
		for _, t := range wt.tabs {
			if t.view != nil {
				t.view.SetOrigin(sc.x, sc.y)
				cmds = append(cmds, t.view.SetSize(sc.w, sc.h))
			}
		}
	}
	return cmds
}

// step shows the next (step 1) or previous (step -1) tab, wrapping.
func (o *tabsOwner) step(sc tabScene, step int) (tea.Cmd, modal.Outcome) {
	wt := o.of(sc.ws)
	if wt == nil || len(wt.tabs) == 0 {
		return nil, modal.Outcome{}
	}
	n := len(wt.tabs)
	return o.show(sc, ((wt.active+step)%n+n)%n)
}

// show makes tab i of the selected workspace the shown one.
func (o *tabsOwner) show(sc tabScene, i int) (tea.Cmd, modal.Outcome) {
	wt := o.of(sc.ws)
	if wt == nil || i < 0 || i >= len(wt.tabs) {
		return nil, modal.Outcome{}
	}
	wt.active = i
	return nil, modal.Outcome{}.Then(tabSyncRequest{})
}
