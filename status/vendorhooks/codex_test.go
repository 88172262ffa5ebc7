package vendorhooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// codexConfig is a config.toml shaped like the ones Codex writes itself:
// top-level keys, then tables it adds as it runs.
const codexConfig = `# my settings
model = "gpt-5.5"
approval_policy = "on-request"

# the provider I use
[model_providers.local]
base_url = "http://127.0.0.1:9/v1"

[tui]
notifications = ["agent-turn-complete"]
`

func writeCodex(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), ".codex", "config.toml")
	os.MkdirAll(filepath.Dir(path), 0o700)
	if err := os.WriteFile(path, []byte(text), 0o640); err != nil {
		t.Fatal(err)
	}
	return path
}

// notifyArgv decodes the file as TOML (as Codex would) and returns notify.
func notifyArgv(t *testing.T, path string) []string {
	t.Helper()
	var cfg struct {
		Notify []string `toml:"notify"`
		Model  string   `toml:"model"`
	}
	if _, err := toml.DecodeFile(path, &cfg); err != nil {
		b, _ := os.ReadFile(path)
		t.Fatalf("not TOML after the edit: %v\n%s", err, b)
	}
	return cfg.Notify
}

func TestInstallCodexAddsNotifyAtTheTopLevelAndRemoveRestoresTheBytes(t *testing.T) {
	path := writeCodex(t, codexConfig)
	if changed, err := InstallCodex(path, "/opt/amux/bin/amux"); !changed || err != nil {
		t.Fatalf("install: changed %v, %v", changed, err)
	}
	argv := notifyArgv(t, path)
	if len(argv) != 4 || argv[0] != "sh" || argv[1] != "-c" || !strings.Contains(argv[2], "report --state done --app codex") ||
		!strings.HasSuffix(argv[2], Marker) || !strings.Contains(argv[2], "'/opt/amux/bin/amux'") {
		t.Fatalf("notify %q", argv)
	}
	b, _ := os.ReadFile(path)
	if got := string(b); !strings.Contains(got, "approval_policy = \"on-request\"\nnotify = [") ||
		!strings.Contains(got, "]\n\n# the provider I use\n[model_providers.local]") {
		t.Fatalf("notify not placed at the end of the top level:\n%s", got)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the file's own 0640", fi.Mode().Perm())
	}
	if ok, err := codexStatus(path); !ok || err != nil {
		t.Errorf("status after install: %v, %v", ok, err)
	}
	if changed, err := InstallCodex(path, "/opt/amux/bin/amux"); changed || err != nil {
		t.Errorf("second install: changed %v, %v", changed, err)
	}
	if changed, err := InstallCodex(path, ""); !changed || err != nil {
		t.Errorf("install without the hint replaces amux's line: changed %v, %v", changed, err)
	}
	if changed, err := RemoveCodex(path); !changed || err != nil {
		t.Fatalf("remove: changed %v, %v", changed, err)
	}
	if b, _ := os.ReadFile(path); string(b) != codexConfig {
		t.Fatalf("remove left:\n%s\nwant the original bytes", b)
	}
	if changed, err := RemoveCodex(path); changed || err != nil {
		t.Errorf("second remove: changed %v, %v", changed, err)
	}
}

func TestInstallCodexMakesAMissingConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "codexhome", "config.toml")
	if _, err := InstallCodex(path, ""); err != nil {
		t.Fatal(err)
	}
	if argv := notifyArgv(t, path); len(argv) != 4 {
		t.Fatalf("notify %q", argv)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != newFileMode {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
	got, err := CodexConfigPath(func(k string) string { return map[string]string{"CODEX_HOME": "/c", "HOME": "/h"}[k] })
	if err != nil || got != "/c/config.toml" {
		t.Errorf("with CODEX_HOME: %q, %v", got, err)
	}
	got, _ = CodexConfigPath(func(k string) string { return map[string]string{"HOME": "/h"}[k] })
	if got != "/h/.codex/config.toml" {
		t.Errorf("without CODEX_HOME: %q", got)
	}
}

func TestInstallCodexLeavesAPersonsOwnNotifyAlone(t *testing.T) {
	own := "notify = [\n  \"notify-send\",\n  \"Codex\",\n]\nmodel = \"o3\"\n"
	path := writeCodex(t, own)
	if _, err := InstallCodex(path, ""); err == nil || !strings.Contains(err.Error(), "already has its own notify program") {
		t.Fatalf("install over the person's notify: %v", err)
	}
	if changed, err := RemoveCodex(path); changed || err != nil {
		t.Errorf("remove touched the person's notify: %v, %v", changed, err)
	}
	if b, _ := os.ReadFile(path); string(b) != own {
		t.Fatalf("file changed:\n%s", b)
	}
	// A key called notify inside a table is not Codex's notify.
	path = writeCodex(t, "[tui]\nnotify = true\n")
	if _, err := InstallCodex(path, ""); err != nil {
		t.Fatal(err)
	}
	if argv := notifyArgv(t, path); len(argv) != 4 {
		t.Fatalf("notify %q", argv)
	}
}

// The notify program runs as Codex runs it — the JSON appended as one more
// argument — and reports done through the amux binary it finds.
func TestCodexNotifyRunsReportWithTheJSONArgumentIgnored(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "amux")
	log := filepath.Join(dir, "args")
	os.WriteFile(fake, []byte("#!/bin/sh\necho \"$@\" > "+log+"\n"), 0o755)
	path := writeCodex(t, "")
	if _, err := InstallCodex(path, ""); err != nil {
		t.Fatal(err)
	}
	argv := notifyArgv(t, path)
	cmd := exec.Command(argv[0], append(argv[1:], `{"type":"agent-turn-complete","turn-id":"1"}`)...)
	cmd.Env = []string{"AMUX_ENV=1", "AMUX_BIN_PATH=" + fake, "PATH=/usr/bin:/bin"}
	if out, err := cmd.CombinedOutput(); err != nil || len(out) != 0 {
		t.Fatalf("notify: %v, output %q (it must print nothing)", err, out)
	}
	if b, _ := os.ReadFile(log); strings.TrimSpace(string(b)) != "report --state done --app codex --message turn complete (notify)" {
		t.Fatalf("amux got %q", b)
	}
}
