package config

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"amux.dev/amux/ports"
)

// Sections are the settings Settings saves together ("UI sections
// together", by the contract): the ui, ports, status and notify sections. The
// assistants are saved apart (UpdateAssistants), so a refused save of one
// never holds the other back.
type Sections struct {
	UI     UI
	Ports  ports.Settings
	Status Status
	Notify Notify
}

// Equal reports whether two sets of sections hold the same values.
func (s Sections) Equal(o Sections) bool {
	return s.UI == o.UI && s.Ports == o.Ports && s.Status == o.Status && s.Notify.Equal(o.Notify)
}

// SectionsOf returns cfg's UI sections.
func SectionsOf(cfg Config) Sections {
	return Sections{UI: cfg.UI, Ports: cfg.Ports, Status: cfg.Status, Notify: cfg.Notify}
}

// Validate checks the values before a save: the ports describe a usable
// space, the status timings are in range, the theme is one of names.
func (s Sections) Validate(themeNames []string) error {
	if err := s.Ports.Validate(); err != nil {
		return err
	}
	st := s.Status
	if st.QuietAfterMs < 500 || st.DoneWindowMs < 0 || st.StartupGraceMs < 0 || st.ShortCommandMs < 0 || st.StuckAfterMs < 0 {
		return fmt.Errorf("status: quiet after must be at least 500 ms, the other timings not negative")
	}
	if err := s.Notify.Validate(); err != nil {
		return err
	}
	if !slices.Contains(NotifyStyles(), s.UI.Notifications) {
		return fmt.Errorf("unknown notifications %q (want one of %v)", s.UI.Notifications, NotifyStyles())
	}
	for _, n := range themeNames {
		if n == s.UI.Theme {
			return nil
		}
	}
	return fmt.Errorf("unknown theme %q", s.UI.Theme)
}

// SaveSections writes the ui, ports, status and notify sections in one atomic
// write, keeping every other key (and unknown keys inside each section).
// New port settings shape new reservations only.
func SaveSections(ctx context.Context, home string, s Sections) error {
	return update(ctx, home, func(top map[string]json.RawMessage) error {
		ui := s.UI
		if err := mergeSection(top, "ui", map[string]any{
			"theme": ui.Theme, "tmux_server": ui.TmuxServer, "tmux_config": ui.TmuxConfig,
			"show_key_hints": ui.ShowKeyHints, "bell_on_done": ui.BellOnDone, "notifications": ui.Notifications,
		}); err != nil {
			return err
		}
		if err := mergeSection(top, "ports", map[string]any{"start": s.Ports.Start, "end": s.Ports.End, "size": s.Ports.Size}); err != nil {
			return err
		}
		st := s.Status
		if err := mergeSection(top, "status", map[string]any{
			"quiet_after_ms": st.QuietAfterMs, "done_window_ms": st.DoneWindowMs, "startup_grace_ms": st.StartupGraceMs,
			"short_command_ms": st.ShortCommandMs, "shell_marks": st.ShellMarks, "stuck_after_ms": st.StuckAfterMs,
		}); err != nil {
			return err
		}
		return mergeSection(top, "notify", notifySection(s.Notify))
	})
}

// UpdateAssistants writes set (every field explicit, as SaveAssistants)
// and removes the user assistants named in remove. A built-in cannot be
// removed — its entry in the file only overrides it, so removing that
// entry brings the default back, which is what remove does for a name
// that is built in.
func UpdateAssistants(ctx context.Context, home string, set map[string]Assistant, remove []string) error {
	for name, a := range set {
		if name == "" || a.Command == "" {
			return fmt.Errorf("assistant %q needs a name and a command", name)
		}
		if a.InterruptCount < 0 || a.InterruptDelayMs < 0 {
			return fmt.Errorf("assistant %q: interrupt settings cannot be negative", name)
		}
	}
	return update(ctx, home, func(top map[string]json.RawMessage) error {
		section, err := sectionObject(top, "assistants")
		if err != nil {
			return err
		}
		for _, name := range remove {
			delete(section, name)
		}
		for _, name := range sortedKeys(set) {
			a := set[name]
			if err := mergeSection(section, name, map[string]any{
				"command": a.Command, "interrupt_count": a.InterruptCount, "interrupt_delay_ms": a.InterruptDelayMs,
				"resume_command": a.ResumeCommand,
			}); err != nil {
				return err
			}
		}
		raw, err := json.Marshal(section)
		top["assistants"] = raw
		return err
	})
}
