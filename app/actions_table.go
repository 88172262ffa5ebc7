package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/projectlist"
)

// actionRows is every action of amux, declared once: keys, scope, label,
// help, what it does and when it cannot.
func actionRows() []action {
	k := func(id keys.ActionID, scope keys.Scope, ks []string, label, help string) keys.Action {
		return keys.Action{ID: id, Scope: scope, Keys: ks, Label: label, Help: help, Palette: true}
	}
	hint := func(a keys.Action) keys.Action { a.Hint = true; return a }
	keyOnly := func(a keys.Action) keys.Action { a.Palette = false; return a }
	rows := []action{
		{Action: keyOnly(hint(k(actPalette, scopeGlobal, []string{"ctrl+space", "ctrl+@"}, "commands", "Open the command palette"))),
			run: func(m *Model) tea.Cmd {
				_, live := m.focusedTerminal()
				return m.applyOwned(nil, modal.Outcome{Open: dialogs.NewPalette(m.th, m.km, m.modalKeys(), paletteFocus(m.scopes(), live))})
			}},
		{Action: hint(k(actHelp, scopeProjectList, []string{"?"}, "help", "Show every key")),
			run: func(m *Model) tea.Cmd {
				return m.applyOwned(nil, modal.Outcome{Open: keyList(m.reg, m.km, m.th, m.modalKeys())})
			}},
		{Action: hint(k(actQuit, scopeProjectList, []string{"q", "ctrl+c"}, "quit", "Quit amux (agents keep running)")),
			run: (*Model).quit},
		{Action: keyOnly(k(actDown, scopeProjectList, []string{"j", "down"}, "down", "Move down")),
			run: func(m *Model) tea.Cmd { m.list.move(1); return nil }},
		{Action: keyOnly(k(actUp, scopeProjectList, []string{"k", "up"}, "up", "Move up")),
			run: func(m *Model) tea.Cmd { m.list.move(-1); return nil }},
		{Action: keyOnly(k(actTop, scopeProjectList, []string{"g", "home"}, "top", "Go to the first row")),
			run: func(m *Model) tea.Cmd { m.list.top(); return nil }},
		{Action: keyOnly(k(actBottom, scopeProjectList, []string{"G", "end"}, "bottom", "Go to the last row")),
			run: func(m *Model) tea.Cmd { m.list.bottom(); return nil }},
		{Action: k(actOpen, scopeProjectList, []string{"enter", "l", "right"}, "open", "Open the workspace (or fold the project)"),
			run: func(m *Model) tea.Cmd {
				if m.list.foldSelected() {
					return nil
				}
				return m.setFocus(focusTabArea)
			}, why: whyNothingToOpen},
		{Action: k(actFilter, scopeProjectList, []string{"/"}, "filter", "Filter projects and workspaces"),
			run: func(m *Model) tea.Cmd { return m.list.openFilter(m.layout().dashWidth - 4) }},
		{Action: hint(k(actAddProject, scopeProjectList, []string{"a"}, "add project", "Add a project (a git repository)")),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.lifeOnSelected().OpenAddProject()) }},
		{Action: hint(k(actNewWorkspace, scopeProjectList, []string{"n"}, "new", "Create a workspace in the selected project")),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.lifeOnSelected().OpenCreate(m.list.selectedProject())) }, why: whyNoProject},
		{Action: hint(k(actDelete, scopeProjectList, []string{"D"}, "delete", "Delete the selected workspace (typed confirm)")),
			run: func(m *Model) tea.Cmd { return m.applyOwned(openTeardown(m.list, m.tabs, m.life, m.modalKit(), false)) }, why: whyNotIdleWorkspace},
		{Action: k(actShelve, scopeProjectList, []string{"S"}, "shelve", "Shelve the selected workspace (keeps branch and record)"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(openTeardown(m.list, m.tabs, m.life, m.modalKit(), true)) }, why: whyNotShelvable},
		{Action: k(lifecycle.ActRestore, scopeProjectList, []string{"u"}, "restore", "Restore the selected shelved workspace (worktree back, setup runs)"),
			run: func(m *Model) tea.Cmd {
				w, _ := m.list.selectedWorkspace()
				rec, _ := m.list.record(w.ID)
				return m.applyOwned(m.life.Restore(w.ID, w.Name, rec))
			}, why: whyNotRestorable},
		{Action: k(actRunScript, scopeWorkspace, []string{"f5"}, "run", "Start the workspace's run script (shown as a tab)"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.tabs.startRun(m.tabScene())) }, why: whyNotOpenWorkspace},
		{Action: k(actScriptOutput, scopeProjectList, []string{"O"}, "output", "Show lifecycle script output (setup, run, archive, on-done)"),
			run: func(m *Model) tea.Cmd {
				w, _ := m.list.selectedWorkspace()
				return m.applyOwned(dialogs.NewOutput(m.modalKit(), "Script output — "+w.Name, dialogs.ScriptSources(m.remote.route.of(w.ID).Trust, w.ID)))
			}, why: whyNoWorkspace},
		{Action: k(actStatus, scopeProjectList, []string{"i"}, "status", "Workspace status: cleanup, ports, scripts and their approval"),
			run: func(m *Model) tea.Cmd {
				w, _ := m.list.selectedWorkspace()
				return m.applyOwned(openStatus(m.modalKit(), m.remote.route.of(w.ID).with(m.deps), w.ID, w.Name, statusLogPointer(m.keyName, m.acts),
					sightOf(m.life.Busy(), m.tabs.of(w.ID))))
			}, why: whyNoWorkspace},
		{Action: keyOnly(k(actSuspend, scopeProjectList, []string{"ctrl+z"}, "suspend", "Suspend amux to the shell (fg brings it back; agents keep running)")),
			run: func(m *Model) tea.Cmd { return suspend(m.scr) }, why: whyNoScreen},
		{Action: k(actRefresh, scopeProjectList, []string{"r"}, "refresh", "Reload projects, workspaces and git status"),
			run: func(m *Model) tea.Cmd {
				return tea.Batch(m.list.load(), m.list.refreshDirty(), m.list.checkProjects(), m.side.refresh())
			}},
		{Action: keyOnly(k(actScrollUp, scopeTerminal, []string{"shift+pgup"}, "scroll up", "Scroll the tab's history up (the mouse wheel does too)")),
			run: func(m *Model) tea.Cmd { return scrollPage(true)(m.focusedTerminal()) }, why: whyNoLiveTerminal},
		{Action: keyOnly(k(actScrollDown, scopeTerminal, []string{"shift+pgdown"}, "scroll down", "Scroll the tab's history down; typing returns to the live screen")),
			run: func(m *Model) tea.Cmd { return scrollPage(false)(m.focusedTerminal()) }, why: whyNoLiveTerminal},
		{Action: k(actSettings, scopeProjectList, []string{","}, "settings", "Settings: theme, hints, bell, tmux, timings, ports, assistants"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(nil, m.settings.open(m.th, m.deps.Config)) }},
		{Action: k(actEditEnv, scopeProjectList, nil, "environment", "Edit the selected project's environment (project-env.json)"),
			run: func(m *Model) tea.Cmd {
				p, ok := m.list.selectedProject()
				return m.lifeOnSelected().OpenProjectEdit(p, ok, false)
			}, why: whyNoProject},
		{Action: k(actEditScripts, scopeProjectList, nil, "scripts", "Edit the selected project's scripts (project-scripts.json)"),
			run: func(m *Model) tea.Cmd {
				p, ok := m.list.selectedProject()
				return m.lifeOnSelected().OpenProjectEdit(p, ok, true)
			}, why: whyNoProject},
		{Action: k(actInstall, scopeGlobal, nil, "install", "Install a new amux binary (a build on this machine, no network)"),
			run: func(m *Model) tea.Cmd {
				return m.applyOwned(nil, modal.Outcome{Open: dialogs.NewInstall(m.modalKit(), m.deps.AmuxBin, m.deps.Log, m.deps.Home, m.deps.Cwd)})
			}, why: func(m *Model) string { return whyEmpty(m.deps.AmuxBin, "the running binary is unknown") }},
		{Action: k(actOpenLog, scopeGlobal, nil, "log", "Open amux's log"),
			run: func(m *Model) tea.Cmd {
				return m.applyOwned(dialogs.NewOutput(m.modalKit(), "amux log — "+m.deps.LogPath, dialogs.LogSources(m.deps.LogPath)))
			}, why: func(m *Model) string { return whyEmpty(m.deps.LogPath, "no log file (see the start notice)") }},
		{Action: k(actHooksAdd, scopeGlobal, nil, "claude hooks", "Install Claude Code hooks (report working/done/blocked to amux)"),
			run: func(m *Model) tea.Cmd { return m.watch.vendorHooks(claudeHooks(), true) }},
		{Action: k(actHooksRemove, scopeGlobal, nil, "remove hooks", "Remove amux's Claude Code hooks"),
			run: func(m *Model) tea.Cmd { return m.watch.vendorHooks(claudeHooks(), false) }},
		{Action: k(actNotifyAdd, scopeGlobal, nil, "codex notify", "Install Codex's notify program (reports a finished turn to amux)"),
			run: func(m *Model) tea.Cmd { return m.watch.vendorHooks(codexNotify(), true) }},
		{Action: k(actNotifyRemove, scopeGlobal, nil, "remove notify", "Remove amux's Codex notify program"),
			run: func(m *Model) tea.Cmd { return m.watch.vendorHooks(codexNotify(), false) }},
		{Action: k(actGeminiAdd, scopeGlobal, nil, "gemini hooks", "Install Gemini CLI hooks (report working/done/blocked to amux)"),
			run: func(m *Model) tea.Cmd { return m.watch.vendorHooks(geminiHooks(), true) }},
		{Action: k(actGeminiRemove, scopeGlobal, nil, "remove gemini hooks", "Remove amux's Gemini CLI hooks"),
			run: func(m *Model) tea.Cmd { return m.watch.vendorHooks(geminiHooks(), false) }},
		{Action: k(actOpencodeAdd, scopeGlobal, nil, "opencode plugin", "Install amux's opencode plugin (reports working/done/blocked/error to amux)"),
			run: func(m *Model) tea.Cmd { return m.watch.vendorHooks(opencodePlugin(), true) }},
		{Action: k(actOpencodeRemove, scopeGlobal, nil, "remove opencode plugin", "Remove amux's opencode plugin"),
			run: func(m *Model) tea.Cmd { return m.watch.vendorHooks(opencodePlugin(), false) }},
		{Action: k(actFocusTabArea, scopeProjectList, []string{"tab"}, "focus tabs", "Move focus to the tab area"),
			run: func(m *Model) tea.Cmd { return m.setFocus(focusTabArea) }, why: whyFocused(focusTabArea)},
		{Action: hint(k(actFocusList, scopeTabArea, []string{"tab", "esc", "h", "left"}, "focus list", "Move focus to the project list")),
			run: func(m *Model) tea.Cmd { return m.setFocus(focusList) }, why: whyFocused(focusList)},
		{Action: hint(k(actEnterProgram, scopeTabArea, []string{"enter"}, "type in tab", "Give the keys to the shown tab's program (the palette's first entry comes back)")),
			run: (*Model).enterProgram, why: whyNoProgram},
		{Action: hint(k(actAttention, scopeWorkspace, []string{"!"}, "attention", "Jump to the next tab needing attention (blocked first, then done)")),
			run: func(m *Model) tea.Cmd { return m.applyOutcome(nil, m.watch.jump(m.watchScene())) }},
		{Action: hint(k(actNewAgent, scopeWorkspace, []string{"t"}, "agent", "New agent tab (pick an assistant, optionally with a first task)")),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.tabs.openAgentPicker(m.tabScene(), m.modalKeys())) }, why: whyNotOpenWorkspace},
		{Action: k(actNewTerminal, scopeWorkspace, []string{"T"}, "terminal", "New terminal tab (a shell in the worktree)"),
			run: func(m *Model) tea.Cmd {
				return m.applyOwned(m.tabs.newTab(m.tabScene(), tmux.TypeTerminal, "shell", ""))
			}, why: whyNotOpenWorkspace},
		{Action: k(actNextTab, scopeWorkspace, []string{"]"}, "next tab", "Next tab"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.tabs.step(m.tabScene(), 1)) }, why: whyFewerThanTwoTabs},
		{Action: keyOnly(k(actTermNextTab, scopeTabTerminal, []string{"ctrl+]"}, "next tab", "Next tab, from inside a tab, its program taking the keys (the sidebar's terminal gets Ctrl+] as 0x1D)")),
			run: func(m *Model) tea.Cmd {
				cmd := m.applyOwned(m.tabs.step(m.tabScene(), 1))
				m.entered = m.activeTab()
				return cmd
			}, why: whyFewerThanTwoTabs},
		{Action: k(actPrevTab, scopeWorkspace, []string{"["}, "prev tab", "Previous tab"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.tabs.step(m.tabScene(), -1)) }, why: whyFewerThanTwoTabs},
		{Action: k(actCloseTab, scopeWorkspace, []string{"x"}, "close tab", "Close the tab (kills its session, after a confirm)"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.tabs.openClose(m.tabScene())) }, why: whyNoTab},
		{Action: k(actRenameTab, scopeWorkspace, []string{"R"}, "rename", "Rename the tab"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.tabs.openRename(m.tabScene())) }, why: whyNoTab},
		{Action: k(actRestartTab, scopeWorkspace, []string{"ctrl+r"}, "restart", "Restart the tab's program (same session, fresh launch)"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.tabs.restart(m.tabScene())) }, why: whyNotRestartable},
		{Action: k(actInterruptTab, scopeWorkspace, []string{"I"}, "interrupt", "Interrupt the agent (Ctrl-C, as many times as configured)"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.tabs.interrupt(m.tabScene())) }, why: whyNoTab},
	}
	rows = append(rows, statusDialogRows(keyOnly, k)...)
	rows = append(rows, sidebarRows()...)
	rows = append(rows, layoutRows()...)
	rows = append(rows, manageRows()...)
	rows = append(rows, superviseRows(k, keyOnly)...)
	rows = append(rows, dialogRows()...)
	rows = append(rows, hostRows()...)
	rows = append(rows, forwardRows()...)
	for n := 1; n <= 9; n++ {
		d := string(rune('0' + n))
		rows = append(rows, action{
			Action: keyOnly(k(keys.ActionID("tab-"+d), scopeWorkspace, []string{d}, "tab "+d, "Go to tab "+d)),
			run:    func(m *Model) tea.Cmd { return m.applyOwned(m.tabs.show(m.tabScene(), n-1)) },
			why: func(m *Model) string {
				if wt := m.tabs.of(m.list.selectedID()); wt == nil || n > len(wt.tabs) {
					return "no such tab"
				}
				return ""
			},
		})
	}
	return guardRemote(rows)
}

// The reasons below are shared by several rows.

// whyEmpty is why when v is empty.
func whyEmpty(v, why string) string {
	if v == "" {
		return why
	}
	return ""
}

func whyNoProject(m *Model) string {
	if _, ok := m.list.selectedProject(); !ok {
		return "add a project first"
	}
	return ""
}

func whyNoWorkspace(m *Model) string {
	if _, ok := m.list.selectedWorkspace(); !ok {
		return "select a workspace"
	}
	return ""
}

func whyNothingSelected(m *Model) string {
	if whyNoProject(m) != "" && whyNoWorkspace(m) != "" {
		return "nothing selected"
	}
	return ""
}

func whyNotOpenWorkspace(m *Model) string {
	w, ok := m.list.selectedWorkspace()
	switch {
	case !ok:
		return "select a workspace"
	case w.Shelved:
		return "the workspace is shelved"
	}
	return ""
}

func whyNotIdleWorkspace(m *Model) string {
	w, ok := m.list.selectedWorkspace()
	rec, _ := m.list.record(w.ID)
	switch {
	case !ok:
		return "select a workspace"
	case w.Busy:
		return "an operation is already running on it"
	case rec.Main:
		return "the main checkout is never deleted or shelved: \"" + m.acts[actCloseMain].Label + "\" closes it"
	}
	return ""
}

func whyNotShelvable(m *Model) string {
	if why := whyNotIdleWorkspace(m); why != "" {
		return why
	}
	if w, _ := m.list.selectedWorkspace(); w.Shelved {
		return "already shelved"
	}
	return ""
}

func whyNotRestorable(m *Model) string {
	w, ok := m.list.selectedWorkspace()
	switch {
	case !ok || !w.Shelved:
		return "select a shelved workspace"
	case w.Busy:
		return "an operation is already running on it"
	}
	return ""
}

// whyNothingToOpen: open folds a project or moves focus to the selected
// workspace's tabs, which from the tab area is where focus already is.
func whyNothingToOpen(m *Model) string {
	if why := whyNothingSelected(m); why != "" {
		return why
	}
	if r, ok := m.list.selected(); ok && r.Kind != projectlist.ProjectRow && m.focus == focusTabArea {
		return "already there"
	}
	return ""
}

func whyFocused(f focusArea) func(*Model) string {
	return func(m *Model) string {
		if m.focus == f {
			return "already there"
		}
		return ""
	}
}

func whyFewerThanTwoTabs(m *Model) string {
	if wt := m.tabs.of(m.list.selectedID()); wt == nil || len(wt.tabs) < 2 {
		return "fewer than two tabs"
	}
	return ""
}

func whyNoLiveTerminal(m *Model) string {
	if _, live := m.focusedTerminal(); !live {
		return "no live terminal has focus"
	}
	return ""
}

func whyNoScreen(m *Model) string {
	if m.scr == nil {
		return "not running on a terminal"
	}
	return ""
}

func whyNoTab(m *Model) string {
	if m.activeTab() == nil {
		return "no tab open"
	}
	return ""
}

func whyNotRestartable(m *Model) string {
	t := m.activeTab()
	switch {
	case t == nil:
		return "no tab open"
	case t.kind == tmux.TypeRun:
		return "start the run script again instead"
	}
	return ""
}
