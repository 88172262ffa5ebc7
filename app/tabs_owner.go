package app

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// tabsOwner holds every workspace's tabs (open, close, order, restart,
// resume, attach, first-task delivery, run tabs) and answers their
// messages with commands and an outcome the root applies. It never sees
// the root: what it reads of it (the selected workspace, the terminal
// area, the theme, the last load) comes as a tabScene on each call, and
// what it asks of it (focus, a load, a notice) goes back in the outcome.
type tabsOwner struct {
	tabSet // workspace ID → its tabs; the lookups come with it
	ids    *tabIDs
	// pending is a tab ID to show once a load discovers it (a new run).
	pending string
	d       tabsDeps
	// hostDown is the line a tab of a host that is down shows in place
	// of its state (remote_tabs.go).
	hostDown map[*tab]string
}

// tabsDeps is what the tabs owner uses: the session service (the one
// way a session is made, relaunched or closed), tmux for the PTY clients,
// the monitor to wake and tell of output, the screen rules that say an
// agent's composer is up, and the keys of what it draws.
type tabsDeps struct {
	sessions workspace.SessionService
	tmux     *tmux.Client
	route    *router           // whose services a workspace's tabs use (nil: sessions and tmux above)
	mon      *monitor.Monitor  // nil without tmux (tests)
	rules    *screenrules.Live // nil: no composer rules
	liveTabs int               // the live PTY cap; zero is defaultLiveTabs
	km       keys.Map
	now      func() time.Time
}

// newTabsOwner is an owner with no tabs yet; IDs are minted under a fresh
// process prefix.
func newTabsOwner(d tabsDeps) *tabsOwner {
	return &tabsOwner{tabSet: tabSet{}, ids: newTabIDs(), d: d}
}

// tabScene is what a tab operation reads of the root, built for the call
// (Model.tabScene): the selected workspace, the terminal area, whether the
// tab area has focus, the live settings, the last load and the monitor's
// latest word. Nothing in it is written by the owner, and none of it is
// kept past the call.
type tabScene struct {
	ws      string
	w, h    int // the terminal area's size
	x, y    int // and its top-left cell on screen
	focused bool
	th      theme.Theme // the live theme: Settings previews change it
	cfg     *config.Config
	snap    *snapshot
	states  map[string]monitor.SessionState
}

// record finds a loaded record by workspace ID.
func (sc tabScene) record(id string) (workspace.Record, bool) {
	if sc.snap != nil {
		for _, r := range sc.snap.Records {
			if r.WorkspaceID() == id {
				return r, true
			}
		}
	}
	return workspace.Record{}, false
}

// knownState is the last known state of a session, for a tab that has
// just appeared (the monitor reports only changes).
func (sc tabScene) knownState(session string) agentstate.Result {
	return sc.states[session].Result
}

// The owner's requests of the root, routed through its update switch:
// the keys and focus are the root's, and so is the load.
type (
	// tabEnterRequest: a tab an explicit key just made gets the keys (and
	// the notice says how to leave it); the views follow.
	tabEnterRequest struct{ t *tab }
	// tabRevealRequest: select wsID, focus the tab area and enter t, a tab
	// a load just discovered that the person asked for (a run).
	tabRevealRequest struct {
		wsID string
		t    *tab
	}
	// tabLeaveRequest: t's program is gone from its view; if it had the
	// keys, they come back to amux.
	tabLeaveRequest struct{ t *tab }
	// tabSyncRequest: the shown tab changed; views follow focus again.
	tabSyncRequest struct{}
	// tabNewRequest: open a tab in the selected workspace.
	tabNewRequest struct{ kind, assistant, firstTask string }
)

// The tab dialogs' requests of the owner.
type (
	// tabCloseRequest: the person confirmed closing the tab.
	tabCloseRequest struct{ wsID, tabID string }
	// tabRenameRequest: the person gave the tab a new title.
	tabRenameRequest struct{ wsID, tabID, title string }
)

// tabNote is an outcome that only says text at level.
func tabNote(level modal.Level, text string) modal.Outcome {
	return modal.Outcome{Say: text, SayLevel: level}
}

// Update answers one of the owner's messages: its commands' results, its
// dialogs' requests, an editor asked for, and its terminals' frames (the
// root sends a view's message here when a tab holds the view).
func (o *tabsOwner) Update(msg tea.Msg, sc tabScene) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case tabCreatedMsg:
		return o.created(msg, sc)
	case tabAttachedMsg:
		return o.attached(msg, sc)
	case tabClosedMsg:
		if msg.err != nil {
			return nil, tabNote(modal.LevelError, "close tab: "+msg.err.Error())
		}
		return o.drop(msg.wsID, msg.tabID, sc), modal.Outcome{}
	case tabGoneMsg:
		return o.drop(msg.wsID, msg.tabID, sc), modal.Outcome{}
	case tabRestartedMsg:
		if msg.err != nil {
			return nil, tabNote(modal.LevelError, "restart: "+msg.err.Error())
		}
		return nil, tabNote(modal.LevelInfo, "restarted")
	case interruptStepMsg:
		return o.interruptStep(msg), modal.Outcome{}
	case firstTaskDeliveredMsg:
		return nil, o.firstTaskDelivered(msg)
	case firstTaskTimeoutMsg:
		return nil, o.firstTaskTimeout(msg)
	case tabsResumedMsg:
		return o.resumed(msg)
	case runStartedMsg:
		return o.runStarted(msg)
	case tabCloseRequest:
		return o.closeTab(msg), modal.Outcome{}
	case tabRenameRequest:
		return o.rename(msg, sc), modal.Outcome{}
	case editorReq:
		return o.openEditor(msg, sc)
	case termview.Msg:
		if t := o.byTerminal(msg.Terminal()); t != nil {
			return o.terminal(t, msg, o.active(sc.ws))
		}
	}
	return nil, modal.Outcome{}
}

// showSaved shows each workspace's tab as the saved layout had it (tabs:
// a tab ID by workspace ID).
func (o *tabsOwner) showSaved(tabs map[string]string) {
	for wsID, tabID := range tabs {
		if wt := o.of(wsID); wt != nil {
			if i := wt.indexOf(tabID); i >= 0 {
				wt.active = i
			}
		}
	}
}
