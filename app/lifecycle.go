package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// lifecycleOwner runs the lifecycle flows: create, delete and shelve,
// restore, start-up recovery, adding a project and editing its registries.
// It holds what those flows keep between messages (the operations running
// on workspaces' rows) and answers their messages with commands and an
// outcome the root applies: a dialog to open or close, a reload, a word in
// the notice bar. Its dialogs are modals built with lifeDeps; none of it
// sees the root model.
type lifecycleOwner struct {
	d lifeDeps
	// busy says, by workspace ID, what is running on it ("Deleting…", a
	// restore's latest step): its row shows it and takes no other action.
	busy map[string]string
}

// lifeDeps is what the lifecycle owner and its dialogs are built with: the
// two engine services they call, the theme and keys they draw with, the
// registry for the key names in their words, the places a path picker
// starts from, and the counter that numbers their operations.
type lifeDeps struct {
	life      workspace.LifecycleService
	trust     workspace.TrustService
	th        theme.Theme
	km        keys.Map
	reg       *keys.Registry
	home, cwd string
	ops       *opCounter
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

// newLifecycleOwner builds the owner with nothing running.
func newLifecycleOwner(d lifeDeps) *lifecycleOwner {
	if d.ops == nil {
		d.ops = &opCounter{}
	}
	return &lifecycleOwner{d: d, busy: map[string]string{}}
}

// keyName is the first key of action id as bound, for words that tell a
// person what to press; fallback when it has no key.
func (d lifeDeps) keyName(id keys.ActionID, fallback string) string {
	if a, ok := d.reg.Get(id); ok && len(a.Keys) > 0 {
		return keys.KeyLabel(a.Keys[:1])
	}
	return fallback
}

// lifeRows asks the root to rebuild the project list's rows: what runs on a
// workspace (the owner's busy map) changed.
type lifeRows struct{}

// Update answers one lifecycle message. shown is the overlay on screen: a
// dialog's results go to it only while it is the one shown (one closed
// meanwhile is gone; what its result means for the rest still happens).
func (l *lifecycleOwner) Update(msg tea.Msg, shown overlay) (tea.Cmd, modal.Outcome) {
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

// running reports whether any lifecycle operation runs on a row.
func (l *lifecycleOwner) running() bool { return len(l.busy) > 0 }
