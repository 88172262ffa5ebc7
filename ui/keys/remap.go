package keys

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// RemapError is one override of config.json's "keys" section that was not
// applied, and why. Clashes name both actions and the scopes where they
// meet; the actions involved keep their default keys.
type RemapError struct {
	ID     ActionID // the overridden action
	Other  ActionID // for a clash: the action it met
	Key    string   // the key at fault, when there is one
	Scopes []Scope  // for a clash: the scopes active together where both apply
	Reason string
}

// Error implements error.
func (e *RemapError) Error() string {
	if e.Other != "" {
		return fmt.Sprintf("keys: %q for %s clashes with %s (both active in %s); %s keeps its default keys",
			e.Key, e.ID, e.Other, joinScopes(e.Scopes), e.ID)
	}
	if e.Key != "" {
		return fmt.Sprintf("keys.%s: %q %s; keeping its default keys", e.ID, e.Key, e.Reason)
	}
	return fmt.Sprintf("keys.%s: %s", e.ID, e.Reason)
}

func joinScopes(ss []Scope) string {
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = string(s)
	}
	return strings.Join(names, "+")
}

// Remap applies overrides (action ID → keys replacing its defaults, as
// config.json's "keys" section gives them) to actions and returns the
// actions to build the registry from. groups lists the sets of scopes that
// are active together (each scope is also checked on its own).
//
// An unknown ID or a key name that is not one is reported and skipped. A
// key that an override makes meet another action's key within one group is
// a clash: both actions are named, and every overridden action in a clash
// keeps its defaults — repeated until no clash is left, which ends at the
// defaults at worst (they have no clash: a test of the table says so).
func Remap(actions []Action, overrides map[string][]string, groups [][]Scope) ([]Action, []error) {
	out := slices.Clone(actions)
	byID := map[ActionID]int{}
	for i, a := range out {
		byID[a.ID] = i
	}
	var errs []error
	applied := map[ActionID]bool{}
	for _, id := range sortedIDs(overrides) {
		i, ok := byID[ActionID(id)]
		if !ok {
			errs = append(errs, &RemapError{ID: ActionID(id), Reason: "no action has this ID (docs/keys.md lists them)"})
			continue
		}
		ks, err := normalizeKeys(ActionID(id), overrides[id])
		if err == nil && len(ks) == 0 && !out[i].Palette {
			// No palette entry to fall back on: without a key it could not
			// run at all (the palette itself, the cursor moves).
			err = &RemapError{ID: ActionID(id), Reason: "is not in the palette, so an empty list would leave no way to run it; keeping its default keys"}
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out[i].Keys = ks
		applied[ActionID(id)] = true
	}
	for _, s := range allScopes(out) {
		groups = append(groups, []Scope{s})
	}
	for {
		clashes := findClashes(out, groups, applied)
		if len(clashes) == 0 {
			return out, errs
		}
		for _, c := range clashes {
			errs = append(errs, c)
			for _, id := range []ActionID{c.ID, c.Other} {
				if applied[id] {
					out[byID[id]].Keys = actions[byID[id]].Keys
					delete(applied, id)
				}
			}
		}
	}
}

// findClashes lists each pair of actions sharing a key within a group, where
// at least one of the two was overridden (the first such is ID).
func findClashes(actions []Action, groups [][]Scope, applied map[ActionID]bool) []*RemapError {
	var out []*RemapError
	reported := map[string]bool{}
	for _, g := range groups {
		seen := map[string]ActionID{}
		for _, a := range actions {
			if !slices.Contains(g, a.Scope) {
				continue
			}
			for _, k := range a.Keys {
				other, dup := seen[k]
				if !dup {
					seen[k] = a.ID
					continue
				}
				if other == a.ID || (!applied[a.ID] && !applied[other]) {
					continue
				}
				id, with := a.ID, other
				if !applied[id] {
					id, with = other, a.ID
				}
				if tag := string(id) + "\x00" + string(with) + "\x00" + k; !reported[tag] {
					reported[tag] = true
					out = append(out, &RemapError{ID: id, Other: with, Key: k, Scopes: g})
				}
			}
		}
	}
	return out
}

func allScopes(actions []Action) []Scope {
	var out []Scope
	for _, a := range actions {
		if !slices.Contains(out, a.Scope) {
			out = append(out, a.Scope)
		}
	}
	return out
}

func sortedIDs(m map[string][]string) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func normalizeKeys(id ActionID, ks []string) ([]string, error) {
	out := make([]string, 0, len(ks))
	for _, k := range ks {
		n, err := NormalizeKey(k)
		if err != nil {
			return nil, &RemapError{ID: id, Key: k, Reason: err.Error()}
		}
		if slices.Contains(out, n) {
			return nil, &RemapError{ID: id, Key: k, Reason: "is listed twice"}
		}
		out = append(out, n)
	}
	return out, nil
}

// modifierOrder is the order Bubble Tea writes modifiers in a key string.
var modifierOrder = []string{"ctrl", "alt", "shift", "meta", "hyper", "super"}

// namedKeys are the key names a binding may use besides a single character.
var namedKeys = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range []string{"enter", "tab", "backspace", "esc", "space", "up", "down", "left", "right",
		"insert", "delete", "pgup", "pgdown", "home", "end"} {
		m[k] = true
	}
	for i := 1; i <= 20; i++ {
		m[fmt.Sprintf("f%d", i)] = true
	}
	return m
}()

// NormalizeKey checks a key name as a person writes it and returns it the
// way Bubble Tea spells the key press: modifiers in its order, "escape" as
// "esc". A character is written as itself ("N", "?"): shift+<character>
// alone never arrives, since the terminal sends the shifted character.
func NormalizeKey(k string) (string, error) {
	if k == "" {
		return "", fmt.Errorf("is empty")
	}
	if k == "+" {
		return k, nil
	}
	parts := strings.Split(k, "+")
	base := parts[len(parts)-1]
	mods := parts[:len(parts)-1]
	if base == "" && len(parts) >= 2 && parts[len(parts)-2] == "" {
		base, mods = "+", parts[:len(parts)-2] // "ctrl++"
	}
	has := map[string]bool{}
	for _, m := range mods {
		m = strings.ToLower(m)
		if !slices.Contains(modifierOrder, m) {
			return "", fmt.Errorf("has an unknown modifier %q (want ctrl, alt, shift, meta, hyper or super)", m)
		}
		if has[m] {
			return "", fmt.Errorf("repeats %q", m)
		}
		has[m] = true
	}
	if base == "escape" {
		base = "esc"
	}
	lower := strings.ToLower(base)
	switch {
	case namedKeys[lower]:
		base = lower
	case utf8.RuneCountInString(base) == 1:
		r, _ := utf8.DecodeRuneInString(base)
		if !unicode.IsPrint(r) || r == ' ' {
			return "", fmt.Errorf("is not a printable character (write space as \"space\")")
		}
		if len(has) == 1 && has["shift"] {
			return "", fmt.Errorf("never arrives: write the shifted character itself (e.g. \"N\" or \"?\")")
		}
		if has["ctrl"] || has["alt"] {
			base = strings.ToLower(base)
		}
	default:
		return "", fmt.Errorf("is not a key name (a character, or one of enter, tab, esc, space, arrows, home/end, pgup/pgdown, insert/delete, backspace, f1–f20, with ctrl+/alt+/… in front)")
	}
	var b strings.Builder
	for _, m := range modifierOrder {
		if has[m] {
			b.WriteString(m + "+")
		}
	}
	b.WriteString(base)
	return b.String(), nil
}
