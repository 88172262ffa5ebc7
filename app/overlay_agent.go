package app

import (
	"os/exec"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/agentpicker"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/theme"
)

// agentPicker chooses the assistant for a new agent tab (ui/agentpicker):
// filtered by name, scrolled with a position hint, each assistant's real
// program looked up so a missing one is said before it starts; ctrl+t
// adds a first task amux types once the agent is ready. The choice goes
// back as a request for the tab (tabNewRequest).
type agentPicker struct {
	p    agentpicker.Model
	th   theme.Theme
	keys modalKeys
}

// openAgentPicker opens the picker over the configured assistants, with
// the command that looks their programs up; mk matches its own keys.
func (o *tabsOwner) openAgentPicker(sc tabScene, mk modalKeys) (tea.Cmd, outcome) {
	cfg := sc.cfg
	var rows []agentpicker.Assistant
	for _, n := range cfg.AssistantNames() {
		rows = append(rows, agentpicker.Assistant{Name: n, Command: cfg.Assistants[n].Command})
	}
	d := &agentPicker{p: agentpicker.New(sc.th, o.d.km, rows), th: sc.th, keys: mk}
	return d.p.Check(exec.LookPath), outcome{open: d}
}

// update takes the picker's own action (the first-task field), its keys,
// and answers a choice with a request for the tab.
func (d *agentPicker) update(msg tea.Msg) (tea.Cmd, outcome) {
	if a, ok := msg.(dialogAction); ok && a.id == actFirstTask {
		return d.p.ToggleTask(), outcome{}
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if id, ok := d.keys.match(k, scopeAgents); ok {
			return nil, outcome{}.then(runAction{id})
		}
	}
	p, cmd, out := d.p.Update(msg)
	d.p = p
	switch out {
	case dialog.Cancelled:
		return cmd, closed()
	case dialog.Submitted:
		if name, task, ok := d.p.Chosen(); ok {
			return cmd, closed().then(tabNewRequest{tmux.TypeAgent, name, task})
		}
		return cmd, closed()
	}
	return cmd, outcome{}
}

func (d *agentPicker) view(w, h int) string {
	w = min(w, 76)
	return d.th.Panel(true).Padding(1, 2).Width(w).Render(d.p.View(w-6, min(h-4, 20)))
}
