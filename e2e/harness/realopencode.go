package harness

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness/agentcli"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status"
)

// Opencode is the real opencode set up to run as an amux assistant against
// a scripted OpenAI-compatible server, in the test's HOME.
type Opencode struct {
	CLI      agentcli.Installed
	Server   *modelserver.Server
	npmCache string
}

// OpencodeOptions are the test's changes to opencode's configuration.
type OpencodeOptions struct {
	// AllowTools leaves edits and shell commands to opencode's defaults
	// (no question); otherwise both ask the person first.
	AllowTools bool
}

// PrepareOpencode installs (or finds) the pinned opencode, starts a model
// server, and writes opencode's global config under env.Home: one custom
// provider ("amux", through @ai-sdk/openai-compatible) whose base URL is
// the server, its one model as the default and the small model (titles),
// no autoupdate, no sharing, and "ask" before edits and shell commands.
//
// opencode installs its plugin package into its config folder when it
// starts (from the npm registry); the npm cache it uses for that is shared
// by every test on the machine, beside the CLIs, so only the first run
// downloads it.
func PrepareOpencode(t testing.TB, env *Env, opts OpencodeOptions) *Opencode {
	t.Helper()
	o := &Opencode{CLI: agentcli.Require(t, "opencode"), Server: modelserver.Start(t)}
	if root, err := agentcli.CacheDir(); err == nil {
		o.npmCache = filepath.Join(root, "opencode-npm-cache")
	}
	cfg := map[string]any{
		"$schema": "https://opencode.ai/config.json",
		"provider": map[string]any{"amux": map[string]any{
			"npm":     "@ai-sdk/openai-compatible",
			"name":    "amux scripted",
			"options": map[string]any{"baseURL": o.Server.URL() + "/v1", "apiKey": "amux-e2e-key"},
			"models":  map[string]any{"scripted": map[string]any{"name": "Scripted"}},
		}},
		"model":       "amux/scripted",
		"small_model": "amux/scripted",
		"autoupdate":  false,
		"share":       "disabled",
	}
	if !opts.AllowTools {
		cfg["permission"] = map[string]any{"edit": "ask", "bash": "ask"}
	}
	b, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(env.Home, ".config", "opencode")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "opencode.json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	return o
}

// ShellCommand is the assistant's command for config.json: the pinned
// opencode with its update check, model list fetch, sharing, LSP
// downloads and default plugins turned off, run through `sh -lc` (opencode
// is a single binary: it needs no node on PATH).
func (o *Opencode) ShellCommand() string {
	q := status.ShellQuote
	words := []string{
		"OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_SHARE=1",
		"OPENCODE_DISABLE_LSP_DOWNLOAD=1", "OPENCODE_DISABLE_DEFAULT_PLUGINS=1", "OPENCODE_DISABLE_CLAUDE_CODE=1",
	}
	if o.npmCache != "" {
		words = append(words, "npm_config_cache="+q(o.npmCache), "npm_config_prefer_offline=true")
	}
	return strings.Join(append(words, "exec", q(o.CLI.Program)), " ")
}
