package config

import (
	"context"
	"encoding/json"
	"fmt"
)

// SaveUI writes the UI section, keeping every other key of the document
// (and unknown keys inside "ui") as they were.
func SaveUI(ctx context.Context, home string, ui UI) error {
	return update(ctx, home, func(top map[string]json.RawMessage) error {
		return mergeSection(top, "ui", map[string]any{
			"theme": ui.Theme, "tmux_server": ui.TmuxServer, "tmux_config": ui.TmuxConfig,
			"show_key_hints": ui.ShowKeyHints, "bell_on_done": ui.BellOnDone,
		})
	})
}

// SavePorts writes the port settings for new reservations.
func SavePorts(ctx context.Context, home string, p Ports) error {
	if err := p.Validate(); err != nil {
		return err
	}
	return update(ctx, home, func(top map[string]json.RawMessage) error {
		return mergeSection(top, "ports", map[string]any{"start": p.Start, "end": p.End, "size": p.Size})
	})
}

// SaveAssistants writes the given assistants with every field explicit, so
// an interrupt count or delay of 0 is saved as 0 and never reverts to a
// default. Assistants not named are left as they are in the file.
func SaveAssistants(ctx context.Context, home string, assistants map[string]Assistant) error {
	for name, a := range assistants {
		if name == "" || a.Command == "" {
			return fmt.Errorf("assistant %q needs a name and a command", name)
		}
		if a.InterruptCount < 0 || a.InterruptDelayMs < 0 {
			return fmt.Errorf("assistant %q: interrupt settings cannot be negative", name)
		}
	}
	return update(ctx, home, func(top map[string]json.RawMessage) error {
		section := map[string]json.RawMessage{}
		if raw, ok := top["assistants"]; ok {
			if err := json.Unmarshal(raw, &section); err != nil {
				return fmt.Errorf("%w: assistants section is not an object", ErrRefusedSave)
			}
		}
		for _, name := range sortedKeys(assistants) {
			a := assistants[name]
			if err := mergeSection(section, name, map[string]any{
				"command": a.Command, "interrupt_count": a.InterruptCount, "interrupt_delay_ms": a.InterruptDelayMs,
			}); err != nil {
				return err
			}
		}
		raw, err := json.Marshal(section)
		top["assistants"] = raw
		return err
	})
}

// mergeSection sets fields inside the object top[key], creating it when
// absent and keeping keys it does not name.
func mergeSection(top map[string]json.RawMessage, key string, fields map[string]any) error {
	obj := map[string]json.RawMessage{}
	if raw, ok := top[key]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &obj); err != nil {
			return fmt.Errorf("%w: %q is not an object", ErrRefusedSave, key)
		}
	}
	for k, v := range fields {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		obj[k] = b
	}
	raw, err := json.Marshal(obj)
	top[key] = raw
	return err
}
