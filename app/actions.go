package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
)

// Scopes of the action registry.
const (
	scopeGlobal    keys.Scope = "global"    // anywhere, even while a terminal has focus
	scopeDashboard keys.Scope = "dashboard" // the project/workspace list has focus
	scopeCenter    keys.Scope = "center"    // the center area has focus, no live terminal
	scopeWorkspace keys.Scope = "workspace" // tab commands, with the list or the center focused
	scopeTerminal  keys.Scope = "terminal"  // a live terminal tab has focus: it gets every other key
)

// Action IDs. Tests press keys by these IDs, so they are stable.
const (
	actPalette      keys.ActionID = "palette"
	actHelp         keys.ActionID = "help"
	actQuit         keys.ActionID = "quit"
	actFocusDash    keys.ActionID = "focus-dashboard"
	actFocusCenter  keys.ActionID = "focus-center"
	actNewAgent     keys.ActionID = "new-agent-tab"
	actNewTerminal  keys.ActionID = "new-terminal-tab"
	actNextTab      keys.ActionID = "next-tab"
	actPrevTab      keys.ActionID = "prev-tab"
	actCloseTab     keys.ActionID = "close-tab"
	actRenameTab    keys.ActionID = "rename-tab"
	actRestartTab   keys.ActionID = "restart-tab"
	actInterruptTab keys.ActionID = "interrupt-tab"
	actStatus       keys.ActionID = "workspace-status"
	actRestore      keys.ActionID = "restore-workspace"
	actRunScript    keys.ActionID = "run-script"
	actScriptOutput keys.ActionID = "script-output"
	actAttention    keys.ActionID = "next-attention"
	actScrollUp     keys.ActionID = "scroll-up"
	actScrollDown   keys.ActionID = "scroll-down"
	actSettings     keys.ActionID = "settings"
	actHooksAdd     keys.ActionID = "install-claude-hooks"
	actHooksRemove  keys.ActionID = "remove-claude-hooks"
	actDown         keys.ActionID = "cursor-down"
	actUp           keys.ActionID = "cursor-up"
	actTop          keys.ActionID = "cursor-top"
	actBottom       keys.ActionID = "cursor-bottom"
	actOpen         keys.ActionID = "open"
	actFilter       keys.ActionID = "filter"
	actAddProject   keys.ActionID = "add-project"
	actNewWorkspace keys.ActionID = "new-workspace"
	actDelete       keys.ActionID = "delete-workspace"
	actShelve       keys.ActionID = "shelve-workspace"
	actRefresh      keys.ActionID = "refresh"
	actSuspend      keys.ActionID = "suspend"
)

// action is one row of amux's action table: the data every key display is
// derived from (keys, scope, label, help), what running it does, and when
// it cannot run, why. A new command is one row; nothing else lists it.
type action struct {
	keys.Action
	// run does the action. It runs on the update loop: state changes here,
	// I/O goes into the returned command.
	run func(m *Model) tea.Cmd
	// why says why the action cannot run now, "" when it can; nil means it
	// always can. The key path, the palette, the help and the hint bar all
	// ask it, so an unavailable action says the same reason everywhere.
	why func(m *Model) string
}

// actions indexes the table by ID. It is built once per model.
type actions map[keys.ActionID]action

func newActions(rows []action) actions {
	out := make(actions, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out
}

// registryOf is the registry view of rows: what hints, help, the palette and
// docs/keys.md are rendered from.
func registryOf(rows []action) []keys.Action {
	out := make([]keys.Action, len(rows))
	for i, r := range rows {
		out[i] = r.Action
	}
	return out
}

// allActions is the registry content of the complete table.
func allActions() []keys.Action { return registryOf(actionRows()) }

// available answers whether an action can run now, and why not.
func (m *Model) available(id keys.ActionID) (bool, string) {
	a, ok := m.acts[id]
	if !ok {
		return false, "unknown command"
	}
	if a.why == nil {
		return true, ""
	}
	why := a.why(m)
	return why == "", why
}

// run executes an action. Keys and palette choices both land here; an
// unavailable action says why instead of doing nothing silently.
func (m *Model) run(id keys.ActionID) tea.Cmd {
	if ok, why := m.available(id); !ok {
		return m.say(levelInfo, m.acts[id].Label+": "+why)
	}
	return m.acts[id].run(m)
}

// keyName renders the first key of an action for text that tells a person
// what to press ("press i, then A"): names come from the registry, never
// from a string literal.
func (m *Model) keyName(id keys.ActionID) string {
	a, ok := m.reg.Get(id)
	if !ok || len(a.Keys) == 0 {
		return string(id)
	}
	return keys.KeyLabel(a.Keys[:1])
}
