package config

import (
	"context"
	"encoding/json"
	"fmt"
)

// SaveUI writes the UI section's changed values (an empty Notifications is
// the default), keeping every other key of the document (and the values
// and unknown keys inside "ui" it does not change) as they were.
func SaveUI(ctx context.Context, home string, ui UI) error {
	if ui.Notifications == "" {
		ui.Notifications = Defaults().UI.Notifications
	}
	def := Defaults().UI
	return update(ctx, home, func(top map[string]json.RawMessage) error {
		return mergeChanged(top, "ui", uiFields(ui), uiFields(def))
	})
}

// SaveAssistants writes the given assistants with every field explicit, so
// an interrupt count or delay of 0 is saved as 0 and never reverts to a
// default. Assistants not named are left as they are in the file.
func SaveAssistants(ctx context.Context, home string, assistants map[string]Assistant) error {
	return UpdateAssistants(ctx, home, assistants, nil)
}

// mergeSection sets fields inside the object top[key], creating it when
// absent and keeping keys it does not name.
func mergeSection(top map[string]json.RawMessage, key string, fields map[string]any) error {
	obj, err := sectionObject(top, key)
	if err != nil {
		return err
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

// sectionObject decodes the object top[key]; an absent or null section is
// an empty object (a user's "assistants": null must not crash a save), any
// other non-object refuses the save so the file is preserved.
func sectionObject(top map[string]json.RawMessage, key string) (map[string]json.RawMessage, error) {
	obj := map[string]json.RawMessage{}
	raw, ok := top[key]
	if !ok || string(raw) == "null" {
		return obj, nil
	}
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return nil, fmt.Errorf("%w: %q is not an object", ErrRefusedSave, key)
	}
	return obj, nil
}
