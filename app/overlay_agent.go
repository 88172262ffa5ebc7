package app

import (
	"os/exec"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
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
	keys modal.Keys
}

// openAgentPicker opens the picker over the configured assistants, with
// the command that looks their programs up; mk matches its own keys.
func (o *tabsOwner) openAgentPicker(sc tabScene, mk modal.Keys) (tea.Cmd, modal.Outcome) {
	cfg := sc.cfg
	var rows []agentpicker.Assistant
	for _, n := range cfg.AssistantNames() {
		rows = append(rows, agentpicker.Assistant{Name: n, Command: cfg.Assistants[n].Command})
	}
	d := &agentPicker{p: agentpicker.New(sc.th, o.d.km, rows), th: sc.th, keys: mk}
	return d.p.Check(exec.LookPath), modal.Outcome{Open: d}
}

// Update takes the picker's own action (the first-task field), its keys,
// and answers a choice with a request for the tab.
func (d *agentPicker) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	if a, ok := msg.(modal.DialogAction); ok && a.ID == actFirstTask {
		return d.p.ToggleTask(), modal.Outcome{}
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if id, ok := d.keys.Match(k, scopeAgents); ok {
			return nil, modal.Outcome{}.Then(modal.RunAction{ID: id})
		}
	}
	p, cmd, out := d.p.Update(msg)
	d.p = p
	switch out {
	case dialog.Cancelled:
		return cmd, modal.Closed()
	case dialog.Submitted:
		if name, task, ok := d.p.Chosen(); ok {
			return cmd, modal.Closed().Then(tabNewRequest{tmux.TypeAgent, name, task})
		}
		return cmd, modal.Closed()
	}
	return cmd, modal.Outcome{}
}

func (d *agentPicker) View(w, h int) string {
	w = min(w, 76)
	return d.th.Panel(true).Padding(1, 2).Width(w).Render(d.p.View(w-6, min(h-4, 20)))
}
