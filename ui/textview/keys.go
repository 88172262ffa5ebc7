package textview

import "amux.dev/amux/ui/keys"

// Scope is where the viewer's keys apply: an open output viewer.
const Scope keys.Scope = "viewer"

// The viewer's actions, by ID (tests press them by these).
const (
	ActDown      keys.ActionID = "viewer-down"
	ActUp        keys.ActionID = "viewer-up"
	ActPageDown  keys.ActionID = "viewer-page-down"
	ActPageUp    keys.ActionID = "viewer-page-up"
	ActTop       keys.ActionID = "viewer-top"
	ActBottom    keys.ActionID = "viewer-bottom"
	ActSearch    keys.ActionID = "viewer-search"
	ActNextMatch keys.ActionID = "viewer-next-match"
	ActPrevMatch keys.ActionID = "viewer-prev-match"
)

// Actions are the viewer's keys as registry rows, for the app's table (so
// help, hints and remapping see them) and for the viewer itself.
func Actions() []keys.Action {
	a := func(id keys.ActionID, ks []string, label, help string, hint bool) keys.Action {
		return keys.Action{ID: id, Scope: Scope, Keys: ks, Label: label, Help: help, Hint: hint}
	}
	return []keys.Action{
		a(ActDown, []string{"j", "down"}, "down", "Scroll down a line", false),
		a(ActUp, []string{"k", "up"}, "up", "Scroll up a line", false),
		a(ActPageDown, []string{"pgdown", "space", "ctrl+f"}, "page down", "Scroll down a page", false),
		a(ActPageUp, []string{"pgup", "b", "ctrl+b"}, "page up", "Scroll up a page", false),
		a(ActTop, []string{"g", "home"}, "top", "Go to the first line", true),
		a(ActBottom, []string{"G", "end"}, "bottom", "Go to the last line and follow new output", true),
		a(ActSearch, []string{"/"}, "search", "Search the output (literal, any case); enter accepts", true),
		a(ActNextMatch, []string{"n"}, "next", "Next match", true),
		a(ActPrevMatch, []string{"N"}, "prev", "Previous match", true),
	}
}
