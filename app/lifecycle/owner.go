// Package lifecycle is the lifecycle flows: creating a workspace (its
// setup approved in place), deleting and shelving one, restoring it,
// start-up recovery, adding a project and editing its registries. Its
// Owner answers the messages of Msg with commands and a modal.Outcome the
// root applies; its dialogs are modals built with what the owner was
// given. It reaches the engine through the lifecycle and trust services
// and never sees the root.
package lifecycle

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// Owner runs the lifecycle flows: create, delete and shelve,
// restore, start-up recovery, adding a project and editing its registries.
// It holds what those flows keep between messages (the operations running
// on workspaces' rows) and answers their messages with commands and an
// outcome the root applies: a dialog to open or close, a reload, a word in
// the notice bar. Its dialogs are modals built with deps; none of it
// sees the root model.
type Owner struct {
	d deps
	// busy says, by workspace ID, what is running on it ("Deleting…", a
	// restore's latest step): its row shows it and takes no other action.
	busy map[string]string
}

// Deps is what the owner is built with: the two engine services its
// flows call, the theme and keys they draw with, the registry for the key
// names in their words, the places a path picker starts from, and the
// root's actions those words name (the status dialog and its approval of
// a repository's scripts).
type Deps struct {
	Life           workspace.LifecycleService
	Trust          workspace.TrustService
	Theme          theme.Theme
	Keys           keys.Map
	Registry       *keys.Registry
	Home, Cwd      string
	Status         keys.ActionID
	ApproveScripts keys.ActionID
	// Route names the services that act on a workspace (wsID) or on a
	// host's projects (host, wsID ""): a remote host's for what lives
	// there, else this machine's. Nil: Life and Trust for everything.
	Route func(wsID, host string) (Services, bool)
}

// Services are the two engine services one flow calls: this machine's or
// a remote host's (Deps.Route).
type Services struct {
	Life  workspace.LifecycleService
	Trust workspace.TrustService
}

// deps is what the owner and its dialogs share: Deps, and the counter
// that numbers their operations.
type deps struct {
	life                   workspace.LifecycleService
	trust                  workspace.TrustService
	th                     theme.Theme
	km                     keys.Map
	reg                    *keys.Registry
	home, cwd              string
	status, approveScripts keys.ActionID
	ops                    *opCounter
	route                  func(wsID, host string) (Services, bool)
	host                   string // the host on() chose ("" this machine)
}

// of is d acting on workspace id: its host's services when it lives on
// one (a flow's dialogs and commands keep the ones they were built with).
func (d deps) of(id string) deps { return d.routed(id, "") }

// on is d acting on host's projects ("" this machine).
func (d deps) on(host string) deps {
	d = d.routed("", host)
	d.host = host
	return d
}

func (d deps) routed(id, host string) deps {
	if d.route == nil {
		return d
	}
	if s, ok := d.route(id, host); ok {
		d.life, d.trust = s.Life, s.Trust
	}
	return d
}

// opCounter numbers the lifecycle's operations, shared by the owner and
// every dialog it opens, so a result of one dialog can never be taken for
// another's (each compares the number it started with).
type opCounter struct{ n int }

// next is a number no earlier operation had.
func (c *opCounter) next() int {
	c.n++
	return c.n
}

// New builds the owner with nothing running.
func New(d Deps) *Owner {
	return &Owner{d: deps{life: d.Life, trust: d.Trust, th: d.Theme, km: d.Keys, reg: d.Registry, home: d.Home, cwd: d.Cwd,
		status: d.Status, approveScripts: d.ApproveScripts, ops: &opCounter{}, route: d.Route}, busy: map[string]string{}}
}

// On is the owner acting on host's projects ("" this machine): a create
// or a project's registries there. It shares this owner's operations and
// rows; the flows it starts answer through this owner's Update.
func (l *Owner) On(host string) *Owner { return &Owner{d: l.d.on(host), busy: l.busy} }

// keyName is the first key of action id as bound, for words that tell a
// person what to press; fallback when it has no key.
func (d deps) keyName(id keys.ActionID, fallback string) string {
	if a, ok := d.reg.Get(id); ok && len(a.Keys) > 0 {
		return keys.KeyLabel(a.Keys[:1])
	}
	return fallback
}

// Rows asks the root to rebuild the project list's rows: what runs on a
// workspace (the owner's Busy) changed.
type Rows struct{}

// Msg is a message the owner answers: its flows' results and requests.
// The root routes every Msg to Update; only this package's types are one.
type Msg interface{ lifecycleMsg() }

func (createValidatedMsg) lifecycleMsg()   {}
func (createOutputMsg) lifecycleMsg()      {}
func (createDoneMsg) lifecycleMsg()        {}
func (approvedSetupMsg) lifecycleMsg()     {}
func (teardownReq) lifecycleMsg()          {}
func (teardownProgressMsg) lifecycleMsg()  {}
func (teardownDoneMsg) lifecycleMsg()      {}
func (restoreSetupReq) lifecycleMsg()      {}
func (restoreProgressMsg) lifecycleMsg()   {}
func (restoredMsg) lifecycleMsg()          {}
func (recoveredMsg) lifecycleMsg()         {}
func (projectEditLoadedMsg) lifecycleMsg() {}

// Update answers one lifecycle message. shown is the overlay on screen: a
// dialog's results go to it only while it is the one shown (one closed
// meanwhile is gone; what its result means for the rest still happens).
func (l *Owner) Update(msg tea.Msg, shown modal.Modal) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case createValidatedMsg, createOutputMsg, approvedSetupMsg:
		if o, ok := shown.(*createOverlay); ok {
			return o.Update(msg)
		}
	case createDoneMsg:
		o, _ := shown.(*createOverlay)
		return l.createDone(o, msg)
	case teardownReq:
		return l.startTeardown(msg)
	case teardownProgressMsg:
		if o, ok := shown.(*teardownOverlay); ok {
			return o.Update(msg)
		}
	case teardownDoneMsg:
		o, _ := shown.(*teardownOverlay)
		return l.teardownDone(o, msg)
	case restoreSetupReq:
		return l.restoreSetup(msg)
	case restoreProgressMsg:
		return l.restoreProgress(msg)
	case restoredMsg:
		return l.restored(msg, shown)
	case recoveredMsg:
		return nil, recoveredOutcome(msg)
	case projectEditLoadedMsg:
		return nil, l.projectEditLoaded(msg)
	}
	return nil, modal.Outcome{}
}

// Running reports whether any lifecycle operation runs on a row.
func (l *Owner) Running() bool { return len(l.busy) > 0 }

// Busy says, by workspace ID, what runs on it now: its row shows it and
// takes no other action. The map is the owner's, read, never written.
func (l *Owner) Busy() map[string]string { return l.busy }
