package app

import (
	"os"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/vendorhooks"
)

type hooksDoneMsg struct {
	who  string // whose hooks, for an error: "Claude Code hooks"
	text string
	err  error
}

// claudeHooks adds amux's report hooks to Claude Code's user
// settings (editing only amux's own entries); remove takes them out again.
func (m *Model) claudeHooks(install bool) tea.Cmd {
	bin := m.deps.AmuxBin
	return func() tea.Msg {
		path, err := vendorhooks.ClaudeSettingsPath(os.Getenv)
		if err != nil {
			return hooksDoneMsg{who: "Claude Code hooks", err: err}
		}
		var changed bool
		if install {
			changed, err = vendorhooks.InstallClaude(path, bin)
		} else {
			changed, err = vendorhooks.RemoveClaude(path)
		}
		switch {
		case err != nil:
			return hooksDoneMsg{who: "Claude Code hooks", err: err}
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

// codexNotify sets Codex's notify program to amux's report in Codex's
// config.toml (only when the key is free or already amux's); remove takes
// amux's line out again.
func (m *Model) codexNotify(install bool) tea.Cmd {
	bin := m.deps.AmuxBin
	return func() tea.Msg {
		const who = "Codex notify"
		path, err := vendorhooks.CodexConfigPath(os.Getenv)
		if err != nil {
			return hooksDoneMsg{who: who, err: err}
		}
		var changed bool
		if install {
			changed, err = vendorhooks.InstallCodex(path, bin)
		} else {
			changed, err = vendorhooks.RemoveCodex(path)
		}
		switch {
		case err != nil:
			return hooksDoneMsg{who: who, err: err}
		case install && changed:
			return hooksDoneMsg{text: "Codex notify program installed in " + path + " (it acts only inside amux panes)"}
		case install:
			return hooksDoneMsg{text: "Codex notify program was already installed in " + path}
		case changed:
			return hooksDoneMsg{text: "Codex notify program removed from " + path}
		}
		return hooksDoneMsg{text: "no amux notify program to remove in " + path}
	}
}
