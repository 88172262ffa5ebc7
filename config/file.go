package config

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"amux.dev/amux/config/atomicfile"
)

// ErrRefusedSave is returned when a save would have to rewrite a config
// document amux cannot fully read. The file keeps its bytes.
var ErrRefusedSave = errors.New("config save refused")

// The file's shape. Pointers tell "absent" (use the default) from an
// explicit zero, which is a real setting and is kept on save.
type fileAssistant struct {
	Command          *string `json:"command,omitempty"`
	InterruptCount   *int    `json:"interrupt_count,omitempty"`
	InterruptDelayMs *int    `json:"interrupt_delay_ms,omitempty"`
	ResumeCommand    *string `json:"resume_command,omitempty"`
}

type fileUI struct {
	Theme        *string `json:"theme,omitempty"`
	TmuxServer   *string `json:"tmux_server,omitempty"`
	TmuxConfig   *string `json:"tmux_config,omitempty"`
	ShowKeyHints *bool   `json:"show_key_hints,omitempty"`
	BellOnDone   *bool   `json:"bell_on_done,omitempty"`
	// Notifications is "osc9", "osc777" or "off".
	Notifications *string `json:"notifications,omitempty"`
}

type fileStatus struct {
	QuietAfterMs   *int  `json:"quiet_after_ms,omitempty"`
	DoneWindowMs   *int  `json:"done_window_ms,omitempty"`
	StartupGraceMs *int  `json:"startup_grace_ms,omitempty"`
	ShortCommandMs *int  `json:"short_command_ms,omitempty"`
	ShellMarks     *bool `json:"shell_marks,omitempty"`
	StuckAfterMs   *int  `json:"stuck_after_ms,omitempty"`
}

type filePorts struct {
	Start *int `json:"start,omitempty"`
	End   *int `json:"end,omitempty"`
	Size  *int `json:"size,omitempty"`
}

// Load reads the config under home. It never fails startup: a missing or
// empty file gives the defaults; malformed content gives the defaults (for
// the whole file, or for the one section or value that is wrong) and the
// returned warning says what was ignored. The file is never touched.
func Load(home string) (Config, error) {
	cfg := Defaults()
	var warns []error
	themes, err := LoadUserThemes(home)
	cfg.UserThemes = themes
	if err != nil {
		warns = append(warns, err)
	}
	// The file may be a link (a dotfiles repository), but never to a
	// terminal or a FIFO: those would hang the start, or take what the
	// person types as the config.
	data, err := atomicfile.ReadState(Path(home))
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, errors.Join(warns...)
	}
	var refused *atomicfile.RefusedError
	if errors.As(err, &refused) {
		// The why first: a notice row cuts a long state-home path.
		return cfg, errors.Join(append(warns, fmt.Errorf("using default settings: %s %s (%s)", FileName, refused.Reason, refused.Path))...)
	}
	if err != nil {
		return cfg, errors.Join(append(warns, fmt.Errorf("using default settings: cannot read %s: %w", Path(home), err))...)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return cfg, errors.Join(warns...)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil || top == nil {
		return cfg, errors.Join(append(warns, fmt.Errorf("using default settings: %s is not a JSON object (%v)", Path(home), describe(err)))...)
	}
	if raw, ok := top["assistants"]; ok {
		warns = append(warns, applyAssistants(&cfg, raw)...)
	}
	if raw, ok := top["ui"]; ok {
		warns = append(warns, applyUI(&cfg, raw)...)
	}
	if raw, ok := top["ports"]; ok {
		warns = append(warns, applyPorts(&cfg, raw)...)
	}
	if raw, ok := top["status"]; ok {
		warns = append(warns, applyStatus(&cfg, raw)...)
	}
	if raw, ok := top["notify"]; ok {
		warns = append(warns, applyNotify(&cfg, raw)...)
	}
	if raw, ok := top["keys"]; ok {
		warns = append(warns, applyKeys(&cfg, raw)...)
	}
	if raw, ok := top["hosts"]; ok {
		warns = append(warns, applyHosts(&cfg, raw)...)
	}
	return cfg, errors.Join(warns...)
}

func describe(err error) string {
	if err == nil {
		return "null"
	}
	return err.Error()
}

func applyAssistants(cfg *Config, raw json.RawMessage) []error {
	var m map[string]fileAssistant
	if err := json.Unmarshal(raw, &m); err != nil {
		return []error{fmt.Errorf("config: assistants ignored: %w", err)}
	}
	var warns []error
	for _, name := range sortedKeys(m) {
		fa := m[name]
		a, builtin := cfg.Assistants[name]
		if !builtin {
			a = Assistant{InterruptCount: 1, InterruptDelayMs: 150}
		}
		if fa.Command != nil {
			if builtin && fa.ResumeCommand == nil && *fa.Command != a.Command {
				// The built-in resume continues the built-in program; another
				// program given without a resume of its own has none.
				a.ResumeCommand = ""
			}
			a.Command = *fa.Command
		}
		if fa.InterruptCount != nil {
			if *fa.InterruptCount < 0 {
				warns = append(warns, fmt.Errorf("config: assistants.%s.interrupt_count %d is negative, ignored", name, *fa.InterruptCount))
			} else {
				a.InterruptCount = *fa.InterruptCount
			}
		}
		if fa.InterruptDelayMs != nil {
			if *fa.InterruptDelayMs < 0 {
				warns = append(warns, fmt.Errorf("config: assistants.%s.interrupt_delay_ms %d is negative, ignored", name, *fa.InterruptDelayMs))
			} else {
				a.InterruptDelayMs = *fa.InterruptDelayMs
			}
		}
		if fa.ResumeCommand != nil {
			a.ResumeCommand = *fa.ResumeCommand // "" turns a built-in resume off
		}
		if a.Command == "" {
			warns = append(warns, fmt.Errorf("config: assistant %q has no command, ignored", name))
			continue
		}
		cfg.Assistants[name] = a
	}
	return warns
}

func applyUI(cfg *Config, raw json.RawMessage) []error {
	var fu fileUI
	if err := json.Unmarshal(raw, &fu); err != nil {
		return []error{fmt.Errorf("config: ui ignored: %w", err)}
	}
	var warns []error
	if fu.Theme != nil {
		if slices.Contains(cfg.ThemeNames(), *fu.Theme) {
			cfg.UI.Theme = *fu.Theme
		} else {
			warns = append(warns, fmt.Errorf("config: unknown theme %q (want one of %v), using %q", *fu.Theme, cfg.ThemeNames(), cfg.UI.Theme))
		}
	}
	setIf(&cfg.UI.TmuxServer, fu.TmuxServer)
	setIf(&cfg.UI.TmuxConfig, fu.TmuxConfig)
	setIf(&cfg.UI.ShowKeyHints, fu.ShowKeyHints)
	setIf(&cfg.UI.BellOnDone, fu.BellOnDone)
	if fu.Notifications != nil {
		if slices.Contains(NotifyStyles(), *fu.Notifications) {
			cfg.UI.Notifications = *fu.Notifications
		} else {
			warns = append(warns, fmt.Errorf("config: unknown notifications %q (want one of %v), using %q", *fu.Notifications, NotifyStyles(), cfg.UI.Notifications))
		}
	}
	return warns
}

func applyPorts(cfg *Config, raw json.RawMessage) []error {
	var fp filePorts
	if err := json.Unmarshal(raw, &fp); err != nil {
		return []error{fmt.Errorf("config: ports ignored: %w", err)}
	}
	p := cfg.Ports
	setIf(&p.Start, fp.Start)
	setIf(&p.End, fp.End)
	setIf(&p.Size, fp.Size)
	if err := p.Validate(); err != nil {
		return []error{fmt.Errorf("config: ports ignored: %w", err)}
	}
	cfg.Ports = p
	return nil
}

func applyStatus(cfg *Config, raw json.RawMessage) []error {
	var fs fileStatus
	if err := json.Unmarshal(raw, &fs); err != nil {
		return []error{fmt.Errorf("config: status ignored: %w", err)}
	}
	st := cfg.Status
	setIf(&st.QuietAfterMs, fs.QuietAfterMs)
	setIf(&st.DoneWindowMs, fs.DoneWindowMs)
	setIf(&st.StartupGraceMs, fs.StartupGraceMs)
	setIf(&st.ShortCommandMs, fs.ShortCommandMs)
	setIf(&st.ShellMarks, fs.ShellMarks)
	setIf(&st.StuckAfterMs, fs.StuckAfterMs)
	if st.QuietAfterMs < 500 || st.DoneWindowMs < 0 || st.StartupGraceMs < 0 || st.ShortCommandMs < 0 || st.StuckAfterMs < 0 {
		return []error{fmt.Errorf("config: status ignored: quiet_after_ms must be at least 500, done_window_ms, startup_grace_ms, short_command_ms and stuck_after_ms not negative")}
	}
	cfg.Status = st
	return nil
}

func setIf[T any](dst *T, src *T) {
	if src != nil {
		*dst = *src
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// update applies fn to the config document under its lock. It refuses,
// keeping the bytes, when the existing file cannot be read or is not a JSON
// object; a missing or empty file starts from an empty object.
func update(ctx context.Context, home string, fn func(top map[string]json.RawMessage) error) error {
	err := atomicfile.Update(ctx, Path(home), 0o600, func(old []byte, exists bool) ([]byte, error) {
		top := map[string]json.RawMessage{}
		if exists && len(bytes.TrimSpace(old)) > 0 {
			if err := json.Unmarshal(old, &top); err != nil || top == nil {
				return nil, fmt.Errorf("%w: %s is not a JSON object amux can read (%v); fix or remove it", ErrRefusedSave, Path(home), describe(err))
			}
		}
		if err := fn(top); err != nil {
			return nil, err
		}
		out, err := json.MarshalIndent(top, "", "  ")
		return append(out, '\n'), err
	})
	var pe *fs.PathError
	if err != nil && !errors.Is(err, ErrRefusedSave) && (errors.As(err, &pe) || errors.Is(err, atomicfile.ErrRefused)) {
		return fmt.Errorf("%w: %v", ErrRefusedSave, err)
	}
	return err
}
