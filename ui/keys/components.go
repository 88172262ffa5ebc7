package keys

import "strings"

// Component actions: the keys ui components read themselves (fields,
// lists, questions). Their default keys are rows of the application's
// action table like every other action, so the hint lines, the help and a
// remapping treat them the same; a component matches keys and renders its
// hints through the Map it is given, never from string literals.
const (
	FormSubmit    ActionID = "form-submit"     // submit the form (or confirm a typed confirm)
	FormCancel    ActionID = "form-cancel"     // close the dialog without doing anything
	FormNext      ActionID = "form-next-field" // focus the next field
	FormPrev      ActionID = "form-prev-field" // focus the previous field
	FormValueBack ActionID = "form-value-back" // a choice or on/off field: the previous value
	FormValueNext ActionID = "form-value-next" // the next value
	FormAddRow    ActionID = "form-add-row"    // a list of rows (assistants, env): add one
	FormDeleteRow ActionID = "form-delete-row" // remove the row under the cursor

	ListChoose   ActionID = "list-choose"    // take the highlighted row (or the typed path)
	ListCancel   ActionID = "list-cancel"    // close the list
	ListUp       ActionID = "list-up"        // highlight the row above
	ListDown     ActionID = "list-down"      // highlight the row below
	ListPageUp   ActionID = "list-page-up"   // a page up
	ListPageDown ActionID = "list-page-down" // a page down
	ListComplete ActionID = "list-complete"  // complete the typed path

	ConfirmYes ActionID = "confirm-yes" // answer a yes/no question yes
	ConfirmNo  ActionID = "confirm-no"  // answer it no

	ChoicePick   ActionID = "choice-pick"   // take the highlighted answer
	ChoiceCancel ActionID = "choice-cancel" // answer nothing, close the question
	ChoiceUp     ActionID = "choice-up"     // highlight the answer above
	ChoiceDown   ActionID = "choice-down"   // highlight the answer below

	ViewDown     ActionID = "view-down"       // scroll a text view a line down
	ViewUp       ActionID = "view-up"         // a line up
	ViewPageDown ActionID = "view-page-down"  // a page down
	ViewPageUp   ActionID = "view-page-up"    // a page up
	ViewTop      ActionID = "view-top"        // to the first line
	ViewBottom   ActionID = "view-bottom"     // to the last line (and follow new output)
	ViewSearch   ActionID = "view-search"     // search the text: literal, any case
	ViewNext     ActionID = "view-next-match" // the next match of the search
	ViewPrev     ActionID = "view-prev-match" // the previous match

	HistoryLive ActionID = "history-live" // leave a tab's scrolled-back history for the live screen
)

// Scopes of the component actions: each is active while its kind of
// component has the keys.
const (
	ScopeForm    Scope = "form"    // a dialog with text fields (forms, typed confirms, progress)
	ScopeList    Scope = "list"    // a filtered list with an input (palette, pickers)
	ScopeConfirm Scope = "confirm" // a yes/no question
	ScopeChoice  Scope = "choice"  // a question with a few answers
	ScopeView    Scope = "view"    // a scrolling text view (help, script output, a tab's history)
	ScopeHistory Scope = "history" // a tab scrolled back into its history (with ScopeView)
)

// ComponentActions are the component actions with their default keys. The
// components declare them here, next to their IDs; the application puts
// them into its registry with everything else.
func ComponentActions() []Action {
	a := func(id ActionID, scope Scope, ks []string, label, help string) Action {
		return Action{ID: id, Scope: scope, Keys: ks, Label: label, Help: help}
	}
	return []Action{
		a(FormSubmit, ScopeForm, []string{"enter"}, "submit", "Submit the dialog (a typed confirm only once the text matches)"),
		a(FormCancel, ScopeForm, []string{"esc"}, "cancel", "Close the dialog without doing anything"),
		a(FormNext, ScopeForm, []string{"tab", "down"}, "next field", "Next field"),
		a(FormPrev, ScopeForm, []string{"shift+tab", "up"}, "previous field", "Previous field"),
		a(FormValueBack, ScopeForm, []string{"left"}, "change", "A choice or on/off field: the previous value"),
		a(FormValueNext, ScopeForm, []string{"right"}, "change", "A choice or on/off field: the next value"),
		a(FormAddRow, ScopeForm, []string{"ctrl+n"}, "add", "Add a row (an assistant, a variable, a setup command)"),
		a(FormDeleteRow, ScopeForm, []string{"ctrl+d"}, "remove", "Remove the row under the cursor"),
		a(ListChoose, ScopeList, []string{"enter"}, "choose", "Take the highlighted row (or the typed path)"),
		a(ListCancel, ScopeList, []string{"esc", "ctrl+c"}, "close", "Close the list"),
		a(ListUp, ScopeList, []string{"up", "ctrl+p", "ctrl+k"}, "up", "Highlight the row above"),
		a(ListDown, ScopeList, []string{"down", "ctrl+n", "ctrl+j"}, "down", "Highlight the row below"),
		a(ListPageUp, ScopeList, []string{"pgup"}, "page up", "A page up"),
		a(ListPageDown, ScopeList, []string{"pgdown"}, "page down", "A page down"),
		a(ListComplete, ScopeList, []string{"tab"}, "complete", "Complete the typed path"),
		a(ConfirmYes, ScopeConfirm, []string{"enter", "y"}, "yes", "Answer yes"),
		a(ConfirmNo, ScopeConfirm, []string{"esc", "n"}, "no", "Answer no"),
		a(ChoicePick, ScopeChoice, []string{"enter"}, "pick", "Take the highlighted answer"),
		a(ChoiceCancel, ScopeChoice, []string{"esc"}, "cancel", "Answer nothing and close the question"),
		a(ChoiceUp, ScopeChoice, []string{"up", "k"}, "up", "Highlight the answer above"),
		a(ChoiceDown, ScopeChoice, []string{"down", "j"}, "down", "Highlight the answer below"),
		a(ViewDown, ScopeView, []string{"j", "down"}, "down", "Scroll a line down"),
		a(ViewUp, ScopeView, []string{"k", "up"}, "up", "Scroll a line up"),
		a(ViewPageDown, ScopeView, []string{"pgdown", "space", "ctrl+d"}, "page down", "Scroll a page down"),
		a(ViewPageUp, ScopeView, []string{"pgup", "ctrl+u"}, "page up", "Scroll a page up"),
		a(ViewTop, ScopeView, []string{"g", "home"}, "top", "Go to the first line"),
		a(ViewBottom, ScopeView, []string{"G", "end"}, "bottom", "Go to the last line (a live output follows from there)"),
		a(ViewSearch, ScopeView, []string{"/"}, "search", "Search the text (literal, any case; enter or a pasted newline accepts)"),
		a(ViewNext, ScopeView, []string{"n"}, "next", "Next match of the search"),
		a(ViewPrev, ScopeView, []string{"N"}, "previous", "Previous match of the search"),
	}
}

// HistoryActions are the actions of a tab scrolled back into its history
// that are its own (with it the keys.View* actions apply): the way back to
// the live screen. A separate list until the app's table gives
// ScopeHistory its place in the help; termview uses it for its defaults.
func HistoryActions() []Action {
	return []Action{{ID: HistoryLive, Scope: ScopeHistory, Keys: []string{"esc", "q"}, Label: "live",
		Help: "Back to the live screen (any key the history does not use does that too, and reaches the program)"}}
}

// Map is what a component needs from the registry: the keys bound to each
// action. It is a read-only value, cheap to copy into components.
type Map struct{ keys map[ActionID][]string }

// Map returns the keys of every action in the registry.
func (r *Registry) Map() Map {
	m := Map{keys: make(map[ActionID][]string, len(r.actions))}
	for _, a := range r.actions {
		m.keys[a.ID] = a.Keys
	}
	return m
}

// Is reports whether key k is bound to action id.
func (m Map) Is(id ActionID, k string) bool { return hasKey(m.keys[id], k) }

// Label renders the keys of id for people ("enter", "tab/↓").
func (m Map) Label(id ActionID) string { return KeyLabel(m.keys[id]) }

// First renders only the first key of id: for running text ("press i").
func (m Map) First(id ActionID) string {
	ks := m.keys[id]
	if len(ks) == 0 {
		return string(id)
	}
	return KeyLabel(ks[:1])
}

// Hints renders "keys: what" pairs joined by " · ", in the given order:
// a component's footer.
func (m Map) Hints(pairs ...Hint) string {
	parts := make([]string, 0, len(pairs))
	for _, p := range pairs {
		if l := m.Label(p.ID); l != "" {
			parts = append(parts, l+": "+p.What)
		}
	}
	return strings.Join(parts, " · ")
}

// Hint pairs an action with what its keys do in one footer.
type Hint struct {
	ID   ActionID
	What string
}

// ListMoves are a list component's four moves in scope, on the keys every
// list here uses (j/k and the arrows, g/G and Home/End), their help naming
// what the list holds ("file", "entry"). The sidebar's Changes list and
// Project tree share them.
func ListMoves(scope Scope, down, up, top, bottom ActionID, item string) []Action {
	return []Action{
		{ID: down, Scope: scope, Keys: []string{"j", "down"}, Label: "down", Help: "Next " + item},
		{ID: up, Scope: scope, Keys: []string{"k", "up"}, Label: "up", Help: "Previous " + item},
		{ID: top, Scope: scope, Keys: []string{"g", "home"}, Label: "top", Help: "First " + item},
		{ID: bottom, Scope: scope, Keys: []string{"G", "end"}, Label: "bottom", Help: "Last " + item},
	}
}
