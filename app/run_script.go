package app

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

type runStartedMsg struct {
	wsID, session string
	err           error
}

// startRun hosts the selected workspace's run script in a new run
// session; the next load shows it as a tab.
func (o *tabsOwner) startRun(sc tabScene) (tea.Cmd, modal.Outcome) {
	id, sess := sc.ws, o.tabSessions(sc.ws)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		rs, err := sess.StartRun(ctx, id)
		return runStartedMsg{id, rs.Name, err}
	}, tabNote(modal.LevelInfo, "starting the run script…")
}

// onRunStarted asks for the run script's approval when it waits for one
// (the approval dialog is the root's); the rest is the tabs owner's. The
// question is asked where the run would start, when it can be asked now:
// the workspace is loaded and no other dialog is open (one the person
// opened meanwhile is not taken away; the notice says how to approve
// later).
func (m *Model) onRunStarted(msg runStartedMsg) tea.Cmd {
	if ue, ok := lifecycle.UntrustedKind(msg.err, workspace.KindRun); ok && m.overlay == nil {
		if rec, ok := m.list.record(msg.wsID); ok {
			m.overlay = runApproval(m.th, m.km, m.remote.route.of(msg.wsID).Trust, rec, ue, runNote(m.keyName))
			return nil
		}
	}
	if errors.Is(msg.err, workspace.ErrUntrusted) {
		return m.say(modal.LevelError, runNote(m.keyName))
	}
	return m.applyOwned(m.tabs.Update(msg, m.tabScene()))
}

// runStarted asks for a load so the run session becomes a tab, which is
// then shown (showPending).
func (o *tabsOwner) runStarted(msg runStartedMsg) (tea.Cmd, modal.Outcome) {
	if msg.err != nil {
		return nil, tabNote(modal.LevelError, "run script: "+msg.err.Error())
	}
	o.pending = "run:" + msg.session
	return nil, tabNote(modal.LevelInfo, "run script started in "+msg.session).Then(scene.Reload{List: true})
}

// showPending makes a tab that a load just discovered the shown one: the
// root selects its workspace and gives it the keys.
func (o *tabsOwner) showPending(sc tabScene) (tea.Cmd, modal.Outcome) {
	if o.pending == "" {
		return nil, modal.Outcome{}
	}
	for wsID, wt := range o.tabSet {
		if i := wt.indexOf(o.pending); i >= 0 {
			o.pending = ""
			wt.active = i
			// Saved in its place, so a restart keeps the order.
			return o.persist(wsID, sc), modal.Outcome{}.Then(tabRevealRequest{wsID, wt.current()})
		}
	}
	return nil, modal.Outcome{}
}

// runApproval asks for the approval of the run script F5 would start;
// approved, the run starts in its tab at once; declined, note says how to
// approve it later.
func runApproval(th theme.Theme, km keys.Map, trust workspace.TrustService, rec workspace.Record, ue *workspace.UntrustedError, note string) modal.Modal {
	id := rec.WorkspaceID()
	approved := func(sc workspace.Script) (tea.Cmd, modal.Outcome) {
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
			defer cancel()
			rs, err := trust.ApproveRun(ctx, id, sc)
			return runStartedMsg{id, rs.Name, err}
		}, modal.Outcome{Say: "starting the approved run script…"}
	}
	return lifecycle.Approval(th, km, "Its run script", rec, ue, approved, modal.Outcome{Say: note})
}

// runNote says the run script waits for approval and how to give it later.
func runNote(keyName func(keys.ActionID) string) string {
	return "the run script comes from the repository and waits for your approval: press " +
		keyName(actRunScript) + " again, or " + keyName(actStatus) + ", then " + keyName(actApproveScripts)
}
