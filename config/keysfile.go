package config

import (
	"encoding/json"
	"fmt"
	"strings"
)

// applyKeys reads the "keys" section: an object of action ID to a list of
// key names, e.g. {"new-workspace": ["N"], "refresh": ["ctrl+r", "f5"]}. An
// empty list leaves the action to the palette. Config checks only the
// shape — which IDs exist and which keys clash is ui/keys' to say — and
// drops an entry it cannot read, keeping the rest.
func applyKeys(cfg *Config, raw json.RawMessage) []error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || (m == nil && string(raw) != "null") {
		return []error{fmt.Errorf("config: keys ignored: want an object of action ID to a list of keys (%v)", describe(err))}
	}
	var warns []error
	out := map[string][]string{}
	for _, id := range sortedKeys(m) {
		ks, err := parseKeyList(id, m[id])
		if err != nil {
			warns = append(warns, err)
			continue
		}
		out[id] = ks
	}
	if len(out) > 0 {
		cfg.Keys = out
	}
	return warns
}

func parseKeyList(id string, raw json.RawMessage) ([]string, error) {
	if strings.TrimSpace(id) == "" {
		return nil, fmt.Errorf("config: keys: an empty action ID, ignored")
	}
	var ks []string
	if err := json.Unmarshal(raw, &ks); err != nil {
		return nil, fmt.Errorf("config: keys.%s ignored: want a list of key names (%v)", id, err)
	}
	seen := map[string]bool{}
	clean := make([]string, 0, len(ks))
	for _, k := range ks {
		if k == "" || strings.TrimSpace(k) != k && k != " " {
			return nil, fmt.Errorf("config: keys.%s ignored: %q is not a key name", id, k)
		}
		if seen[k] {
			return nil, fmt.Errorf("config: keys.%s ignored: %q listed twice", id, k)
		}
		seen[k] = true
		clean = append(clean, k)
	}
	return clean, nil
}
