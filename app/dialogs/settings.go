package dialogs

import (
	"context"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/config"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/settings"
	"amux.dev/amux/ui/theme"
)

// Settings is the Settings dialog (ui/settings) over everything
// config.json holds. Moving through the themes previews each; a
// confirmation makes the values live at once and saves the UI sections
// and the assistants apart; a refused part stays pending and the next
// confirmation retries it; Esc drops fresh edits and keeps what is pending.
// It is a modal the settings owner builds: it asks the root to preview a
// theme and to put values in use, and saves config.json itself.
type Settings struct {
	s       settings.Model
	saving  bool
	frame   int           // the spinner's frame while saving
	cfg     config.Config // the values in use when it opened
	pending settings.Pending
	th      theme.Theme // the theme on screen (a preview's)
	home    string      // the state home config.json is saved in
}

// NewSettings is the dialog over cfg, drawn in th, with what
// refused saves left pending; it saves config.json under home.
func NewSettings(th theme.Theme, km keys.Map, cfg config.Config, pending settings.Pending, home string) *Settings {
	return &Settings{s: settings.New(th, km, cfg, pending), cfg: cfg, pending: pending, th: th, home: home}
}

// ShownTheme is the theme the dialog draws in: a preview's, or the live one.
func (o *Settings) ShownTheme() theme.Theme { return o.th }

// Saving says a confirmed save is being written.
func (o *Settings) Saving() bool { return o.saving }

// SettingsSaved is a save's end: what was saved, and what each part's
// write refused.
type SettingsSaved struct {
	Sections      *config.Sections
	SectionsErr   error
	Assistants    *settings.AssistantSave
	AssistantsErr error
}

// Requests of the Settings dialog to the root.
type (
	// ThemeRequest shows the screen in th (a preview, or back to the live one).
	ThemeRequest struct{ Theme theme.Theme }
	// ApplySettings puts confirmed values in use.
	ApplySettings struct{ Config config.Config }
)

// Update implements modal.Modal: the dialog answers a message with what the root should do.
func (o *Settings) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	if o.saving {
		if _, tick := msg.(spinner.TickMsg); tick {
			o.frame++
		}
		return nil, modal.Outcome{}
	}
	s, cmd, out := o.s.Update(msg)
	o.s = s
	switch out {
	case dialog.Cancelled:
		return nil, modal.Closed().Then(ThemeRequest{LiveTheme(o.cfg)}) // the preview goes with the edits
	case dialog.Submitted:
		return o.confirm()
	}
	if th, err := theme.Lookup(o.cfg, o.s.Preview()); err == nil && th.Name != o.th.Name {
		o.th = th // preview while moving through the themes
		o.s.SetTheme(th)
		return cmd, modal.Outcome{}.Then(ThemeRequest{th})
	}
	return cmd, modal.Outcome{}
}

// LiveTheme is cfg's confirmed theme.
func LiveTheme(cfg config.Config) theme.Theme {
	th, _ := theme.Lookup(cfg, cfg.UI.Theme)
	return th
}

// confirm makes the result live and saves what changed or is pending.
func (o *Settings) confirm() (tea.Cmd, modal.Outcome) {
	res := o.s.Result()
	sections, assistants := settings.Plan(o.cfg, res, o.pending)
	apply := ApplySettings{settings.Live(o.cfg, res)}
	if sections == nil && assistants == nil {
		return nil, modal.Outcome{Close: true, Say: "settings: nothing changed", SayLevel: modal.LevelInfo}.Then(apply)
	}
	o.saving = true
	home := o.home
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		msg := SettingsSaved{Sections: sections, Assistants: assistants}
		if sections != nil {
			msg.SectionsErr = config.SaveSections(ctx, home, *sections)
		}
		if assistants != nil {
			msg.AssistantsErr = config.UpdateAssistants(ctx, home, assistants.Set, assistants.Remove)
		}
		return msg
	}, modal.Outcome{}.Then(apply)
}

// Refused shows the dialog again over the values now in use, with what
// is pending and why the save was refused.
func (o *Settings) Refused(th theme.Theme, km keys.Map, cfg config.Config, pending settings.Pending, err error) {
	o.saving, o.cfg, o.pending, o.th = false, cfg, pending, th
	o.s = settings.New(th, km, cfg, pending)
	o.s.SetError("not saved (the values stay in use; " + km.First(keys.FormSubmit) + " retries): " + paint.ErrText(err))
}

// WantsWidth: Settings needs room for its names, values and hints.
func (o *Settings) WantsWidth() int { return modal.RoomyWidth }

// View implements modal.Modal: the dialog drawn at w × h.
func (o *Settings) View(w, h int) string {
	title := o.th.AccentStyle().Render("Settings")
	if o.saving {
		frames := spinner.MiniDot.Frames
		title += o.th.MutedStyle().Render("  " + frames[o.frame%len(frames)] + " saving…")
	}
	return o.th.Panel(true).Padding(1, 2).Width(w).Render(title + "\n\n" + o.s.View(w-6, max(8, h-6)))
}
