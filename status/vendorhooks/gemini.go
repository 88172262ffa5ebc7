package vendorhooks

import (
	"errors"
	"os"
	"path/filepath"
)

// Gemini CLI's hook events amux uses (its settings schema, 0.61: "hooks"
// in settings.json, shaped like Claude Code's), and the notification type
// of a tool waiting for the person's approval.
const (
	geminiBeforeAgent    = "BeforeAgent"
	geminiAfterAgent     = "AfterAgent"
	geminiAfterTool      = "AfterTool"
	geminiNotification   = "Notification"
	geminiToolPermission = "ToolPermission"
)

// geminiSpecs is what amux installs into Gemini CLI:
//   - the agent loop starts on a prompt: working;
//   - a tool finished: working again, which clears "blocked" once the
//     person answered an approval;
//   - a tool waits for approval: blocked, kind permission;
//   - the agent loop ended: done.
func geminiSpecs(binHint string) ([]hookSpec, error) {
	specs := []hookSpec{
		{event: geminiBeforeAgent, command: "--state working"},
		{event: geminiAfterTool, hasMatcher: true, matcher: "*", command: "--state working"},
		{event: geminiNotification, hasMatcher: true, matcher: geminiToolPermission, command: "--state blocked --kind permission"},
		{event: geminiAfterAgent, command: "--state done"},
	}
	return wrapSpecs(specs, binHint)
}

// GeminiSettingsPath is Gemini CLI's user settings file:
// $GEMINI_CLI_HOME/.gemini/settings.json when that is set (Gemini takes it
// for the home directory), else $HOME/.gemini/settings.json. getenv is
// os.Getenv outside tests.
func GeminiSettingsPath(getenv func(string) string) (string, error) {
	home := getenv("GEMINI_CLI_HOME")
	if home == "" {
		home = getenv("HOME")
	}
	if home == "" {
		return "", errors.New("HOME is not set: cannot find Gemini CLI's settings")
	}
	return filepath.Join(home, ".gemini", "settings.json"), nil
}

func geminiPath(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	return GeminiSettingsPath(os.Getenv)
}

// InstallGemini adds amux's hooks to Gemini CLI's settings at path (""
// for GeminiSettingsPath), replacing any amux hooks already there, with
// the contract of InstallClaude: only amux's entries change, a second
// install changes nothing, a file that is not a JSON object is refused.
func InstallGemini(path, amuxBinHint string) (changed bool, err error) {
	path, err = geminiPath(path)
	if err != nil {
		return false, err
	}
	specs, err := geminiSpecs(amuxBinHint)
	if err != nil {
		return false, err
	}
	return edit(path, func(old []byte, exists bool) ([]byte, error) {
		if !exists || isBlankDoc(old) {
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
	}, nil)
}

// RemoveGemini deletes amux's hooks from Gemini CLI's settings at path (""
// for GeminiSettingsPath), and the containers that held nothing else, as
// RemoveClaude does.
func RemoveGemini(path string) (changed bool, err error) {
	path, err = geminiPath(path)
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
	}, nil)
}
