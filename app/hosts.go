package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/keys"
)

// The Hosts dialog's rows (the dialog itself: app/dialogs/hosts.go): the
// action that opens it from the project list (@), and its own keys, each
// a row that hands the open dialog its action, with the reason it cannot
// run.

// actHosts opens the Hosts dialog.
const actHosts keys.ActionID = "hosts"

// hostRows are the Hosts dialog's rows: the action that opens it, and its
// own keys, each with the reason it cannot run.
func hostRows() []action {
	k := func(id keys.ActionID, scope keys.Scope, ks []string, label, help string) keys.Action {
		return keys.Action{ID: id, Scope: scope, Keys: ks, Label: label, Help: help}
	}
	hosts := func(m *Model) (*dialogs.Hosts, bool) { o, ok := m.overlay.(*dialogs.Hosts); return o, ok }
	onHost := func(m *Model) string {
		if o, ok := hosts(m); ok && o.AtThisMachine() {
			return "this machine is always first and keeps its name"
		}
		return ""
	}
	open := k(actHosts, scopeProjectList, []string{"@"}, "hosts", "Hosts: the machines amux reaches over SSH (add, rename, remove)")
	open.Palette = true
	return []action{
		{Action: open, run: func(m *Model) tea.Cmd {
			return m.applyOwned(nil, modal.Outcome{Open: dialogs.NewHosts(m.modalKit(), m.deps.StateHome, m.deps.Config.Hosts)})
		}},
		{Action: k(dialogs.ActHostAdd, dialogs.ScopeHosts, []string{"a"}, "add", "Add a host: a name and the SSH destination your ssh understands"),
			run: toDialog(dialogs.ActHostAdd)},
		{Action: k(dialogs.ActHostRename, dialogs.ScopeHosts, []string{"r"}, "rename", "Rename the host under the cursor"),
			run: toDialog(dialogs.ActHostRename), why: onHost},
		{Action: k(dialogs.ActHostRemove, dialogs.ScopeHosts, []string{"x", "delete"}, "remove", "Remove the host under the cursor from the list (nothing on it is touched)"),
			run: toDialog(dialogs.ActHostRemove), why: onHost},
		{Action: k(dialogs.ActHostUp, dialogs.ScopeHosts, []string{"up", "k"}, "up", "The host above"), run: toDialog(dialogs.ActHostUp)},
		{Action: k(dialogs.ActHostDown, dialogs.ScopeHosts, []string{"down", "j"}, "down", "The host below"), run: toDialog(dialogs.ActHostDown)},
		{Action: k(dialogs.ActCloseHosts, dialogs.ScopeHosts, []string{"esc", "q"}, "close", "Close Hosts"),
			run: func(m *Model) tea.Cmd {
				if _, ok := hosts(m); ok {
					m.overlay = nil
				}
				return nil
			}},
	}
}
