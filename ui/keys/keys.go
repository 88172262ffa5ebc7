// Package keys is the action registry: every command a person can run is
// declared once, as data — an ID, its default keys, the scope where it
// applies, a label and a description. The hint bar, the `?` help, the
// command palette and docs/keys.md are all derived from it, so what amux
// says about its keys can never drift from what the keys do.
package keys

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
)

// ActionID names an action. It is stable: tests press keys by action ID.
type ActionID string

// Scope is where an action's keys apply.
type Scope string

// Action is one command.
type Action struct {
	ID    ActionID
	Scope Scope
	Keys  []string // Bubble Tea key strings: "j", "down", "ctrl+space", "enter"
	Label string   // short label for the hint bar: "new"
	Help  string   // one line for help and the palette: "Create a workspace"
	Hint  bool     // shown in the one-line hint bar
	// Palette is false for actions that only make sense as a key (cursor
	// movement); everything else can be run from the command palette.
	Palette bool
}

// Availability answers whether an action can run now and, when it cannot,
// why — the palette shows the reason instead of hiding the command.
type Availability func(ActionID) (ok bool, why string)

// AlwaysAvailable is the Availability of a context with no restrictions.
func AlwaysAvailable(ActionID) (bool, string) { return true, "" }

// Registry holds the actions of the application.
type Registry struct {
	actions []Action
	byID    map[ActionID]int
}

// NewRegistry builds a registry, refusing duplicate IDs, actions without
// an ID, a scope or help, and two actions of one scope sharing a key. An
// action may have no key: it is then run from the palette only.
func NewRegistry(actions ...Action) (*Registry, error) {
	r := &Registry{byID: make(map[ActionID]int, len(actions))}
	seen := map[string]ActionID{}
	for i, a := range actions {
		if a.ID == "" || a.Help == "" || a.Scope == "" {
			return nil, fmt.Errorf("action %d (%q) needs an ID, a scope and help", i, a.ID)
		}
		if _, dup := r.byID[a.ID]; dup {
			return nil, fmt.Errorf("duplicate action %q", a.ID)
		}
		for _, k := range a.Keys {
			slot := string(a.Scope) + "\x00" + k
			if other, clash := seen[slot]; clash {
				return nil, fmt.Errorf("key %q is bound to both %q and %q in scope %q", k, other, a.ID, a.Scope)
			}
			seen[slot] = a.ID
		}
		r.byID[a.ID] = i
		r.actions = append(r.actions, a)
	}
	return r, nil
}

// MustRegistry is NewRegistry for the application's static table.
func MustRegistry(actions ...Action) *Registry {
	r, err := NewRegistry(actions...)
	if err != nil {
		panic(err)
	}
	return r
}

// All returns every action in declaration order.
func (r *Registry) All() []Action { return append([]Action(nil), r.actions...) }

// Get returns the action with this ID.
func (r *Registry) Get(id ActionID) (Action, bool) {
	i, ok := r.byID[id]
	if !ok {
		return Action{}, false
	}
	return r.actions[i], true
}

// Match returns the action bound to key k in the first of scopes that binds
// it, if that action is available. Scopes are searched in order, so the
// innermost scope (a dialog) shadows the outer ones.
func (r *Registry) Match(k string, avail Availability, scopes ...Scope) (Action, bool) {
	for _, s := range scopes {
		for _, a := range r.actions {
			if a.Scope != s || !hasKey(a.Keys, k) {
				continue
			}
			if ok, _ := avail(a.ID); !ok {
				continue
			}
			return a, true
		}
	}
	return Action{}, false
}

// InScopes returns the actions of the given scopes, in declaration order.
func (r *Registry) InScopes(scopes ...Scope) []Action {
	var out []Action
	for _, a := range r.actions {
		for _, s := range scopes {
			if a.Scope == s {
				out = append(out, a)
				break
			}
		}
	}
	return out
}

// Binding converts an action into a bubbles key.Binding for the help view;
// an unavailable action is a disabled binding, which leaves the help.
func (r *Registry) Binding(a Action, avail Availability) key.Binding {
	b := key.NewBinding(key.WithKeys(a.Keys...), key.WithHelp(KeyLabel(a.Keys), a.Help))
	if ok, _ := avail(a.ID); !ok {
		b.SetEnabled(false)
	}
	return b
}

// KeyLabel renders keys for people: "ctrl+space" → "ctrl+space", several keys
// joined with "/", arrows as glyphs.
func KeyLabel(keys []string) string {
	names := make([]string, 0, len(keys))
	for _, k := range keys {
		if k == "ctrl+@" {
			continue // how some terminals spell ctrl+space: an alias, not news
		}
		names = append(names, prettyKey(k))
	}
	return strings.Join(names, "/")
}

func prettyKey(k string) string {
	switch k {
	case "up":
		return "↑"
	case "down":
		return "↓"
	case "left":
		return "←"
	case "right":
		return "→"
	case "enter":
		return "enter"
	case "esc":
		return "esc"
	}
	return k
}

func hasKey(keys []string, k string) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}
