package vendorhooks

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMalformedSettingsAreRefusedUntouched(t *testing.T) {
	cases := []struct{ fixture, wantErr string }{
		{"malformed.json", "invalid character"},
		{"hooks-array.json", `"hooks" is not a JSON object`},
		{"top-array.json", "not a JSON object"},
	}
	for _, tc := range cases {
		t.Run(tc.fixture, func(t *testing.T) {
			path, orig := settingsFrom(t, tc.fixture, 0o644)
			before, _ := os.Stat(path)
			check := func(what string, err error) {
				t.Helper()
				if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("%s: error %v should name %s and say %q", what, err, path, tc.wantErr)
				}
			}
			_, err := InstallClaude(path, "")
			check("install", err)
			_, err = RemoveClaude(path)
			check("remove", err)
			_, err = claudeStatus(path)
			check("status", err)
			after, _ := os.Stat(path)
			if !bytes.Equal(readBytes(t, path), orig) || !after.ModTime().Equal(before.ModTime()) || after.Mode() != before.Mode() {
				t.Fatal("a refused file was touched")
			}
			assertNoTempFiles(t, filepath.Dir(path))
		})
	}
}

// An event amux needs that is not a list cannot take amux's group: refused.
// Removal has nothing of amux's to take out, so it leaves the file alone.
func TestEventThatIsNotAListIsRefused(t *testing.T) {
	path, orig := settingsFrom(t, "event-not-array.json", 0o600)
	if _, err := InstallClaude(path, ""); err == nil || !strings.Contains(err.Error(), "hooks.Stop is not a JSON array") {
		t.Fatalf("install: %v", err)
	}
	if changed, err := RemoveClaude(path); changed || err != nil {
		t.Fatalf("remove: %v %v", changed, err)
	}
	if !bytes.Equal(readBytes(t, path), orig) {
		t.Fatal("file touched")
	}
}

func TestMissingFileIsCreatedPrivate(t *testing.T) {
	home := t.TempDir()
	path, err := ClaudeSettingsPath(func(k string) string { return map[string]string{"HOME": home}[k] })
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := claudeStatus(path); ok || err != nil {
		t.Fatalf("status of a missing file: %v %v", ok, err)
	}
	if changed, err := RemoveClaude(path); changed || err != nil {
		t.Fatalf("remove from a missing file: %v %v", changed, err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("remove created the file")
	}
	if changed, err := InstallClaude(path, ""); !changed || err != nil {
		t.Fatalf("install: %v %v", changed, err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("created file: %v %v", fi, err)
	}
	if di, _ := os.Stat(filepath.Dir(path)); di.Mode().Perm() != 0o700 {
		t.Errorf("created folder mode %v", di.Mode().Perm())
	}
	if _, err := RemoveClaude(path); err != nil {
		t.Fatal(err)
	}
	if got := string(readBytes(t, path)); got != "{}\n" {
		t.Fatalf("after remove: %q", got)
	}
}

func TestEmptyFileIsAnEmptyObject(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, nil, 0o640); err != nil {
		t.Fatal(err)
	}
	if changed, err := InstallClaude(path, ""); !changed || err != nil {
		t.Fatalf("install: %v %v", changed, err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v", fi.Mode().Perm())
	}
	if ok, _ := claudeStatus(path); !ok {
		t.Fatal("not installed")
	}
}

func TestSymlinkedSettingsStayALink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "claude-settings.json")
	if err := os.MkdirAll(filepath.Dir(real), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(real, []byte("{\n  \"model\": \"opus\"\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(link), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../dotfiles/claude-settings.json", link); err != nil {
		t.Fatal(err)
	}
	if _, err := InstallClaude(link, ""); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if ok, _ := claudeStatus(real); !ok {
		t.Fatal("the link's target was not updated")
	}
}

// Claude Code may write its settings while amux edits them: amux starts
// over from the new bytes instead of overwriting them.
func TestConcurrentWriterIsNotOverwritten(t *testing.T) {
	path, _ := settingsFrom(t, "no-hooks.json", 0o600)
	writes := 0
	vendorWrite := func() {
		if writes++; writes == 1 {
			data := readBytes(t, path)
			data = bytes.Replace(data, []byte(`"model": "opus"`), []byte(`"model": "haiku"`), 1)
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	if changed, err := installClaude(path, "", vendorWrite); !changed || err != nil {
		t.Fatalf("install: %v %v", changed, err)
	}
	data := string(readBytes(t, path))
	if !strings.Contains(data, `"model": "haiku"`) || !strings.Contains(data, Marker) {
		t.Fatalf("lost a write:\n%s", data)
	}

	// A file that never settles is left with the other writer's bytes.
	installed := readBytes(t, path)
	var last []byte
	always := func() {
		writes++
		last = bytes.Replace(installed, []byte(`"haiku"`), []byte(`"haiku-`+strings.Repeat("x", writes)+`"`), 1)
		if err := os.WriteFile(path, last, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := removeClaude(path, always); err == nil || !strings.Contains(err.Error(), "kept changing") {
		t.Fatalf("remove under constant writes: %v", err)
	}
	if !bytes.Equal(readBytes(t, path), last) {
		t.Fatal("amux wrote over the other writer")
	}
	assertNoTempFiles(t, filepath.Dir(path))
}

func assertNoTempFiles(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".amux-") {
			t.Errorf("temp file left behind: %s", e.Name())
		}
	}
}
