package harness

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness/agentcli"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status"
)

// RealWait bounds a wait on a real agent CLI: a cold start of a Node CLI
// takes several seconds on a quiet machine and a good deal more on a busy
// one.
const RealWait = 90 * time.Second

// Gemini is the real Gemini CLI set up to run as an amux assistant against
// a scripted model server, in the test's HOME.
type Gemini struct {
	CLI    agentcli.Installed
	Server *modelserver.Server
	home   string
	noAuth bool
}

// GeminiOptions says which of Gemini's start screens a test wants to see.
type GeminiOptions struct {
	// NoAuth leaves the authentication method unset: Gemini asks how to
	// sign in.
	NoAuth bool
	// Untrusted leaves the test's folders untrusted: Gemini asks whether
	// to trust the folder it starts in.
	Untrusted bool
	// Hooks are Gemini's "hooks" settings, as written in settings.json.
	Hooks map[string]any
}

// PrepareGemini installs (or finds) the pinned Gemini CLI, starts a model
// server, and writes Gemini's user settings under env.Home: API-key
// authentication against the server, no update checks or notices, no
// telemetry or usage statistics, two attempts per request (so a failing
// API gives up in seconds), and errors shown in full. Unless Untrusted,
// every folder under HOME is trusted (the workspaces live there).
func PrepareGemini(t testing.TB, env *Env, opts GeminiOptions) *Gemini {
	t.Helper()
	g := &Gemini{CLI: agentcli.Require(t, "gemini"), Server: modelserver.Start(t), home: env.Home, noAuth: opts.NoAuth}
	settings := map[string]any{
		"general": map[string]any{
			"enableAutoUpdate":             false,
			"enableAutoUpdateNotification": false,
			"maxAttempts":                  2,
		},
		"privacy":   map[string]any{"usageStatisticsEnabled": false},
		"telemetry": map[string]any{"enabled": false},
		"ui":        map[string]any{"errorVerbosity": "full"},
	}
	if !opts.NoAuth {
		settings["security"] = map[string]any{"auth": map[string]any{"selectedType": "gemini-api-key"}}
	}
	if opts.Hooks != nil {
		settings["hooks"] = opts.Hooks
	}
	g.writeJSON(t, "settings.json", settings)
	if !opts.Untrusted {
		g.writeJSON(t, "trustedFolders.json", map[string]string{env.Home: "TRUST_FOLDER"})
	}
	return g
}

// SettingsPath is Gemini's user settings file in the test's HOME.
func (g *Gemini) SettingsPath() string { return filepath.Join(g.home, ".gemini", "settings.json") }

func (g *Gemini) writeJSON(t testing.TB, name string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(g.home, ".gemini")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// ShellCommand is the assistant's command for config.json. amux runs it
// with `sh -lc`, whose profile may reset PATH, so it puts the pinned node
// first itself; the API key and base URL point Gemini at the server
// (without authentication they stay unset: either would choose a method
// and skip the sign-in question).
func (g *Gemini) ShellCommand() string {
	q := status.ShellQuote
	words := []string{"PATH=" + q(g.CLI.NodeDir) + ":\"$PATH\""}
	if !g.noAuth {
		words = append(words, "GEMINI_API_KEY=amux-e2e-key", "GOOGLE_GEMINI_BASE_URL="+q(g.Server.URL()))
	}
	return strings.Join(append(words, "exec", q(g.CLI.Program)), " ")
}
