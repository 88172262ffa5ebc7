package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// From the palette a person installs amux's notify program for Codex: a
// notify line reporting through "$AMUX_BIN_PATH" lands at the top level of
// ~/.codex/config.toml beside the person's settings, a second install
// changes nothing, removing restores the file's bytes, and a notify
// program of the person's own is left alone with a reason.
func TestInstallAndRemoveCodexNotifyFromThePalette(t *testing.T) {
	env := harness.NewEnv(t)
	config := filepath.Join(env.Home, ".codex", "config.toml")
	os.MkdirAll(filepath.Dir(config), 0o700)
	original := "model = \"gpt-5.5\"\n\n[projects.\"/src/shop\"]\ntrust_level = \"trusted\"\n"
	os.WriteFile(config, []byte(original), 0o600)

	term := harness.StartWorkbench(t, env)
	runFromPalette := func(query string) { term.RunFromPalette(t, query) }
	runFromPalette("install codex")
	term.WaitText("notify program installed")
	b, _ := os.ReadFile(config)
	got := string(b)
	for _, want := range []string{"model = \"gpt-5.5\"\nnotify = [\"sh\", \"-c\", ", "# amux-hook", "AMUX_BIN_PATH", "[projects.\"/src/shop\"]"} {
		if !strings.Contains(got, want) {
			t.Fatalf("config lacks %q:\n%s", want, got)
		}
	}
	runFromPalette("install codex")
	term.WaitText("already installed")
	if b2, _ := os.ReadFile(config); string(b2) != got {
		t.Fatal("a second install changed the file")
	}
	runFromPalette("remove amux's codex")
	term.WaitText("notify program removed")
	if b3, _ := os.ReadFile(config); string(b3) != original {
		t.Fatalf("remove left %q, want the original bytes", b3)
	}

	own := "notify = [\"notify-send\", \"Codex\"]\n" + original
	os.WriteFile(config, []byte(own), 0o600)
	runFromPalette("install codex")
	term.WaitText("already has its own notify program")
	if b4, _ := os.ReadFile(config); string(b4) != own {
		t.Fatalf("install touched the person's notify:\n%s", b4)
	}
}
