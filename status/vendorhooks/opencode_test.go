package vendorhooks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// amux's opencode plugin is a file of its own: installed once (a second
// install changes nothing), removed again, and a file of that name that
// amux did not write is never replaced or deleted.
func TestInstallAndRemoveOpencodePlugin(t *testing.T) {
	path := filepath.Join(t.TempDir(), "opencode", "plugins", OpencodePluginName)
	if changed, err := InstallOpencode(path, "/opt/amux/bin/amux"); err != nil || !changed {
		t.Fatalf("install: %v %v", changed, err)
	}
	b, _ := os.ReadFile(path)
	for _, want := range []string{Marker, `"/opt/amux/bin/amux"`, `"permission.asked"`, `"session.idle"`, "AMUX_ENV"} {
		if !strings.Contains(string(b), want) {
			t.Fatalf("plugin lacks %s:\n%s", want, b)
		}
	}
	if changed, err := InstallOpencode(path, "/opt/amux/bin/amux"); err != nil || changed {
		t.Fatalf("second install: changed=%v %v", changed, err)
	}
	if changed, err := RemoveOpencode(path); err != nil || !changed {
		t.Fatalf("remove: %v %v", changed, err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("plugin still there: %v", err)
	}
	if changed, err := RemoveOpencode(path); err != nil || changed {
		t.Fatalf("removing nothing: changed=%v %v", changed, err)
	}

	os.WriteFile(path, []byte("export const Mine = async () => ({})\n"), 0o600)
	if _, err := InstallOpencode(path, ""); err == nil {
		t.Fatal("replaced the person's own plugin")
	}
	if _, err := RemoveOpencode(path); err == nil {
		t.Fatal("deleted the person's own plugin")
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "Mine") {
		t.Fatalf("the person's plugin changed: %s", b)
	}
}

func TestOpencodePluginPath(t *testing.T) {
	env := map[string]string{"HOME": "/home/p"}
	getenv := func(k string) string { return env[k] }
	if p, _ := OpencodePluginPath(getenv); p != "/home/p/.config/opencode/plugins/amux-report.js" {
		t.Fatal(p)
	}
	env["XDG_CONFIG_HOME"] = "/x"
	if p, _ := OpencodePluginPath(getenv); p != "/x/opencode/plugins/amux-report.js" {
		t.Fatal(p)
	}
	env["OPENCODE_CONFIG_DIR"] = "/c"
	if p, _ := OpencodePluginPath(getenv); p != "/c/plugins/amux-report.js" {
		t.Fatal(p)
	}
}
