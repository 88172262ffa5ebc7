package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/help"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// Scopes of the action registry.
const (
	scopeGlobal      keys.Scope = "global"       // anywhere, even while a terminal has focus
	scopeProjectList keys.Scope = "project-list" // the project/workspace list has focus
	scopeTabArea     keys.Scope = "tab-area"     // the tab area has focus, its program not entered
	scopeWorkspace   keys.Scope = "workspace"    // tab commands, with the list or the tab area focused
	scopeTerminal    keys.Scope = "terminal"     // a live terminal tab has focus: it gets every other key
	// scopeTabTerminal: a live terminal of the tab area has focus (not the
	// sidebar's, which gets these keys as bytes).
	scopeTabTerminal keys.Scope = "tab-terminal"
	scopeStatus      keys.Scope = "status" // the workspace-status dialog is open
)

// helpSections are the key list's sections: every action reg binds, by
// scope, in the order of scopeTitles.
func helpSections(reg *keys.Registry) []help.Section {
	var sections []help.Section
	for _, sc := range scopeTitles() {
		sec := help.Section{Title: sc.title}
		for _, a := range reg.InScopes(sc.scope) {
			k := keys.KeyLabel(a.Keys)
			if k == "" {
				k = "palette only"
			}
			sec.Entries = append(sec.Entries, help.Entry{Keys: k, What: a.Help})
		}
		if len(sec.Entries) > 0 {
			sections = append(sections, sec)
		}
	}
	return sections
}

// keyList is the key list over reg, drawn in th, matching its own keys
// through mk.
func keyList(reg *keys.Registry, km keys.Map, th theme.Theme, mk modal.Keys) *dialogs.Help {
	return dialogs.NewHelp(helpSections(reg), registryKeyName(reg, actPalette), km, th, mk)
}

// scopeTitles names every scope for people, in the order help and
// docs/keys.md list them.
func scopeTitles() []struct {
	scope keys.Scope
	title string
} {
	return []struct {
		scope keys.Scope
		title string
	}{
		{scopeGlobal, "Everywhere"},
		{scopeProjectList, "Project list"},
		{scopeWorkspace, "Project list and tab area (tab commands)"},
		{scopeTabArea, "Tab area"},
		{scopeTerminal, "Inside an agent or terminal tab (every other key goes to the program)"},
		{scopeTabTerminal, "Inside a tab of the tab area (the sidebar's terminal gets these keys as bytes)"},
		{scopeSidebar, "Sidebar (with the tab commands)"},
		{scopeChanges, "Sidebar: Changes"},
		{scopeTree, "Sidebar: Project"},
		{scopeSideTerm, "Sidebar: Terminal (before its shell has the keys)"},
		{scopeDiff, "Diff viewer"},
		{scopeCommit, "Commit dialog (every other key types the message)"},
		{scopeStatus, "Workspace status dialog"},
		{dialogs.ScopeHelp, "Key list"},
		{dialogs.ScopeOutput, "Script output"},
		{scopeAgents, "Assistant picker (with the list keys)"},
		{scopeHealth, "Health"},
		{scopeTimeline, "Timeline"},
		{dialogs.ScopeHosts, "Hosts"},
		{keys.ScopeForm, "Dialogs with fields (forms, typed confirms, progress)"},
		{keys.ScopeList, "Lists: the palette and pickers"},
		{keys.ScopeConfirm, "Yes/no questions"},
		{keys.ScopeChoice, "Questions with a few answers"},
		{keys.ScopeView, "Scrolling views (key list, script output, a tab's history)"},
		{keys.ScopeHistory, "A tab scrolled back into its history (with the scrolling view keys)"},
	}
}

// Action IDs. Tests press keys by these IDs, so they are stable.
const (
	actPalette        keys.ActionID = "palette"
	actHelp           keys.ActionID = "help"
	actQuit           keys.ActionID = "quit"
	actFocusList      keys.ActionID = "focus-list"
	actFocusTabArea   keys.ActionID = "focus-tab-area"
	actEnterProgram   keys.ActionID = "enter-program"
	actNewAgent       keys.ActionID = "new-agent-tab"
	actNewTerminal    keys.ActionID = "new-terminal-tab"
	actNextTab        keys.ActionID = "next-tab"
	actTermNextTab    keys.ActionID = "terminal-next-tab"
	actPrevTab        keys.ActionID = "prev-tab"
	actCloseTab       keys.ActionID = "close-tab"
	actRenameTab      keys.ActionID = "rename-tab"
	actRestartTab     keys.ActionID = "restart-tab"
	actInterruptTab   keys.ActionID = "interrupt-tab"
	actStatus         keys.ActionID = "workspace-status"
	actRunScript      keys.ActionID = "run-script"
	actScriptOutput   keys.ActionID = "script-output"
	actAttention      keys.ActionID = "next-attention"
	actScrollUp       keys.ActionID = "scroll-up"
	actScrollDown     keys.ActionID = "scroll-down"
	actSettings       keys.ActionID = "settings"
	actHooksAdd       keys.ActionID = "install-claude-hooks"
	actHooksRemove    keys.ActionID = "remove-claude-hooks"
	actNotifyAdd      keys.ActionID = "install-codex-notify"
	actNotifyRemove   keys.ActionID = "remove-codex-notify"
	actGeminiAdd      keys.ActionID = "install-gemini-hooks"
	actGeminiRemove   keys.ActionID = "remove-gemini-hooks"
	actOpencodeAdd    keys.ActionID = "install-opencode-plugin"
	actOpencodeRemove keys.ActionID = "remove-opencode-plugin"
	actDown           keys.ActionID = "cursor-down"
	actUp             keys.ActionID = "cursor-up"
	actTop            keys.ActionID = "cursor-top"
	actBottom         keys.ActionID = "cursor-bottom"
	actOpen           keys.ActionID = "open"
	actFilter         keys.ActionID = "filter"
	actAddProject     keys.ActionID = "add-project"
	actNewWorkspace   keys.ActionID = "new-workspace"
	actDelete         keys.ActionID = "delete-workspace"
	actShelve         keys.ActionID = "shelve-workspace"
	actRefresh        keys.ActionID = "refresh"
	actEditEnv        keys.ActionID = "edit-project-env"
	actEditScripts    keys.ActionID = "edit-project-scripts"
	actInstall        keys.ActionID = "install-amux-binary"
	actOpenLog        keys.ActionID = "open-log"
	actSuspend        keys.ActionID = "suspend"

	actApproveScripts  keys.ActionID = "approve-scripts"
	actRevokeApprovals keys.ActionID = "revoke-approvals"
	actReleaseOrphans  keys.ActionID = "release-orphans"
	actRefreshStatus   keys.ActionID = "refresh-status"
	actCloseStatus     keys.ActionID = "close-status"
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
		return m.say(modal.LevelInfo, m.acts[id].Label+": "+why)
	}
	if run := m.acts[id].run; run != nil {
		return run(m)
	}
	return nil // a component's own action: the component reads its keys
}

// keyName renders the first key of an action for text that tells a person
// what to press ("press i, then A"): names come from the registry, never
// from a string literal.
func (m *Model) keyName(id keys.ActionID) string { return registryKeyName(m.reg, id) }

// registryKeyName renders the first key reg binds to id (the id itself
// without one).
func registryKeyName(reg *keys.Registry, id keys.ActionID) string {
	a, ok := reg.Get(id)
	if !ok || len(a.Keys) == 0 {
		return string(id)
	}
	return keys.KeyLabel(a.Keys[:1])
}
