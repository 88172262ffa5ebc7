package diffview

import "amux.dev/amux/ui/keys"

// The viewer's actions. The app puts them in its registry (DefaultActions
// gives their default keys) and hands the viewer the registry's keys.Map:
// the viewer matches keys and renders hints only through it.
const (
	ActDown       keys.ActionID = "diff.down"
	ActUp         keys.ActionID = "diff.up"
	ActPageDown   keys.ActionID = "diff.page-down"
	ActPageUp     keys.ActionID = "diff.page-up"
	ActHalfDown   keys.ActionID = "diff.half-down"
	ActHalfUp     keys.ActionID = "diff.half-up"
	ActTop        keys.ActionID = "diff.top"
	ActBottom     keys.ActionID = "diff.bottom"
	ActWrap       keys.ActionID = "diff.wrap"
	ActSplit      keys.ActionID = "diff.split"
	ActNextHunk   keys.ActionID = "diff.next-hunk"
	ActPrevHunk   keys.ActionID = "diff.prev-hunk"
	ActSearch     keys.ActionID = "diff.search"
	ActNextMatch  keys.ActionID = "diff.next-match"
	ActPrevMatch  keys.ActionID = "diff.prev-match"
	ActStageHunk  keys.ActionID = "diff.stage-hunk"
	ActStageFile  keys.ActionID = "diff.stage-file"
	ActCycleMode  keys.ActionID = "diff.mode"
	ActOpenEditor keys.ActionID = "diff.editor"
	ActClose      keys.ActionID = "diff.close"
)

// DefaultActions are the viewer's actions with their default keys, in
// scope; the app adds them to its table (and may rebind them there).
func DefaultActions(scope keys.Scope) []keys.Action {
	a := func(id keys.ActionID, ks []string, label, help string, hint bool) keys.Action {
		return keys.Action{ID: id, Scope: scope, Keys: ks, Label: label, Help: help, Hint: hint}
	}
	return []keys.Action{
		a(ActDown, []string{"j", "down"}, "down", "Scroll down one display row", false),
		a(ActUp, []string{"k", "up"}, "up", "Scroll up one display row", false),
		a(ActPageDown, []string{"pgdown", "space", "f"}, "page down", "Scroll down a page", false),
		a(ActPageUp, []string{"pgup", "b"}, "page up", "Scroll up a page", false),
		a(ActHalfDown, []string{"ctrl+d"}, "half down", "Scroll down half a page", false),
		a(ActHalfUp, []string{"ctrl+u"}, "half up", "Scroll up half a page", false),
		a(ActTop, []string{"g", "home"}, "top", "Go to the top", false),
		a(ActBottom, []string{"G", "end"}, "bottom", "Go to the bottom", false),
		a(ActWrap, []string{"w"}, "wrap", "Wrap long lines (scrolling then moves by display rows)", true),
		a(ActSplit, []string{"v"}, "split", "Side by side or unified (side by side needs a wide screen)", false),
		a(ActNextHunk, []string{"]"}, "hunk", "Next hunk", true),
		a(ActPrevHunk, []string{"["}, "prev hunk", "Previous hunk", false),
		a(ActSearch, []string{"/"}, "search", "Search the diff", true),
		// n/N step through matches in every viewer here (the output viewer,
		// a tab's history): the diff's hunks have their own keys.
		a(ActNextMatch, []string{"n"}, "next match", "Next search match", false),
		a(ActPrevMatch, []string{"N"}, "prev match", "Previous search match", false),
		a(ActStageHunk, []string{"s"}, "stage hunk", "Stage the hunk at the top (unstage it in the staged diff)", true),
		a(ActStageFile, []string{"S"}, "stage file", "Stage the whole file (unstage it in the staged diff)", false),
		a(ActCycleMode, []string{"m"}, "mode", "Show unstaged, staged, or against the base branch", true),
		a(ActOpenEditor, []string{"e"}, "editor", "Open the file in $EDITOR in a new terminal tab", false),
		a(ActClose, []string{"esc", "q"}, "close", "Close the diff", true),
	}
}

// actionIDs are every action the viewer matches keys against.
var actionIDs = []keys.ActionID{ActDown, ActUp, ActPageDown, ActPageUp, ActHalfDown, ActHalfUp, ActTop, ActBottom,
	ActWrap, ActSplit, ActNextHunk, ActPrevHunk, ActSearch, ActNextMatch, ActPrevMatch, ActStageHunk, ActStageFile,
	ActCycleMode, ActOpenEditor, ActClose}

// hints are what the footer names, in order.
var hints = []keys.Hint{{ID: ActWrap, What: "wrap"}, {ID: ActNextHunk, What: "hunk"}, {ID: ActSearch, What: "search"},
	{ID: ActStageHunk, What: "stage hunk"}, {ID: ActCycleMode, What: "mode"}, {ID: ActClose, What: "close"}}
