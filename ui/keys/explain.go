package keys

// Explanation says why a key press did nothing: the action the key is bound
// to here and why it cannot run now, or an action the key runs in another
// place (a scope that is not active).
type Explanation struct {
	Action Action
	// Why is the action's reason for being unavailable; empty when the key
	// belongs to a scope that is not active.
	Why string
	// Elsewhere is true when the key is bound only in inactive scopes.
	Elsewhere bool
}

// Explain finds what key k would have done. It first looks in the active
// scopes (innermost first) for an action bound to k that avail refuses, and
// returns its reason; failing that, for an action bound to k in any other
// scope. ok is false when k is bound nowhere.
func (r *Registry) Explain(k string, avail Availability, active ...Scope) (Explanation, bool) {
	for _, s := range active {
		for _, a := range r.actions {
			if a.Scope != s || !hasKey(a.Keys, k) {
				continue
			}
			ok, why := avail(a.ID)
			if ok {
				return Explanation{}, false // it can run: nothing to explain
			}
			if why == "" {
				why = "not available here"
			}
			return Explanation{Action: a, Why: why}, true
		}
	}
	for _, a := range r.actions {
		if hasKey(a.Keys, k) && !containsScope(active, a.Scope) {
			return Explanation{Action: a, Elsewhere: true}, true
		}
	}
	return Explanation{}, false
}

// Message is the one line a person sees: "D delete: select a workspace",
// or "n new: works in <where(scope)>". where names a scope for people
// ("the project list"); nil uses the scope's ID.
func (e Explanation) Message(k string, where func(Scope) string) string {
	label := e.Action.Label
	if label == "" {
		label = e.Action.Help
	}
	if !e.Elsewhere {
		return prettyKey(k) + " " + label + ": " + e.Why
	}
	place := string(e.Action.Scope)
	if where != nil {
		place = where(e.Action.Scope)
	}
	return prettyKey(k) + " " + label + ": works in " + place
}

// KeysOf renders the keys bound to an action ("n", "k/↑"), or "" when the
// action has none or does not exist — for any text that names a key.
func (r *Registry) KeysOf(id ActionID) string {
	a, ok := r.Get(id)
	if !ok {
		return ""
	}
	return KeyLabel(a.Keys)
}

func containsScope(ss []Scope, s Scope) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
