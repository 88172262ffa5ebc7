package keys

// Row is one action of a component, declared once: what the registry
// needs (its keys, label, help and flags) and why it cannot run in the
// component's state S. A component's Table is the only list of its
// actions: the IDs it matches keys against, its footer hints and the rows
// the application puts into its registry are all read from it, so there is
// no second list to keep in step.
type Row[S any] struct {
	ID ActionID
	// Scope is the row's own scope; empty takes the scope the application
	// gives the whole table (a list's keys are the sidebar's or a dialog's).
	Scope Scope
	Keys  []string
	Label string // the hint bar's and the component footer's word
	Help  string
	// Hint puts the action in the hint bar and in the component's footer.
	Hint    bool
	Palette bool
	// Why says why the action cannot run in s, "" when it can. Every row
	// has one (Always for an action that runs whenever its component has
	// the keys), so the palette, the help and a key that did nothing can
	// say the reason the component itself would give.
	Why func(s S) string
}

// Always is the Why of an action that can run whenever its component has
// the keys.
func Always[S any](S) string { return "" }

// Table is a component's actions in the order its help and footer list
// them.
type Table[S any] []Row[S]

// Actions are the table's rows as registry actions, in scope (a row's own
// scope wins): what the application adds to its table, or a test's
// registry.
func (t Table[S]) Actions(scope Scope) []Action {
	out := make([]Action, len(t))
	for i, r := range t {
		s := r.Scope
		if s == "" {
			s = scope
		}
		out[i] = Action{ID: r.ID, Scope: s, Keys: r.Keys, Label: r.Label, Help: r.Help, Hint: r.Hint, Palette: r.Palette}
	}
	return out
}

// IDs are the table's action IDs, in order.
func (t Table[S]) IDs() []ActionID {
	out := make([]ActionID, len(t))
	for i, r := range t {
		out[i] = r.ID
	}
	return out
}

// Hints are the component's footer: its Hint rows, each named by its
// label, in order.
func (t Table[S]) Hints() []Hint {
	var out []Hint
	for _, r := range t {
		if r.Hint {
			out = append(out, Hint{ID: r.ID, What: r.Label})
		}
	}
	return out
}

// Find returns the table's action that key k is bound to in km: how a
// component matches a key press against its own actions only.
func (t Table[S]) Find(km Map, k string) (ActionID, bool) {
	for _, r := range t {
		if km.Is(r.ID, k) {
			return r.ID, true
		}
	}
	return "", false
}

// Why answers for action id in state s: why it cannot run ("" when it
// can); mine is false when id is not one of the table's.
func (t Table[S]) Why(s S, id ActionID) (why string, mine bool) {
	for _, r := range t {
		if r.ID == id {
			if r.Why == nil {
				return "", true
			}
			return r.Why(s), true
		}
	}
	return "", false
}

// Availability is the table's answer in state s as the registry asks it;
// an action that is not the table's is unavailable.
func (t Table[S]) Availability(s S) Availability {
	return func(id ActionID) (bool, string) {
		why, mine := t.Why(s, id)
		if !mine {
			return false, "not an action of this component"
		}
		return why == "", why
	}
}
