package dialogs

import (
	"testing"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/config"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// dialogTestKit is what a dialog is built with, with no root: the default
// theme, and a registry of the components' own actions and the dialog's
// rows (own), every one available and runnable.
func dialogTestKit(t *testing.T, own ...keys.Action) modal.Kit {
	t.Helper()
	th, err := theme.Lookup(config.Defaults(), "")
	if err != nil {
		t.Fatal(err)
	}
	reg := keys.MustRegistry(append(append(keys.ComponentActions(), keys.HistoryActions()...), own...)...)
	mk := modal.NewKeys(reg, func(keys.ActionID) (bool, string) { return true, "" }, func(keys.ActionID) bool { return true })
	return modal.NewKit(th, reg.Map(), mk, spinner.New())
}

// outputTestActions bind the output viewer's own actions as the root's
// table does (the bindings are the test's: the dialog matches whatever
// its scope binds).
func outputTestActions() []keys.Action {
	return []keys.Action{
		{ID: ActNextOutput, Scope: ScopeOutput, Keys: []string{"tab"}, Label: "next script", Help: "Show the next script's output"},
		{ID: ActCloseOutput, Scope: ScopeOutput, Keys: []string{"esc"}, Label: "close", Help: "Close the script output"},
	}
}

// dialogKey is the key press a person makes by name.
func dialogKey(name string) tea.KeyPressMsg {
	switch name {
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	}
	r := []rune(name)[0]
	return tea.KeyPressMsg{Code: r, Text: name}
}
