package app

import (
	"os/exec"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/agentpicker"
	"amux.dev/amux/ui/dialog"
)

// agentPicker chooses the assistant for a new agent tab (ui/agentpicker):
// filtered by name, scrolled with a position hint, each assistant's real
// program looked up so a missing one is said before it starts; ctrl+t
// adds a first task amux types once the agent is ready.
type agentPicker struct{ p agentpicker.Model }

func (m *Model) openAgentPicker() tea.Cmd {
	cfg := m.deps.Config
	var rows []agentpicker.Assistant
	for _, n := range cfg.AssistantNames() {
		rows = append(rows, agentpicker.Assistant{Name: n, Command: cfg.Assistants[n].Command})
	}
	o := &agentPicker{p: agentpicker.New(m.th, m.km, rows)}
	m.overlay = o
	return o.p.Check(exec.LookPath)
}

func (o *agentPicker) update(m *Model, msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if cmd, ok := m.matchDialog(k, scopeAgents); ok {
			return cmd
		}
	}
	p, cmd, out := o.p.Update(msg)
	o.p = p
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		name, task, ok := o.p.Chosen()
		m.closeOverlay()
		if ok {
			return tea.Batch(cmd, m.newTab(tmux.TypeAgent, name, task))
		}
	}
	return cmd
}

// toggleTask opens or hides the first-task field (the agent-first-task row).
func (o *agentPicker) toggleTask() tea.Cmd { return o.p.ToggleTask() }

func (o *agentPicker) view(m *Model, w, h int) string {
	w = min(w, 76)
	return m.th.Panel(true).Padding(1, 2).Width(w).Render(o.p.View(w-6, min(h-4, 20)))
}
