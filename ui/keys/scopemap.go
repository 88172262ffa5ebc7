package keys

import "strings"

// ScopeMap is the part of the registry one component needs: the actions of
// its scope, to match key presses against and to render its hint line from.
// A component takes one from the app (Registry.Scope) and never names a key
// itself, so a rebinding in the table reaches its keys and its hints alike.
type ScopeMap struct {
	reg   *Registry
	scope Scope
	avail Availability
}

// Scope returns the map of one scope. avail may be nil (always available).
func (r *Registry) Scope(scope Scope, avail Availability) ScopeMap {
	if avail == nil {
		avail = AlwaysAvailable
	}
	return ScopeMap{reg: r, scope: scope, avail: avail}
}

// Lookup returns the action bound to key k in the scope, if it is available.
func (m ScopeMap) Lookup(k string) (ActionID, bool) {
	if m.reg == nil {
		return "", false
	}
	a, ok := m.reg.Match(k, m.avail, m.scope)
	return a.ID, ok
}

// Keys returns the label of id's keys ("n", "j/↓"), "" when it has none.
func (m ScopeMap) Keys(id ActionID) string {
	if m.reg == nil {
		return ""
	}
	a, ok := m.reg.Get(id)
	if !ok {
		return ""
	}
	return KeyLabel(a.Keys)
}

// Hints renders "key label" pairs for ids, in order, joined by sep; an
// action without keys or unknown to the registry is left out.
func (m ScopeMap) Hints(sep string, ids ...ActionID) string {
	if m.reg == nil {
		return ""
	}
	parts := make([]string, 0, len(ids))
	for _, id := range ids {
		a, ok := m.reg.Get(id)
		if !ok || len(a.Keys) == 0 {
			continue
		}
		if ok, _ := m.avail(id); !ok {
			continue
		}
		parts = append(parts, KeyLabel(a.Keys)+" "+a.Label)
	}
	return strings.Join(parts, sep)
}
