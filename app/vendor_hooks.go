package app

import (
	"os"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/status/vendorhooks"
)

// hooksDoneMsg is what installing or removing an agent's hooks did.
type hooksDoneMsg struct {
	who  string // whose hooks, for an error: "Claude Code hooks"
	text string
	err  error
}

// vendorHook is one agent's mechanism for telling amux its state itself,
// as vendorhooks installs it into the agent's own settings (editing only
// amux's own entries, and removing only them).
type vendorHook struct {
	what    string // "Claude Code hooks", as the notices name it
	path    func(getenv func(string) string) (string, error)
	install func(path, amuxBin string) (bool, error)
	remove  func(path string) (bool, error)
}

// The agents amux reports through.
func claudeHooks() vendorHook {
	return vendorHook{"Claude Code hooks", vendorhooks.ClaudeSettingsPath, vendorhooks.InstallClaude, vendorhooks.RemoveClaude}
}

func codexNotify() vendorHook {
	return vendorHook{"Codex notify program", vendorhooks.CodexConfigPath, vendorhooks.InstallCodex, vendorhooks.RemoveCodex}
}

func geminiHooks() vendorHook {
	return vendorHook{"Gemini CLI hooks", vendorhooks.GeminiSettingsPath, vendorhooks.InstallGemini, vendorhooks.RemoveGemini}
}

func opencodePlugin() vendorHook {
	return vendorHook{"opencode plugin", vendorhooks.OpencodePluginPath, vendorhooks.InstallOpencode, vendorhooks.RemoveOpencode}
}

// vendorHooks installs (or removes) h in the agent's settings, in a
// command, and says what it did.
func (o *superviseOwner) vendorHooks(h vendorHook, install bool) tea.Cmd {
	bin := o.d.amuxBin
	return func() tea.Msg {
		path, err := h.path(os.Getenv)
		if err != nil {
			return hooksDoneMsg{who: h.what, err: err}
		}
		var changed bool
		if install {
			changed, err = h.install(path, bin)
		} else {
			changed, err = h.remove(path)
		}
		switch {
		case err != nil:
			return hooksDoneMsg{who: h.what, err: err}
		case install && changed:
			return hooksDoneMsg{text: h.what + " installed in " + path + " (amux's reports act only inside amux panes)"}
		case install:
			return hooksDoneMsg{text: h.what + ": already installed in " + path}
		case changed:
			return hooksDoneMsg{text: h.what + " removed from " + path}
		}
		return hooksDoneMsg{text: "no amux " + h.what + " to remove in " + path}
	}
}

// hooksSaid is what the notice says of a hooksDoneMsg.
func hooksSaid(msg hooksDoneMsg) modal.Outcome {
	if msg.err != nil {
		return modal.Outcome{Say: msg.who + ": " + msg.err.Error(), SayLevel: modal.LevelError}
	}
	return modal.Outcome{Say: msg.text, SayLevel: modal.LevelInfo}
}
