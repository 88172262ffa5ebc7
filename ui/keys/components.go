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

// Widgets is the state the shared widgets' actions are asked about: none.
// A form's, a list's, a question's or a view's keys run whenever the
// widget has them (on an empty list or a view with no search they do
// nothing visible); where a key belongs to a widget that is not open, the
// registry says where it works instead (Registry.Explain).
type Widgets struct{}

// widgetTable is every shared widget's action, declared once.
var widgetTable = Table[Widgets]{
	{ID: FormSubmit, Scope: ScopeForm, Keys: []string{"enter"}, Label: "submit", Help: "Submit the dialog (a typed confirm only once the text matches)", Why: Always[Widgets]},
	{ID: FormCancel, Scope: ScopeForm, Keys: []string{"esc"}, Label: "cancel", Help: "Close the dialog without doing anything", Why: Always[Widgets]},
	{ID: FormNext, Scope: ScopeForm, Keys: []string{"tab", "down"}, Label: "next field", Help: "Next field", Why: Always[Widgets]},
	{ID: FormPrev, Scope: ScopeForm, Keys: []string{"shift+tab", "up"}, Label: "previous field", Help: "Previous field", Why: Always[Widgets]},
	{ID: FormValueBack, Scope: ScopeForm, Keys: []string{"left"}, Label: "change", Help: "A choice or on/off field: the previous value", Why: Always[Widgets]},
	{ID: FormValueNext, Scope: ScopeForm, Keys: []string{"right"}, Label: "change", Help: "A choice or on/off field: the next value", Why: Always[Widgets]},
	{ID: FormAddRow, Scope: ScopeForm, Keys: []string{"ctrl+n"}, Label: "add", Help: "Add a row (an assistant, a variable, a setup command)", Why: Always[Widgets]},
	{ID: FormDeleteRow, Scope: ScopeForm, Keys: []string{"ctrl+d"}, Label: "remove", Help: "Remove the row under the cursor", Why: Always[Widgets]},
	{ID: ListChoose, Scope: ScopeList, Keys: []string{"enter"}, Label: "choose", Help: "Take the highlighted row (or the typed path)", Why: Always[Widgets]},
	{ID: ListCancel, Scope: ScopeList, Keys: []string{"esc", "ctrl+c"}, Label: "close", Help: "Close the list", Why: Always[Widgets]},
	{ID: ListUp, Scope: ScopeList, Keys: []string{"up", "ctrl+p", "ctrl+k"}, Label: "up", Help: "Highlight the row above", Why: Always[Widgets]},
	{ID: ListDown, Scope: ScopeList, Keys: []string{"down", "ctrl+n", "ctrl+j"}, Label: "down", Help: "Highlight the row below", Why: Always[Widgets]},
	{ID: ListPageUp, Scope: ScopeList, Keys: []string{"pgup"}, Label: "page up", Help: "A page up", Why: Always[Widgets]},
	{ID: ListPageDown, Scope: ScopeList, Keys: []string{"pgdown"}, Label: "page down", Help: "A page down", Why: Always[Widgets]},
	{ID: ListComplete, Scope: ScopeList, Keys: []string{"tab"}, Label: "complete", Help: "Complete the typed path", Why: Always[Widgets]},
	{ID: ConfirmYes, Scope: ScopeConfirm, Keys: []string{"enter", "y"}, Label: "yes", Help: "Answer yes", Why: Always[Widgets]},
	{ID: ConfirmNo, Scope: ScopeConfirm, Keys: []string{"esc", "n"}, Label: "no", Help: "Answer no", Why: Always[Widgets]},
	{ID: ChoicePick, Scope: ScopeChoice, Keys: []string{"enter"}, Label: "pick", Help: "Take the highlighted answer", Why: Always[Widgets]},
	{ID: ChoiceCancel, Scope: ScopeChoice, Keys: []string{"esc"}, Label: "cancel", Help: "Answer nothing and close the question", Why: Always[Widgets]},
	{ID: ChoiceUp, Scope: ScopeChoice, Keys: []string{"up", "k"}, Label: "up", Help: "Highlight the answer above", Why: Always[Widgets]},
	{ID: ChoiceDown, Scope: ScopeChoice, Keys: []string{"down", "j"}, Label: "down", Help: "Highlight the answer below", Why: Always[Widgets]},
	{ID: ViewDown, Scope: ScopeView, Keys: []string{"j", "down"}, Label: "down", Help: "Scroll a line down", Why: Always[Widgets]},
	{ID: ViewUp, Scope: ScopeView, Keys: []string{"k", "up"}, Label: "up", Help: "Scroll a line up", Why: Always[Widgets]},
	{ID: ViewPageDown, Scope: ScopeView, Keys: []string{"pgdown", "space", "ctrl+d"}, Label: "page down", Help: "Scroll a page down", Why: Always[Widgets]},
	{ID: ViewPageUp, Scope: ScopeView, Keys: []string{"pgup", "ctrl+u"}, Label: "page up", Help: "Scroll a page up", Why: Always[Widgets]},
	{ID: ViewTop, Scope: ScopeView, Keys: []string{"g", "home"}, Label: "top", Help: "Go to the first line", Why: Always[Widgets]},
	{ID: ViewBottom, Scope: ScopeView, Keys: []string{"G", "end"}, Label: "bottom", Help: "Go to the last line (a live output follows from there)", Why: Always[Widgets]},
	{ID: ViewSearch, Scope: ScopeView, Keys: []string{"/"}, Label: "search", Help: "Search the text (literal, any case; enter or a pasted newline accepts)", Why: Always[Widgets]},
	{ID: ViewNext, Scope: ScopeView, Keys: []string{"n"}, Label: "next", Help: "Next match of the search", Why: Always[Widgets]},
	{ID: ViewPrev, Scope: ScopeView, Keys: []string{"N"}, Label: "previous", Help: "Previous match of the search", Why: Always[Widgets]},
}

// historyTable is the actions of a tab scrolled back into its history that
// are its own (with it the keys.View* actions apply): the way back to the
// live screen.
var historyTable = Table[Widgets]{
	{ID: HistoryLive, Scope: ScopeHistory, Keys: []string{"esc", "q"}, Label: "live",
		Help: "Back to the live screen (any key the history does not use does that too, and reaches the program)",
		Why:  Always[Widgets]},
}

// WidgetTable is the shared widgets' actions with their default keys and
// their why (tests read every row through it).
func WidgetTable() Table[Widgets] {
	return append(append(Table[Widgets](nil), widgetTable...), historyTable...)
}

// ComponentActions are the shared widgets' actions with their default
// keys, in their own scopes; the application puts them into its registry
// with everything else.
func ComponentActions() []Action { return widgetTable.Actions("") }

// HistoryActions are the actions of a tab scrolled back into its history
// that are its own. A separate list until the app's table gives
// ScopeHistory its place in the help; termview uses it for its defaults.
func HistoryActions() []Action { return historyTable.Actions("") }

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
