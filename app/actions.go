package app

import "amux.dev/amux/ui/keys"

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
)

// actionTable is every action of amux, declared once. The hint bar, the help
// overlay, the palette and docs/keys.md are derived from it.
func actionTable() []keys.Action {
	return []keys.Action{
		{ID: actPalette, Scope: scopeGlobal, Keys: []string{"ctrl+space", "ctrl+@"}, Label: "commands", Help: "Open the command palette", Hint: true},
		{ID: actHelp, Scope: scopeDashboard, Keys: []string{"?"}, Label: "help", Help: "Show every key", Hint: true, Palette: true},
		{ID: actQuit, Scope: scopeDashboard, Keys: []string{"q", "ctrl+c"}, Label: "quit", Help: "Quit amux (agents keep running)", Hint: true, Palette: true},
		{ID: actDown, Scope: scopeDashboard, Keys: []string{"j", "down"}, Label: "down", Help: "Move down"},
		{ID: actUp, Scope: scopeDashboard, Keys: []string{"k", "up"}, Label: "up", Help: "Move up"},
		{ID: actTop, Scope: scopeDashboard, Keys: []string{"g", "home"}, Label: "top", Help: "Go to the first row"},
		{ID: actBottom, Scope: scopeDashboard, Keys: []string{"G", "end"}, Label: "bottom", Help: "Go to the last row"},
		{ID: actOpen, Scope: scopeDashboard, Keys: []string{"enter", "l", "right"}, Label: "open", Help: "Open the workspace (or fold the project)", Palette: true},
		{ID: actFilter, Scope: scopeDashboard, Keys: []string{"/"}, Label: "filter", Help: "Filter projects and workspaces", Palette: true},
		{ID: actAddProject, Scope: scopeDashboard, Keys: []string{"a"}, Label: "add project", Help: "Add a project (a git repository)", Hint: true, Palette: true},
		{ID: actNewWorkspace, Scope: scopeDashboard, Keys: []string{"n"}, Label: "new", Help: "Create a workspace in the selected project", Hint: true, Palette: true},
		{ID: actDelete, Scope: scopeDashboard, Keys: []string{"D"}, Label: "delete", Help: "Delete the selected workspace (typed confirm)", Hint: true, Palette: true},
		{ID: actShelve, Scope: scopeDashboard, Keys: []string{"S"}, Label: "shelve", Help: "Shelve the selected workspace (keeps branch and record)", Palette: true},
		{ID: actRestore, Scope: scopeDashboard, Keys: []string{"u"}, Label: "restore", Help: "Restore the selected shelved workspace (worktree back, setup runs)", Palette: true},
		{ID: actRunScript, Scope: scopeWorkspace, Keys: []string{"f5"}, Label: "run", Help: "Start the workspace's run script (shown as a tab)", Palette: true},
		{ID: actScriptOutput, Scope: scopeDashboard, Keys: []string{"O"}, Label: "output", Help: "Show lifecycle script output (setup, run, archive, on-done)", Palette: true},
		{ID: actStatus, Scope: scopeDashboard, Keys: []string{"i"}, Label: "status", Help: "Workspace status: cleanup, ports, scripts and their approval", Palette: true},
		{ID: actRefresh, Scope: scopeDashboard, Keys: []string{"r"}, Label: "refresh", Help: "Reload projects, workspaces and git status", Palette: true},
		{ID: actScrollUp, Scope: scopeTerminal, Keys: []string{"shift+pgup"}, Label: "scroll up", Help: "Scroll the tab's history up (the mouse wheel does too)"},
		{ID: actScrollDown, Scope: scopeTerminal, Keys: []string{"shift+pgdown"}, Label: "scroll down", Help: "Scroll the tab's history down; typing returns to the live screen"},
		{ID: actSettings, Scope: scopeDashboard, Keys: []string{","}, Label: "settings", Help: "Settings: theme, key hints, bell", Palette: true},
		{ID: actHooksAdd, Scope: scopeGlobal, Label: "claude hooks", Help: "Install Claude Code hooks (report working/done/blocked to amux)", Palette: true},
		{ID: actHooksRemove, Scope: scopeGlobal, Label: "remove hooks", Help: "Remove amux's Claude Code hooks", Palette: true},
		{ID: actFocusCenter, Scope: scopeDashboard, Keys: []string{"tab"}, Label: "focus tabs", Help: "Move focus to the tab area", Palette: true},
		{ID: actFocusDash, Scope: scopeCenter, Keys: []string{"tab", "esc", "h", "left"}, Label: "focus list", Help: "Move focus to the project list", Hint: true, Palette: true},
		{ID: actAttention, Scope: scopeWorkspace, Keys: []string{"!"}, Label: "attention", Help: "Jump to the next tab needing attention (blocked first, then done)", Hint: true, Palette: true},
		{ID: actNewAgent, Scope: scopeWorkspace, Keys: []string{"t"}, Label: "agent", Help: "New agent tab (pick an assistant; ctrl+t adds a first task)", Hint: true, Palette: true},
		{ID: actNewTerminal, Scope: scopeWorkspace, Keys: []string{"T"}, Label: "terminal", Help: "New terminal tab (a shell in the worktree)", Palette: true},
		{ID: actNextTab, Scope: scopeWorkspace, Keys: []string{"]"}, Label: "next tab", Help: "Next tab", Palette: true},
		{ID: actPrevTab, Scope: scopeWorkspace, Keys: []string{"["}, Label: "prev tab", Help: "Previous tab", Palette: true},
		{ID: actCloseTab, Scope: scopeWorkspace, Keys: []string{"x"}, Label: "close tab", Help: "Close the tab (kills its session, after a confirm)", Palette: true},
		{ID: actRenameTab, Scope: scopeWorkspace, Keys: []string{"R"}, Label: "rename", Help: "Rename the tab", Palette: true},
		{ID: actRestartTab, Scope: scopeWorkspace, Keys: []string{"ctrl+r"}, Label: "restart", Help: "Restart the tab's program (same session, fresh launch)", Palette: true},
		{ID: actInterruptTab, Scope: scopeWorkspace, Keys: []string{"I"}, Label: "interrupt", Help: "Interrupt the agent (Ctrl-C, as many times as configured)", Palette: true},
	}
}

// gotoTabActions are "go to tab N" for N = 1…9, keys 1–9.
func gotoTabActions() []keys.Action {
	var out []keys.Action
	for n := 1; n <= 9; n++ {
		d := string(rune('0' + n))
		out = append(out, keys.Action{ID: keys.ActionID("tab-" + d), Scope: scopeWorkspace, Keys: []string{d}, Label: "tab " + d, Help: "Go to tab " + d})
	}
	return out
}

// allActions is the complete registry content.
func allActions() []keys.Action { return append(actionTable(), gotoTabActions()...) }
