package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/config"
	"amux.dev/amux/ui/settings"
)

// settingsModel is a model whose Settings save into home.
func settingsModel(t *testing.T, home string) *Model {
	t.Helper()
	m := New(withEngine(Deps{Config: config.Defaults(), Now: time.Now, Zone: time.UTC, StateHome: home}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return m
}

// Settings is a modal: moving through the themes asks the root to preview
// each, Esc asks for the live theme back and closes, and none of it
// touches the root by itself.
func TestSettingsPreviewsAndCancelsThroughItsOutcome(t *testing.T) {
	m := settingsModel(t, t.TempDir())
	out := m.settings.open(m.th, m.deps.Config)
	o := out.Open.(*dialogs.Settings)
	live := m.th.Name
	_, out = o.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	q := only[dialogs.ThemeRequest](t, out.Do)
	if q.Theme.Name == live || o.ShownTheme().Name != q.Theme.Name || m.th.Name != live {
		t.Fatalf("preview asked %q (dialog %q, root %q, live %q)", q.Theme.Name, o.ShownTheme().Name, m.th.Name, live)
	}
	_, out = o.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if q := only[dialogs.ThemeRequest](t, out.Do); !out.Close || q.Theme.Name != live {
		t.Fatalf("esc asked %+v", out)
	}

	// Through the root: the preview is on screen, Esc puts the live one back.
	pressAction(t, m, actSettings)
	if _, ok := m.overlay.(*dialogs.Settings); !ok {
		t.Fatalf("settings opened %T", m.overlay)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	if m.th.Name == live {
		t.Fatal("the root shows no preview")
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if m.overlay != nil || m.th.Name != live {
		t.Fatalf("after esc: %T open, theme %q", m.overlay, m.th.Name)
	}
}

// A confirmation with nothing changed closes, saying so, and saves
// nothing: no config.json appears.
func TestSettingsWithNothingChangedSavesNothing(t *testing.T) {
	home := t.TempDir()
	m := settingsModel(t, home)
	out := m.settings.open(m.th, m.deps.Config)
	cmd, out := out.Open.(*dialogs.Settings).Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if cmd != nil || !out.Close || out.Say != "settings: nothing changed" {
		t.Fatalf("enter with nothing changed: %+v", out)
	}
	only[dialogs.ApplySettings](t, out.Do)
	if _, err := os.Stat(filepath.Join(home, "config.json")); !os.IsNotExist(err) {
		t.Fatalf("config.json written: %v", err)
	}
}

// A refused save keeps the values live and the part pending: the dialog
// says why and stays; once the file can be written the next confirmation
// saves what was pending, though nothing was edited since.
func TestSettingsRefusedSaveStaysPendingAndRetries(t *testing.T) {
	home := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(home, []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := settingsModel(t, home)
	pressAction(t, m, actSettings)
	m.Update(tea.KeyPressMsg{Code: tea.KeyRight}) // the next theme
	chosen := m.th.Name
	_, cmd := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	o := m.overlay.(*dialogs.Settings)
	if !o.Saving() || m.deps.Config.UI.Theme != chosen {
		t.Fatalf("confirming: saving %v, live theme %q, chosen %q", o.Saving(), m.deps.Config.UI.Theme, chosen)
	}
	if c, _ := o.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); c != nil || m.overlay != overlay(o) {
		t.Fatal("a key while saving did something")
	}
	o.Update(spinner.TickMsg{})
	if v := o.View(80, 30); !strings.Contains(v, "saving…") {
		t.Fatalf("no saving line:\n%s", v)
	}
	saved := only[dialogs.SettingsSaved](t, runCmd(t, cmd))
	if saved.SectionsErr == nil {
		t.Fatal("a save into a file's path worked")
	}
	m.Update(saved)
	if m.overlay != overlay(o) || o.Saving() || !m.settings.pending.Any() {
		t.Fatalf("after a refusal: %T open, saving %v, pending %v", m.overlay, o.Saving(), m.settings.pending.Any())
	}
	if v := o.View(80, 30); !strings.Contains(v, "not saved") {
		t.Fatalf("the dialog does not say why:\n%s", v)
	}
	if err := os.Remove(home); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	_, cmd = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if cmd == nil {
		t.Fatal("the retry saved nothing")
	}
	m.Update(only[dialogs.SettingsSaved](t, runCmd(t, cmd)))
	if m.overlay != nil || m.settings.pending.Any() || !strings.Contains(m.notice.text, "settings saved") {
		t.Fatalf("after the retry: %T open, pending %v, notice %q", m.overlay, m.settings.pending.Any(), m.notice.text)
	}
	cfg, err := config.Load(home)
	if err != nil || cfg.UI.Theme != chosen {
		t.Fatalf("config.json has theme %q (%v), want %q", cfg.UI.Theme, err, chosen)
	}
}

// The owner's answer to a save when its dialog is not the one open (it
// cannot happen through the keys: a save holds the dialog) says so and
// closes nothing.
func TestSettingsOwnerLeavesAnotherDialogAlone(t *testing.T) {
	var s settingsOwner
	other := &dialogs.Palette{}
	_, out := s.Update(dialogs.SettingsSaved{Sections: &config.Sections{}}, other, settingsModel(t, t.TempDir()).th, config.Defaults())
	if out.Close || out.Say != "settings saved" {
		t.Fatalf("%+v", out)
	}
	var p settings.Pending
	if s.pending != p {
		t.Fatal("a saved part left pending")
	}
}
