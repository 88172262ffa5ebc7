// Package vendorhooks installs and removes amux's hooks in coding agents'
// own settings, so an agent tells amux what it is doing ("amux report")
// instead of amux guessing from its screen.
//
// It edits files the user and the vendor also edit: only amux's own entries
// (recognised by Marker) are added or removed, every other byte stays as it
// was, installing twice leaves the same bytes, and a file amux cannot read
// safely (JSON that is not valid, TOML whose arrays do not close) is
// refused and left untouched. Claude Code gets hooks in settings.json
// (claude.go); Codex CLI gets its one notify program in config.toml
// (codex.go).
//
// Of amux's packages it imports atomicfile, through which it writes, and
// status, for its shell quoting.
package vendorhooks

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"amux.dev/amux/config/atomicfile"
)

// Claude Code's hook events amux uses, and the notification type that
// means a permission dialog is waiting.
const (
	claudePromptSubmit     = "UserPromptSubmit"
	claudeStop             = "Stop"
	claudeNotification     = "Notification"
	claudePostToolUse      = "PostToolUse"
	claudePermissionPrompt = "permission_prompt"
)

// claudeSpecs is what amux installs into Claude Code:
//   - a prompt was submitted: working;
//   - a tool finished: working again, which clears "blocked" once the user
//     has answered a permission dialog (no other event fires then);
//   - a permission dialog is waiting: blocked, kind permission (the matcher
//     keeps the 60-second idle reminder, also a Notification, out);
//   - the turn ended: done.
func claudeSpecs(binHint string) ([]hookSpec, error) {
	// command holds report's arguments until hookCommand wraps them.
	specs := []hookSpec{
		{event: claudePromptSubmit, command: "--state working"},
		{event: claudePostToolUse, hasMatcher: true, matcher: "", command: "--state working"},
		{event: claudeNotification, hasMatcher: true, matcher: claudePermissionPrompt, command: "--state blocked --kind permission"},
		{event: claudeStop, command: "--state done"},
	}
	return wrapSpecs(specs, binHint)
}

// ClaudeSettingsPath is Claude Code's user settings file:
// $CLAUDE_CONFIG_DIR/settings.json when that is set (Claude Code reads its
// configuration there), else $HOME/.claude/settings.json. getenv is
// os.Getenv outside tests.
func ClaudeSettingsPath(getenv func(string) string) (string, error) {
	if dir := getenv("CLAUDE_CONFIG_DIR"); dir != "" {
		return filepath.Join(dir, "settings.json"), nil
	}
	home := getenv("HOME")
	if home == "" {
		return "", errors.New("HOME is not set: cannot find Claude Code's settings")
	}
	return filepath.Join(home, ".claude", "settings.json"), nil
}

func claudePath(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	return ClaudeSettingsPath(os.Getenv)
}

// InstallClaude adds amux's hooks to Claude Code's settings at path ("" for
// ClaudeSettingsPath), replacing any amux hooks already there. amuxBinHint,
// if not empty, is an absolute path to amux used when a pane's
// AMUX_BIN_PATH is missing or stale. A missing file is created (mode 0600);
// an existing one keeps its mode. changed is false when the file already
// held exactly these hooks.
func InstallClaude(path, amuxBinHint string) (changed bool, err error) {
	return installClaude(path, amuxBinHint, nil)
}

func installClaude(path, amuxBinHint string, beforeRename func()) (bool, error) {
	path, err := claudePath(path)
	if err != nil {
		return false, err
	}
	specs, err := claudeSpecs(amuxBinHint)
	if err != nil {
		return false, err
	}
	return edit(path, func(old []byte, exists bool) ([]byte, error) {
		if !exists || isBlankDoc(old) {
			// Claude Code reads a missing or empty file as {}.
			old = []byte("{}\n")
		}
		d, err := parseDoc(old)
		if err != nil {
			return nil, refuse(path, err)
		}
		if same, err := matches(d, specs); err != nil || same {
			return nil, err
		}
		return install(d, specs)
	}, beforeRename)
}

// RemoveClaude deletes amux's hooks from the settings at path ("" for
// ClaudeSettingsPath), and the "hooks" object, event lists and groups that
// held nothing else. A missing file is not an error; changed is false when
// there was nothing of amux's to remove.
func RemoveClaude(path string) (changed bool, err error) {
	return removeClaude(path, nil)
}

func removeClaude(path string, beforeRename func()) (bool, error) {
	path, err := claudePath(path)
	if err != nil {
		return false, err
	}
	return edit(path, func(old []byte, exists bool) ([]byte, error) {
		if !exists || isBlankDoc(old) {
			return nil, nil
		}
		d, err := parseDoc(old)
		if err != nil {
			return nil, refuse(path, err)
		}
		d, changed, err := strip(d)
		if err != nil || !changed {
			return nil, err
		}
		return d.data, nil
	}, beforeRename)
}

// claudeStatus reports whether amux's hooks are installed in the settings
// at path ("" for ClaudeSettingsPath): every event amux uses has an amux
// entry. A missing file means not installed.
func claudeStatus(path string) (installed bool, err error) {
	path, err = claudePath(path)
	if err != nil {
		return false, err
	}
	data, err := atomicfile.ReadState(path)
	if errors.Is(err, os.ErrNotExist) || (err == nil && isBlankDoc(data)) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	d, err := parseDoc(data)
	if err != nil {
		return false, refuse(path, err)
	}
	have, err := amuxEntries(d)
	if err != nil {
		return false, err
	}
	specs, err := claudeSpecs("")
	if err != nil {
		return false, err
	}
	for _, s := range specs {
		ok := false
		for _, f := range have {
			ok = ok || f.event == s.event
		}
		if !ok {
			return false, nil
		}
	}
	return true, nil
}

func refuse(path string, err error) error {
	return fmt.Errorf("%s: %w; amux left it untouched", path, err)
}

func isBlankDoc(data []byte) bool {
	return skipWS(data, 0) == len(data)
}

// wrapSpecs turns each spec's report arguments into the hook command that
// runs amux's report with them (hookCommand).
func wrapSpecs(specs []hookSpec, binHint string) ([]hookSpec, error) {
	for i := range specs {
		cmd, err := hookCommand(specs[i].command, binHint)
		if err != nil {
			return nil, err
		}
		specs[i].command = cmd
	}
	return specs, nil
}
