package agentcli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// ClaudeAPIKey is the key the tests give Claude Code. The scripted model
// server takes any key; Claude Code only asks whether to use it (by its
// last 20 characters) unless ~/.claude.json approved it.
const ClaudeAPIKey = "sk-ant-api03-amux-e2e-scripted-model-0123456789abcdefghij"

// ClaudeSetup is Claude Code's own state in a test's HOME: which of its
// start screens it shows before the composer.
type ClaudeSetup struct {
	// Trusted are the directories whose folder-trust question is already
	// answered yes ("Quick safety check: Is this a project you created or
	// one you trust?"). Claude Code keys trust by the git root, so a
	// workspace's own worktree must be named, not a parent of it.
	Trusted []string
	// FirstRun leaves onboarding to do: the theme choice and the security
	// notes come first.
	FirstRun bool
	// AskKey leaves the API key neither approved nor rejected: "Detected a
	// custom API key in your environment … Do you want to use this API
	// key?".
	AskKey bool
	// AutoModeOffer leaves the start-up offer to make auto mode the
	// default ("Make auto mode your default permission mode?") unanswered.
	AutoModeOffer bool
	// Settings are merged into ~/.claude/settings.json (which always asks
	// for the manual permission mode, so tool calls ask the person).
	Settings map[string]any
}

// WriteClaudeConfig writes ~/.claude.json and ~/.claude/settings.json under
// home for setup.
func WriteClaudeConfig(t testing.TB, home string, setup ClaudeSetup) {
	t.Helper()
	projects := map[string]any{}
	for _, dir := range setup.Trusted {
		projects[dir] = map[string]any{"hasTrustDialogAccepted": true, "allowedTools": []string{}}
	}
	state := map[string]any{
		"hasCompletedOnboarding": !setup.FirstRun,
		"projects":               projects,
		// The notices 2.1.328 shows once: release notes, the auto-mode
		// announcement and its opt-in.
		"lastReleaseNotesSeen":     "2.1.328",
		"hasSeenAutoDefaultNotice": true,
		"hasSeenAutoDefaultNudge":  !setup.AutoModeOffer,
	}
	if !setup.AskKey {
		state["customApiKeyResponses"] = map[string]any{
			"approved": []string{ClaudeAPIKey[len(ClaudeAPIKey)-20:]}, "rejected": []string{}}
	}
	writeJSONFile(t, filepath.Join(home, ".claude.json"), state)

	settings := map[string]any{"permissions": map[string]any{"defaultMode": "default"}}
	for k, v := range setup.Settings {
		settings[k] = v
	}
	writeJSONFile(t, filepath.Join(home, ".claude", "settings.json"), settings)
}

// ClaudeEnv is the environment Claude Code needs to run against the model
// server at baseURL and nothing else: the key, the base URL, and every
// switch that keeps it off the network otherwise (updates, telemetry, error
// reports, feedback surveys, the other non-essential calls).
func ClaudeEnv(baseURL string) map[string]string {
	return map[string]string{
		"ANTHROPIC_API_KEY":                                    ClaudeAPIKey,
		"ANTHROPIC_BASE_URL":                                   baseURL,
		"DISABLE_AUTOUPDATER":                                  "1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC":             "1",
		"DISABLE_TELEMETRY":                                    "1",
		"DISABLE_ERROR_REPORTING":                              "1",
		"CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY":                  "1",
		"CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL": "1",
	}
}

func writeJSONFile(t testing.TB, path string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
}
