package config

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
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
}

type fileUI struct {
	Theme        *string `json:"theme,omitempty"`
	TmuxServer   *string `json:"tmux_server,omitempty"`
	TmuxConfig   *string `json:"tmux_config,omitempty"`
	ShowKeyHints *bool   `json:"show_key_hints,omitempty"`
	BellOnDone   *bool   `json:"bell_on_done,omitempty"`
}

type fileStatus struct {
	QuietAfterMs   *int `json:"quiet_after_ms,omitempty"`
	DoneWindowMs   *int `json:"done_window_ms,omitempty"`
	StartupGraceMs *int `json:"startup_grace_ms,omitempty"`
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
	data, err := os.ReadFile(Path(home))
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, nil
	}
	if err != nil {
		return cfg, fmt.Errorf("using default settings: cannot read %s: %w", Path(home), err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return cfg, nil
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil || top == nil {
		return cfg, fmt.Errorf("using default settings: %s is not a JSON object (%v)", Path(home), describe(err))
	}
	var warns []error
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
		if slices.Contains(ThemeNames(), *fu.Theme) {
			cfg.UI.Theme = *fu.Theme
		} else {
			warns = append(warns, fmt.Errorf("config: unknown theme %q (want one of %v), using %q", *fu.Theme, ThemeNames(), cfg.UI.Theme))
		}
	}
	setIf(&cfg.UI.TmuxServer, fu.TmuxServer)
	setIf(&cfg.UI.TmuxConfig, fu.TmuxConfig)
	setIf(&cfg.UI.ShowKeyHints, fu.ShowKeyHints)
	setIf(&cfg.UI.BellOnDone, fu.BellOnDone)
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
	if st.QuietAfterMs < 500 || st.DoneWindowMs < 0 || st.StartupGraceMs < 0 {
		return []error{fmt.Errorf("config: status ignored: quiet_after_ms must be at least 500, done_window_ms and startup_grace_ms not negative")}
	}
	cfg.Status = st
	return nil
}

// Validate reports whether the port settings describe a usable space.
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
	if err != nil && !errors.Is(err, ErrRefusedSave) && errors.As(err, &pe) {
		return fmt.Errorf("%w: %v", ErrRefusedSave, err)
	}
	return err
}
