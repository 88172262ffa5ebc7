package app

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/settings"
	"amux.dev/amux/ui/theme"
)

// settingsOverlay is the Settings dialog (ui/settings) over everything
// config.json holds. Moving through the themes previews each; a
// confirmation makes the values live at once and saves the UI sections
// and the assistants apart; a refused part stays pending and the next
// confirmation retries it; Esc drops fresh edits and keeps what is pending.
type settingsOverlay struct {
	s      settings.Model
	saving bool
}

type settingsSavedMsg struct {
	sections   *config.Sections
	sErr       error
	assistants *settings.AssistantSave
	aErr       error
}

func (m *Model) openSettings() {
	m.overlay = &settingsOverlay{s: settings.New(m.th, m.km, m.deps.Config, m.settingsPending)}
}

func (o *settingsOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	if saved, ok := msg.(settingsSavedMsg); ok {
		return o.saved(m, saved)
	}
	if o.saving {
		return nil
	}
	s, cmd, out := o.s.Update(msg)
	o.s = s
	switch out {
	case dialog.Cancelled:
		m.th = m.liveTheme() // the preview goes with the edits
		m.closeOverlay()
		return nil
	case dialog.Submitted:
		return o.confirm(m)
	}
	if th, err := theme.Lookup(m.deps.Config, o.s.Preview()); err == nil && th.Name != m.th.Name {
		m.th = th // preview while moving through the themes
		o.s.SetTheme(th)
		m.leftValid = false
	}
	return cmd
}

// liveTheme is the confirmed theme.
func (m *Model) liveTheme() theme.Theme {
	th, _ := theme.Lookup(m.deps.Config, m.deps.Config.UI.Theme)
	return th
}

// confirm makes the result live and saves what changed or is pending.
func (o *settingsOverlay) confirm(m *Model) tea.Cmd {
	res := o.s.Result()
	sections, assistants := settings.Plan(m.deps.Config, res, m.settingsPending)
	m.applySettings(settings.Live(m.deps.Config, res))
	if sections == nil && assistants == nil {
		m.closeOverlay()
		return m.say(levelInfo, "settings: nothing changed")
	}
	o.saving = true
	home := m.deps.StateHome
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		msg := settingsSavedMsg{sections: sections, assistants: assistants}
		if sections != nil {
			msg.sErr = config.SaveSections(ctx, home, *sections)
		}
		if assistants != nil {
			msg.aErr = config.UpdateAssistants(ctx, home, assistants.Set, assistants.Remove)
		}
		return msg
	}
}

// applySettings puts confirmed values in use: the theme, the hints and the
// bell at once, the agent-state timings from the next poll, the port
// settings for the next reservation, prompt marks for the next terminal
// tab; the tmux server at the next start.
func (m *Model) applySettings(cfg config.Config) {
	m.deps.Config = cfg
	m.th = m.liveTheme()
	m.leftValid = false
	if m.mon != nil {
		m.mon.SetConfig(agentConfig(cfg))
	}
	if m.deps.Ports != nil {
		_ = m.deps.Ports.SetSettings(portSettings(cfg.Ports)) // validated by the dialog
	}
	if m.deps.Sessions != nil {
		m.deps.Sessions.SetShellMarks(cfg.Status.ShellMarks)
	}
}

// agentConfig is the classifier's config from the status section.
func agentConfig(cfg config.Config) agentstate.Config {
	c := agentstate.DefaultConfig()
	c.QuietAfter = time.Duration(cfg.Status.QuietAfterMs) * time.Millisecond
	c.DoneWindow = time.Duration(cfg.Status.DoneWindowMs) * time.Millisecond
	c.StartupGrace = time.Duration(cfg.Status.StartupGraceMs) * time.Millisecond
	c.ShortCommand = time.Duration(cfg.Status.ShortCommandMs) * time.Millisecond
	return c
}

func (o *settingsOverlay) saved(m *Model, msg settingsSavedMsg) tea.Cmd {
	o.saving = false
	m.settingsPending.Saved(msg.sections, msg.sErr, msg.assistants, msg.aErr)
	if err := firstErr(msg.sErr, msg.aErr); err != nil {
		o.s = settings.New(m.th, m.km, m.deps.Config, m.settingsPending)
		o.s.SetError("not saved (the values stay in use; " + m.km.First(keys.FormSubmit) + " retries): " + errText(err))
		return nil
	}
	m.closeOverlay()
	return m.say(levelInfo, "settings saved")
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// wantsWidth: Settings needs room for its names, values and hints.
func (o *settingsOverlay) wantsWidth() int { return roomyWidth }

func (o *settingsOverlay) view(m *Model, w, h int) string {
	title := m.th.AccentStyle().Render("Settings")
	if o.saving {
		title += m.th.MutedStyle().Render("  " + m.spin.View() + " saving…")
	}
	return m.th.Panel(true).Padding(1, 2).Width(w).Render(title + "\n\n" + o.s.View(w-6, max(8, h-6)))
}
