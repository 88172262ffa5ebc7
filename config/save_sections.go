package config

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
)

// Sections are the settings Settings saves together ("UI sections
// together", by the contract): the ui, ports, status and notify sections. The
// assistants are saved apart (UpdateAssistants), so a refused save of one
// never holds the other back.
type Sections struct {
	UI     UI
	Ports  Ports
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
// Only what changed is written: a value the file already holds, or one it
// leaves out and that is the default, stays as the person wrote it (a
// hand-written status section does not gain every default). New port
// settings shape new reservations only.
func SaveSections(ctx context.Context, home string, s Sections) error {
	def := SectionsOf(Defaults())
	return update(ctx, home, func(top map[string]json.RawMessage) error {
		if err := mergeChanged(top, "ui", uiFields(s.UI), uiFields(def.UI)); err != nil {
			return err
		}
		if err := mergeChanged(top, "ports", portFields(s.Ports), portFields(def.Ports)); err != nil {
			return err
		}
		if err := mergeChanged(top, "status", statusFields(s.Status), statusFields(def.Status)); err != nil {
			return err
		}
		return mergeChanged(top, "notify", notifySection(s.Notify), notifySection(def.Notify))
	})
}

// The sections' fields by their names in the file.
func uiFields(ui UI) map[string]any {
	return map[string]any{"theme": ui.Theme, "tmux_server": ui.TmuxServer, "tmux_config": ui.TmuxConfig,
		"show_key_hints": ui.ShowKeyHints, "bell_on_done": ui.BellOnDone, "notifications": ui.Notifications}
}

func portFields(p Ports) map[string]any {
	return map[string]any{"start": p.Start, "end": p.End, "size": p.Size}
}

func statusFields(st Status) map[string]any {
	return map[string]any{"quiet_after_ms": st.QuietAfterMs, "done_window_ms": st.DoneWindowMs,
		"startup_grace_ms": st.StartupGraceMs, "short_command_ms": st.ShortCommandMs,
		"shell_marks": st.ShellMarks, "stuck_after_ms": st.StuckAfterMs}
}

// mergeChanged sets, inside the object top[key], each field whose value
// differs from what the file says (or from its default, where the file
// says nothing), and leaves every other byte of the section alone. A
// section that is absent and needs nothing is not created.
func mergeChanged(top map[string]json.RawMessage, key string, fields, defaults map[string]any) error {
	obj, err := sectionObject(top, key)
	if err != nil {
		return err
	}
	changed := map[string]any{}
	for name, v := range fields {
		raw, ok := obj[name]
		if ok && holds(raw, v) || !ok && reflect.DeepEqual(defaults[name], v) {
			continue
		}
		changed[name] = v
	}
	if len(changed) == 0 {
		return nil
	}
	return mergeSection(top, key, changed)
}

// holds reports whether raw decodes to v: the value, not its spelling.
func holds(raw json.RawMessage, v any) bool {
	p := reflect.New(reflect.TypeOf(v))
	return json.Unmarshal(raw, p.Interface()) == nil && reflect.DeepEqual(p.Elem().Interface(), v)
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
