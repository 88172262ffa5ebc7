package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/agentpicker"
	"amux.dev/amux/ui/keys"
)

// The assistant picker's scope and its own action.
const (
	scopeAgents  keys.Scope = "agents" // the assistant picker is open
	actFirstTask            = agentpicker.FirstTask
)

// dialogRows are the rows of the app's dialogs (the status dialog has its
// own, beside it) and the components' own actions, which only components
// run: they match keys through a keys.Map. A dialog's own row hands the
// open dialog its action (modal.DialogAction): the dialog does it and answers
// with an outcome, as it does for a key; another dialog ignores it.
func dialogRows() []action {
	k := func(id keys.ActionID, scope keys.Scope, ks []string, label, help string) keys.Action {
		return keys.Action{ID: id, Scope: scope, Keys: ks, Label: label, Help: help}
	}
	closeIf := func(open func(*Model) bool) func(*Model) tea.Cmd {
		return func(m *Model) tea.Cmd {
			if open(m) {
				m.overlay = nil
			}
			return nil
		}
	}
	rows := []action{
		{Action: k(dialogs.ActCloseHelp, dialogs.ScopeHelp, []string{"esc", "q", "?", "enter"}, "close", "Close the key list"),
			run: closeIf(func(m *Model) bool { _, ok := m.overlay.(*dialogs.Help); return ok })},
		{Action: k(dialogs.ActNextOutput, dialogs.ScopeOutput, []string{"tab", "right", "l"}, "next script", "Show the next script's output"),
			run: toDialog(dialogs.ActNextOutput)},
		{Action: k(dialogs.ActPrevOutput, dialogs.ScopeOutput, []string{"shift+tab", "left", "h"}, "previous script", "Show the previous script's output"),
			run: toDialog(dialogs.ActPrevOutput)},
		{Action: k(dialogs.ActReloadOutput, dialogs.ScopeOutput, []string{"r"}, "reload", "Read the output again"),
			run: toDialog(dialogs.ActReloadOutput)},
		{Action: k(dialogs.ActCloseOutput, dialogs.ScopeOutput, []string{"esc", "q", "O"}, "close", "Close the script output"),
			run: closeIf(func(m *Model) bool { _, ok := m.overlay.(*dialogs.Output); return ok })},
		{Action: k(actFirstTask, scopeAgents, []string{"ctrl+t"}, "first task", "Add (or hide) a first task the agent gets once it is ready"),
			run: toDialog(actFirstTask)},
	}
	for _, a := range append(keys.ComponentActions(), keys.HistoryActions()...) {
		rows = append(rows, action{Action: a}) // run by the components themselves
	}
	return rows
}

// toDialog is a row's handler that hands action id to the open dialog.
func toDialog(id keys.ActionID) func(m *Model) tea.Cmd {
	return func(m *Model) tea.Cmd { return m.updateOverlay(modal.DialogAction{ID: id}) }
}
