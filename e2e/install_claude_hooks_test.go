package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// From the palette a person installs amux's Claude Code hooks: entries that
// report through "$AMUX_BIN_PATH" land in ~/.claude/settings.json next to the
// user's own settings, a second install changes nothing, and removing takes
// exactly amux's entries out again.
func TestInstallAndRemoveClaudeHooksFromThePalette(t *testing.T) {
	env := harness.NewEnv(t)
	settings := filepath.Join(env.Home, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(settings), 0o700)
	original := "{\n  \"theme\": \"dark\",\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]}\n}\n"
	os.WriteFile(settings, []byte(original), 0o600)

	term := harness.StartWorkbench(t, env)
	runFromPalette := func(query string) {
		term.Press(t, app.ActPalette)
		term.WaitText("Commands")
		term.Type(query)
		term.Press(t, keys.ListChoose)
		term.WaitGone("Commands")
	}
	runFromPalette("install claude")
	term.WaitText("hooks installed")
	b, _ := os.ReadFile(settings)
	got := string(b)
	for _, want := range []string{"UserPromptSubmit", "Stop", "Notification", "# amux-hook", "AMUX_BIN_PATH", "\"theme\": \"dark\"", "Bash(ls)"} {
		if !strings.Contains(got, want) {
			t.Fatalf("settings lack %q:\n%s", want, got)
		}
	}
	runFromPalette("install claude")
	term.WaitText("already installed")
	if b2, _ := os.ReadFile(settings); string(b2) != got {
		t.Fatal("a second install changed the file")
	}
	runFromPalette("remove amux's claude")
	term.WaitText("hooks removed")
	if b3, _ := os.ReadFile(settings); string(b3) != original {
		t.Fatalf("remove left %q, want the original bytes", b3)
	}
}
