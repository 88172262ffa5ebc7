package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/keys"
)

// modalKeys is the registry as modals see it.
func (m *Model) modalKeys() modal.Keys {
	return modal.NewKeys(m.reg, m.available, func(id keys.ActionID) bool { return m.acts[id].run != nil })
}

// modalKit is the kit a dialog opened now is built with.
func (m *Model) modalKit() modal.Kit {
	return modal.NewKit(m.th, m.km, m.modalKeys(), m.spin)
}

// updateOverlay gives msg to the open overlay, which answers with an
// outcome the root applies.
func (m *Model) updateOverlay(msg tea.Msg) tea.Cmd {
	o := m.overlay
	if o == nil {
		return nil
	}
	cmd, out := o.Update(msg)
	return tea.Batch(cmd, m.applyOutcome(o, out))
}

// applyOutcome carries out what modal d asked for, if d is still the open
// overlay (a request may have opened another).
func (m *Model) applyOutcome(d modal.Modal, out modal.Outcome) tea.Cmd {
	if out.Open != nil {
		m.overlay = out.Open
	} else if out.Close && m.overlay == d {
		m.overlay = nil
	}
	var cmds []tea.Cmd
	if out.Say != "" {
		cmds = append(cmds, m.say(out.SayLevel, out.Say))
	}
	for _, req := range out.Do {
		if r, ok := req.(modal.RunAction); ok {
			cmds = append(cmds, m.run(r.ID))
			continue
		}
		cmds = append(cmds, m.update(req))
	}
	return tea.Batch(cmds...)
}

// overlayView draws the open overlay o, if any, at width × height.
func overlayView(o modal.Modal, width, height int) string {
	if o == nil {
		return ""
	}
	return o.View(width, height)
}

// applyOwned runs an owner's command and applies its outcome: close takes
// whatever dialog is open off the screen (an owner answers for the one it
// knows is open); the owner's requests go through the root's switch.
func (m *Model) applyOwned(cmd tea.Cmd, out modal.Outcome) tea.Cmd {
	return tea.Batch(cmd, m.applyOutcome(m.overlay, out))
}
