package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/ui/theme"
)

// settingsOverlay edits the UI section of config.json. Confirmed values go
// live at once; if saving them fails they stay live and the section stays
// pending: the next confirmation retries the save even without new edits.
// Esc drops unconfirmed edits but keeps a pending obligation.
type settingsOverlay struct {
	edit   config.UI
	row    int
	saving bool
	err    string
}

type settingsSavedMsg struct{ err error }

const settingsRows = 3 // theme, key hints, bell

func (m *Model) openSettings() {
	m.overlay = &settingsOverlay{edit: m.deps.Config.UI}
}

func (o *settingsOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case settingsSavedMsg:
		o.saving = false
		if msg.err != nil {
			m.settingsPending = true
			o.err = "not saved (the values stay in use; " + m.km.First(actSettingsSave) + " retries): " + errText(msg.err)
			return nil
		}
		m.settingsPending = false
		m.closeOverlay()
		return m.say(levelInfo, "settings saved")
	case tea.KeyPressMsg:
		if o.saving {
			return nil
		}
		cmd, _ := m.matchDialog(msg, scopeSettings)
		return cmd
	}
	return nil
}

// change moves the selected row's value.
func (o *settingsOverlay) change(back bool) {
	switch o.row {
	case 0:
		names := config.ThemeNames()
		i := max(slices.Index(names, o.edit.Theme), 0)
		step := 1
		if back {
			step = len(names) - 1
		}
		o.edit.Theme = names[(i+step)%len(names)]
	case 1:
		o.edit.ShowKeyHints = !o.edit.ShowKeyHints
	case 2:
		o.edit.BellOnDone = !o.edit.BellOnDone
	}
}

// confirm makes the edits live and saves them.
func (o *settingsOverlay) confirm(m *Model) tea.Cmd {
	m.deps.Config.UI = o.edit
	if th, err := theme.ByName(o.edit.Theme); err == nil {
		m.th = th
	}
	o.saving, o.err = true, ""
	home, ui := m.deps.StateHome, o.edit
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return settingsSavedMsg{config.SaveUI(ctx, home, ui)}
	}
}

func (o *settingsOverlay) view(m *Model, w, h int) string {
	th := m.th
	w = min(w, 70)
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	rows := []struct{ name, value string }{
		{"Theme", o.edit.Theme},
		{"Key hints", onOff(o.edit.ShowKeyHints)},
		{"Bell when an agent is done", onOff(o.edit.BellOnDone)},
	}
	var b strings.Builder
	b.WriteString(th.AccentStyle().Render("Settings") + "\n\n")
	for i, r := range rows {
		line := fmt.Sprintf("%-28s ‹ %s ›", r.name, r.value)
		if i == o.row {
			line = th.SelectedStyle().Render(line)
		} else {
			line = th.TextStyle().Render(line)
		}
		b.WriteString(line + "\n")
	}
	switch {
	case o.saving:
		b.WriteString("\n" + th.MutedStyle().Render(m.spin.View()+" saving…"))
	case o.err != "":
		b.WriteString("\n" + th.ErrorStyle().Render(o.err))
	case m.settingsPending:
		b.WriteString("\n" + th.Style(th.Warning).Render("an earlier save failed: "+m.km.First(actSettingsSave)+" retries it"))
	}
	km := m.km
	b.WriteString("\n\n" + th.MutedStyle().Render(km.First(actSettingsPrev)+"/"+km.First(actSettingsNext)+": row · "+
		km.First(actSettingsBack)+"/"+km.First(actSettingsForward)+": change · "+km.First(actSettingsSave)+": apply and save · "+
		km.First(actSettingsClose)+": close"))
	b.WriteString("\n" + th.MutedStyle().Render("assistants, ports and tmux settings: edit "+config.Path(m.deps.StateHome)))
	return th.Panel(true).Padding(1, 2).Width(w).Render(b.String())
}
