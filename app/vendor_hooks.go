package app

import (
	"os"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/vendorhooks"
)

type hooksDoneMsg struct {
	text string
	err  error
}

// installClaudeHooks adds amux's report hooks to Claude Code's user
// settings (editing only amux's own entries); remove takes them out again.
func (m *Model) claudeHooks(install bool) tea.Cmd {
	bin := m.deps.AmuxBin
	return func() tea.Msg {
		path, err := vendorhooks.ClaudeSettingsPath(os.Getenv)
		if err != nil {
			return hooksDoneMsg{err: err}
		}
		var changed bool
		if install {
			changed, err = vendorhooks.InstallClaude(path, bin)
		} else {
			changed, err = vendorhooks.RemoveClaude(path)
		}
		switch {
		case err != nil:
			return hooksDoneMsg{err: err}
		case install && changed:
			return hooksDoneMsg{text: "Claude Code hooks installed in " + path + " (they act only inside amux panes)"}
		case install:
			return hooksDoneMsg{text: "Claude Code hooks were already installed in " + path}
		case changed:
			return hooksDoneMsg{text: "Claude Code hooks removed from " + path}
		}
		return hooksDoneMsg{text: "no amux hooks to remove in " + path}
	}
}
