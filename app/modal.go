package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
)

// modal is what sits over the layout (the palette, help, every dialog), in
// the shape the ui/dialog widgets already have: it handles its message and
// answers with what should happen, which the root applies. It never sees
// the root model, so no dialog can change state it does not own, and one
// can be tested with nothing but its constructor's arguments.
type modal interface {
	update(msg tea.Msg) (tea.Cmd, outcome)
	view(width, height int) string
}

// outcome is what a modal asks the root to do after one message. The zero
// outcome keeps the dialog open and asks nothing.
type outcome struct {
	// close takes the dialog off the screen.
	close bool
	// open shows this dialog in its place (close is implied).
	open modal
	// do are requests routed through the root's switch at once, in order,
	// after close/open: an action to run (runAction), an engine call an
	// owner starts (its own request message), anything update handles.
	do []tea.Msg
	// say puts a line in the notice bar at sayLevel.
	say      string
	sayLevel noticeLevel
}

// runAction is a request to run a registry action as if its key was
// pressed where it is available (the dialogs' own keys: close, confirm).
type runAction struct{ id keys.ActionID }

// closed is the outcome that takes the dialog off the screen.
func closed() outcome { return outcome{close: true} }

// then adds requests to an outcome.
func (o outcome) then(reqs ...tea.Msg) outcome {
	o.do = append(o.do, reqs...)
	return o
}

// modalKeys matches a dialog's keys against the registry in the dialog's
// scopes, as the root would, without handing the dialog the root: the
// match becomes a runAction request in the dialog's outcome.
type modalKeys struct {
	reg       *keys.Registry
	available func(keys.ActionID) (bool, string)
	runnable  func(keys.ActionID) bool
}

// match is the action key k runs in scopes, if any.
func (d modalKeys) match(k tea.KeyPressMsg, scopes ...keys.Scope) (keys.ActionID, bool) {
	a, ok := d.reg.Match(k.String(), d.available, scopes...)
	if !ok || !d.runnable(a.ID) {
		return "", false
	}
	return a.ID, true
}

// bound is the action key k is bound to in scopes, available or not: a
// dialog hands it to the root (asked), whose run says why it cannot run
// rather than the key doing nothing.
func (d modalKeys) bound(k tea.KeyPressMsg, scopes ...keys.Scope) (keys.ActionID, bool) {
	a, ok := d.reg.Match(k.String(), func(keys.ActionID) (bool, string) { return true, "" }, scopes...)
	if !ok || !d.runnable(a.ID) {
		return "", false
	}
	return a.ID, true
}

// modalKeys is the registry as modals see it.
func (m *Model) modalKeys() modalKeys {
	return modalKeys{reg: m.reg, available: m.available, runnable: func(id keys.ActionID) bool { return m.acts[id].run != nil }}
}

// updateOverlay gives msg to the open overlay, which answers with an
// outcome the root applies.
func (m *Model) updateOverlay(msg tea.Msg) tea.Cmd {
	o := m.overlay
	if o == nil {
		return nil
	}
	cmd, out := o.update(msg)
	return tea.Batch(cmd, m.applyOutcome(o, out))
}

// applyOutcome carries out what modal d asked for, if d is still the open
// overlay (a request may have opened another).
func (m *Model) applyOutcome(d modal, out outcome) tea.Cmd {
	if out.open != nil {
		m.overlay = out.open
	} else if out.close && m.overlay == d {
		m.overlay = nil
	}
	var cmds []tea.Cmd
	if out.say != "" {
		cmds = append(cmds, m.say(out.sayLevel, out.say))
	}
	for _, req := range out.do {
		if r, ok := req.(runAction); ok {
			cmds = append(cmds, m.run(r.id))
			continue
		}
		cmds = append(cmds, m.update(req))
	}
	return tea.Batch(cmds...)
}

// overlayView draws the open overlay o, if any, at width × height.
func overlayView(o modal, width, height int) string {
	if o == nil {
		return ""
	}
	return o.view(width, height)
}

// applyOwned runs an owner's command and applies its outcome: close takes
// whatever dialog is open off the screen (an owner answers for the one it
// knows is open); the owner's requests go through the root's switch.
func (m *Model) applyOwned(cmd tea.Cmd, out outcome) tea.Cmd {
	return tea.Batch(cmd, m.applyOutcome(m.overlay, out))
}

// screenSized is a modal drawn over the whole screen (the diff viewer):
// it is told the screen's size when the screen changes.
type screenSized interface {
	resize(width, height int) tea.Cmd
}
