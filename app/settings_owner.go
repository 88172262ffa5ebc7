package app

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/settings"
	"amux.dev/amux/ui/theme"
)

// settingsOwner owns the Settings dialog and what refused saves left to
// do: the values are live, and the next confirmation retries
// (ui/settings' rules). The values themselves are the root's config; each
// call is handed what it needs of them.
type settingsOwner struct {
	pending settings.Pending
	km      keys.Map
	home    string // the state home config.json lives in
}

// open shows the dialog over cfg, the screen in th.
func (s *settingsOwner) open(th theme.Theme, cfg config.Config) modal.Outcome {
	return modal.Outcome{Open: dialogs.NewSettings(th, s.km, cfg, s.pending, s.home)}
}

// Update answers a save's end: what it refused stays pending and the
// dialog says why; a full save closes it.
func (s *settingsOwner) Update(msg tea.Msg, open overlay, th theme.Theme, cfg config.Config) (tea.Cmd, modal.Outcome) {
	saved, ok := msg.(dialogs.SettingsSaved)
	if !ok {
		return nil, modal.Outcome{}
	}
	s.pending.Saved(saved.Sections, saved.SectionsErr, saved.Assistants, saved.AssistantsErr)
	o, shown := open.(*dialogs.Settings)
	if err := firstErr(saved.SectionsErr, saved.AssistantsErr); err != nil {
		if shown {
			o.Refused(th, s.km, cfg, s.pending, err)
			return nil, modal.Outcome{}
		}
		return nil, modal.Outcome{Say: "settings not saved: " + paint.ErrText(err), SayLevel: modal.LevelError}
	}
	return nil, modal.Outcome{Close: shown, Say: "settings saved", SayLevel: modal.LevelInfo}
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// applySettings puts confirmed values in use: the theme, the hints and the
// bell at once, the agent-state timings from the next poll, the port
// settings for the next reservation, prompt marks for the next terminal
// tab; the tmux server at the next start.
func (m *Model) applySettings(cfg config.Config) {
	m.deps.Config = cfg
	m.th = dialogs.LiveTheme(cfg)
	m.left.valid = false
	m.watch.setConfig(cfg)
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
