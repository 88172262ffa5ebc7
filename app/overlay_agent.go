package app

import (
	"os/exec"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/fuzzylist"
	"amux.dev/amux/ui/keys"
)

// agentPicker chooses the assistant for a new agent tab. Ctrl+T opens an
// optional first-task field: amux types that text for the user once the
// agent is ready.
type agentPicker struct {
	names    []string
	items    []fuzzylist.Item
	list     fuzzylist.List
	filter   textinput.Model
	task     textinput.Model
	taskOpen bool
}

func (m *Model) openAgentPicker() tea.Cmd {
	cfg := m.deps.Config
	names := cfg.AssistantNames()
	items := make([]fuzzylist.Item, len(names))
	for i, n := range names {
		items[i] = fuzzylist.Item{Title: n}
		if c := cfg.Assistants[n].Command; c != n {
			items[i].Detail = c
		}
	}
	f := textinput.New()
	f.Prompt = "› "
	f.Placeholder = "filter assistants"
	f.SetWidth(60)
	f.Focus()
	task := textinput.New()
	task.Prompt = "› "
	task.Placeholder = "first task for the agent (optional)"
	task.CharLimit = 4000
	task.SetWidth(60)
	o := &agentPicker{names: names, items: items, list: fuzzylist.New(items), filter: f, task: task}
	m.overlay = o
	return o.checkInstalled(cfg.Assistants)
}

type assistantsFoundMsg struct{ missing map[string]bool }

// checkInstalled looks the assistants' programs up on PATH (off the update
// loop), so the picker can say which are not installed instead of letting a
// tab die with "command not found".
func (o *agentPicker) checkInstalled(assistants map[string]config.Assistant) tea.Cmd {
	cmds := map[string]string{}
	for _, n := range o.names {
		cmds[n] = assistants[n].Command
	}
	return func() tea.Msg {
		missing := map[string]bool{}
		for n, c := range cmds {
			prog := firstWord(c)
			if prog == "" || prog == "exec" || strings.ContainsAny(prog, "$'\"") {
				continue // a shell construct: cannot tell without running it
			}
			if _, err := exec.LookPath(prog); err != nil {
				missing[n] = true
			}
		}
		return assistantsFoundMsg{missing}
	}
}

func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

func (o *agentPicker) update(m *Model, msg tea.Msg) tea.Cmd {
	if found, ok := msg.(assistantsFoundMsg); ok {
		for i, n := range o.names {
			if found.missing[n] {
				o.items[i].Note = "not found on PATH"
			}
		}
		o.list.SetItems(o.items)
		return nil
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if cmd, ok := m.matchDialog(k, scopeAgents); ok {
			return cmd
		}
		switch s := k.String(); {
		case m.km.Is(keys.ListCancel, s):
			m.closeOverlay()
			return nil
		case m.km.Is(keys.ListChoose, s):
			i, ok := o.list.Selected()
			if !ok {
				return nil
			}
			m.closeOverlay()
			return m.newTab(tmux.TypeAgent, o.names[i], strings.TrimSpace(o.task.Value()))
		case m.km.Is(keys.ListUp, s):
			o.list.Move(-1)
			return nil
		case m.km.Is(keys.ListDown, s):
			o.list.Move(1)
			return nil
		}
	}
	if p, ok := msg.(tea.PasteMsg); ok {
		msg = tea.PasteMsg{Content: dialog.FirstLine(p.Content)}
	}
	var cmd tea.Cmd
	if o.taskOpen {
		o.task, cmd = o.task.Update(msg)
		return cmd
	}
	o.filter, cmd = o.filter.Update(msg)
	o.list.SetQuery(o.filter.Value())
	return cmd
}

// toggleTask opens or hides the first-task field, moving the typing there.
func (o *agentPicker) toggleTask() tea.Cmd {
	o.taskOpen = !o.taskOpen
	if o.taskOpen {
		o.filter.Blur()
		return o.task.Focus()
	}
	o.task.Blur()
	return o.filter.Focus()
}

func (o *agentPicker) view(m *Model, w, h int) string {
	th := m.th
	w = min(w, 76)
	var b strings.Builder
	b.WriteString(th.AccentStyle().Render("New agent tab") + "\n")
	b.WriteString(o.filter.View() + "\n\n")
	b.WriteString(o.list.View(th, w-6, min(8, max(3, h-14))) + "\n\n")
	if o.taskOpen {
		b.WriteString(th.TextStyle().Render("First task (typed once the agent is ready):") + "\n" + o.task.View() + "\n\n")
	}
	km := m.km
	b.WriteString(th.MutedStyle().Render(km.First(keys.ListChoose) + ": start · " + km.First(actFirstTask) + ": first task · " +
		km.First(keys.ListUp) + "/" + km.First(keys.ListDown) + ": move · " + km.First(keys.ListCancel) + ": cancel"))
	return th.Panel(true).Padding(1, 2).Width(w).Render(b.String())
}
