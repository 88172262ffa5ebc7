package vendorhooks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// amux's Gemini hooks go in beside the person's own settings and hooks, a
// second install changes nothing, and removing gives the exact bytes back.
func TestInstallAndRemoveGeminiHooks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	original := `{
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "hooks": {"AfterTool": [{"matcher": "write_file", "hooks": [{"type": "command", "command": "make fmt"}]}]}
}
`
	if err := os.WriteFile(path, []byte(original), 0o600); err != nil {
		t.Fatal(err)
	}
	changed, err := InstallGemini(path, "/opt/amux/bin/amux")
	if err != nil || !changed {
		t.Fatalf("install: %v %v", changed, err)
	}
	b, _ := os.ReadFile(path)
	got := string(b)
	for _, want := range []string{`"BeforeAgent"`, `"AfterAgent"`, `"Notification"`, `"ToolPermission"`,
		"--state blocked --kind permission", Marker, "make fmt", `"selectedType": "gemini-api-key"`, "/opt/amux/bin/amux"} {
		if !strings.Contains(got, want) {
			t.Fatalf("settings lack %q:\n%s", want, got)
		}
	}
	if changed, err := InstallGemini(path, "/opt/amux/bin/amux"); err != nil || changed {
		t.Fatalf("second install: changed=%v %v", changed, err)
	}
	if changed, err := RemoveGemini(path); err != nil || !changed {
		t.Fatalf("remove: %v %v", changed, err)
	}
	if b, _ := os.ReadFile(path); string(b) != original {
		t.Fatalf("remove left:\n%s\nwant the original bytes", b)
	}
}

func TestGeminiSettingsPath(t *testing.T) {
	env := map[string]string{"HOME": "/home/p"}
	getenv := func(k string) string { return env[k] }
	if p, _ := GeminiSettingsPath(getenv); p != "/home/p/.gemini/settings.json" {
		t.Fatal(p)
	}
	env["GEMINI_CLI_HOME"] = "/srv/g"
	if p, _ := GeminiSettingsPath(getenv); p != "/srv/g/.gemini/settings.json" {
		t.Fatal(p)
	}
}

// A settings file that is not JSON is refused and left as it was.
func TestInstallGeminiRefusesAFileItCannotRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	os.WriteFile(path, []byte("{ not json"), 0o600)
	if _, err := InstallGemini(path, ""); err == nil {
		t.Fatal("installed into a malformed file")
	}
	if b, _ := os.ReadFile(path); string(b) != "{ not json" {
		t.Fatalf("the file changed: %q", b)
	}
}
