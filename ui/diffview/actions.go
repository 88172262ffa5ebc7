package diffview

import (
	"strconv"

	"amux.dev/amux/ui/keys"
)

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

// actions is every action of the viewer, declared once: the keys it
// matches, its footer and the app's rows are all read from here.
var actions = keys.Table[Model]{
	{ID: ActDown, Keys: []string{"j", "down"}, Label: "down", Help: "Scroll down one display row", Why: Model.whyEmpty},
	{ID: ActUp, Keys: []string{"k", "up"}, Label: "up", Help: "Scroll up one display row", Why: Model.whyEmpty},
	{ID: ActPageDown, Keys: []string{"pgdown", "space", "f"}, Label: "page down", Help: "Scroll down a page", Why: Model.whyEmpty},
	{ID: ActPageUp, Keys: []string{"pgup", "b"}, Label: "page up", Help: "Scroll up a page", Why: Model.whyEmpty},
	{ID: ActHalfDown, Keys: []string{"ctrl+d"}, Label: "half down", Help: "Scroll down half a page", Why: Model.whyEmpty},
	{ID: ActHalfUp, Keys: []string{"ctrl+u"}, Label: "half up", Help: "Scroll up half a page", Why: Model.whyEmpty},
	{ID: ActTop, Keys: []string{"g", "home"}, Label: "top", Help: "Go to the top", Why: Model.whyEmpty},
	{ID: ActBottom, Keys: []string{"G", "end"}, Label: "bottom", Help: "Go to the bottom", Why: Model.whyEmpty},
	{ID: ActWrap, Keys: []string{"w"}, Label: "wrap", Help: "Wrap long lines (scrolling then moves by display rows)", Hint: true, Why: Model.whyEmpty},
	{ID: ActSplit, Keys: []string{"v"}, Label: "split", Help: "Side by side or unified (side by side needs a wide screen)", Why: Model.whyNoSplit},
	{ID: ActNextHunk, Keys: []string{"]"}, Label: "hunk", Help: "Next hunk", Hint: true, Why: Model.whyNoHunk},
	{ID: ActPrevHunk, Keys: []string{"["}, Label: "prev hunk", Help: "Previous hunk", Why: Model.whyNoHunk},
	{ID: ActSearch, Keys: []string{"/"}, Label: "search", Help: "Search the diff", Hint: true, Why: Model.whyEmpty},
	// n/N step through matches in every viewer here (the output viewer,
	// a tab's history): the diff's hunks have their own keys.
	{ID: ActNextMatch, Keys: []string{"n"}, Label: "next match", Help: "Next search match", Why: Model.whyNoMatch},
	{ID: ActPrevMatch, Keys: []string{"N"}, Label: "prev match", Help: "Previous search match", Why: Model.whyNoMatch},
	{ID: ActStageHunk, Keys: []string{"s"}, Label: "stage hunk", Help: "Stage the hunk at the top (unstage it in the staged diff)", Hint: true, Why: Model.whyNoStageHunk},
	{ID: ActStageFile, Keys: []string{"S"}, Label: "stage file", Help: "Stage the whole file (unstage it in the staged diff)", Why: Model.whyNoStage},
	{ID: ActCycleMode, Keys: []string{"m"}, Label: "mode", Help: "Show unstaged, staged, or against the base branch", Hint: true, Why: keys.Always[Model]},
	{ID: ActOpenEditor, Keys: []string{"e"}, Label: "editor", Help: "Open the file in $EDITOR in a new terminal tab", Why: Model.whyEmpty},
	{ID: ActClose, Keys: []string{"esc", "q"}, Label: "close", Help: "Close the diff", Hint: true, Why: keys.Always[Model]},
}

// hints are what the footer names, in order.
var hints = actions.Hints()

// DefaultActions are the viewer's actions with their default keys, in
// scope; the app adds them to its table (and may rebind them there).
func DefaultActions(scope keys.Scope) []keys.Action { return actions.Actions(scope) }

// Table is the viewer's action table, for tests over every row.
func Table() keys.Table[Model] { return actions }

// Why says why the viewer's action id cannot run now ("" when it can), as
// the viewer itself would: the app's palette, help and key path ask it.
func (m Model) Why(id keys.ActionID) string {
	why, _ := actions.Why(m, id)
	return why
}

// whyEmpty: with no file shown there is nothing to scroll, search or open.
func (m Model) whyEmpty() string {
	if len(m.items) > 0 {
		return ""
	}
	if m.empty != "" {
		return "nothing is shown (" + m.empty + ")"
	}
	return "the diff is empty: no changes"
}

func (m Model) whyNoSplit() string {
	if why := m.whyEmpty(); why != "" {
		return why
	}
	if !m.wantSplit && m.width < SplitMinWidth {
		return "side by side needs a screen " + strconv.Itoa(SplitMinWidth) + " columns wide"
	}
	return ""
}

func (m Model) whyNoHunk() string {
	if why := m.whyEmpty(); why != "" {
		return why
	}
	if _, total := m.HunkIndex(); total == 0 {
		return "the diff has no hunks"
	}
	return ""
}

func (m Model) whyNoMatch() string {
	switch {
	case m.query == "":
		return "no search yet (" + m.keys.First(ActSearch) + " searches)"
	case len(m.matches) == 0:
		return "nothing matches the search"
	}
	return ""
}

func (m Model) whyNoStage() string {
	if m.noStage {
		return "what is shown cannot be staged from here"
	}
	return m.whyEmpty()
}

func (m Model) whyNoStageHunk() string {
	if why := m.whyNoStage(); why != "" {
		return why
	}
	if _, _, ok := m.CurrentHunk(); !ok {
		return "no hunk is selected (" + m.keys.First(ActNextHunk) + " selects one)"
	}
	return ""
}
