package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// From the palette a person installs amux's hooks into Gemini CLI's
// settings and amux's plugin into opencode's config folder, keeping what
// the person had there; a second install changes nothing, and removing
// takes out only amux's own entries.
func TestInstallGeminiHooksAndTheOpencodePluginFromThePalette(t *testing.T) {
	env := harness.NewEnv(t)
	settings := filepath.Join(env.Home, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(settings), 0o700)
	original := "{\n  \"ui\": {\"theme\": \"GitHub\"}\n}\n"
	os.WriteFile(settings, []byte(original), 0o600)
	plugin := filepath.Join(env.Home, ".config", "opencode", "plugins", "amux-report.js")
	term := harness.StartWorkbench(t, env)

	term.RunFromPalette(t, "install gemini")
	term.WaitText("Gemini CLI hooks installed")
	b, _ := os.ReadFile(settings)
	for _, want := range []string{`"theme": "GitHub"`, "AMUX_BIN_PATH", "amux-hook", "AfterAgent"} {
		if !strings.Contains(string(b), want) {
			t.Fatalf("Gemini settings lack %q:\n%s", want, b)
		}
	}
	term.RunFromPalette(t, "install gemini")
	term.WaitText("already installed")
	term.RunFromPalette(t, "remove amux's gemini")
	term.WaitText("Gemini CLI hooks removed")
	if b, _ := os.ReadFile(settings); strings.Contains(string(b), "amux-hook") || !strings.Contains(string(b), "GitHub") {
		t.Fatalf("remove left:\n%s", b)
	}

	term.RunFromPalette(t, "install amux's opencode")
	term.WaitText("opencode plugin installed")
	if b, err := os.ReadFile(plugin); err != nil || !strings.Contains(string(b), "report") {
		t.Fatalf("no amux plugin at %s (%v):\n%s", plugin, err, b)
	}
	term.RunFromPalette(t, "remove amux's opencode")
	term.WaitText("opencode plugin removed")
	if _, err := os.Stat(plugin); !os.IsNotExist(err) {
		t.Fatalf("the plugin is still there after remove: %v", err)
	}
}
