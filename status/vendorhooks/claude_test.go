package vendorhooks

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// settingsFrom copies a testdata file into a fresh HOME and returns the
// settings path and the original bytes.
func settingsFrom(t *testing.T, fixture string, mode os.FileMode) (string, []byte) {
	t.Helper()
	orig, err := os.ReadFile(filepath.Join("testdata", fixture))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, orig, mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	return path, orig
}

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// topLevel returns the top-level keys in order with their raw value bytes.
func topLevel(t *testing.T, data []byte) ([]string, map[string]string) {
	t.Helper()
	d, err := parseDoc(data)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	raw := map[string]string{}
	for _, e := range d.top.elems {
		keys = append(keys, e.key)
		raw[e.key] = string(data[e.val.start:e.val.end])
	}
	return keys, raw
}

// withoutAmux decodes a settings file as Claude Code would and drops amux's
// entries and the containers left empty, for semantic comparison.
func withoutAmux(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	hooks, _ := v["hooks"].(map[string]any)
	for ev, list := range hooks {
		groups, _ := list.([]any)
		var keep []any
		for _, g := range groups {
			gm, _ := g.(map[string]any)
			inner, _ := gm["hooks"].([]any)
			var left []any
			for _, h := range inner {
				hm, _ := h.(map[string]any)
				if cmd, _ := hm["command"].(string); !strings.Contains(cmd, Marker) {
					left = append(left, h)
				}
			}
			if len(left) > 0 {
				gm["hooks"] = left
				keep = append(keep, gm)
			}
		}
		if len(keep) == 0 {
			delete(hooks, ev)
		} else {
			hooks[ev] = keep
		}
	}
	if hooks != nil && len(hooks) == 0 {
		delete(v, "hooks")
	}
	return v
}

// amuxByEvent decodes the file and returns amux's commands per event.
func amuxByEvent(t *testing.T, data []byte) map[string][]string {
	t.Helper()
	d, err := parseDoc(data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := amuxEntries(d)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, f := range got {
		out[f.event] = append(out[f.event], f.matcher+"|"+f.command)
	}
	return out
}

func TestInstallRemoveRoundTrip(t *testing.T) {
	cases := []struct {
		fixture string
		mode    os.FileMode
	}{
		{"no-hooks.json", 0o600},
		{"other-hooks.json", 0o644},
		{"tabs.json", 0o600},
		{"compact.json", 0o640},
		{"empty-object.json", 0o600},
	}
	specs, err := claudeSpecs("")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.fixture, func(t *testing.T) {
			path, orig := settingsFrom(t, tc.fixture, tc.mode)
			origKeys, origRaw := topLevel(t, orig)

			changed, err := InstallClaude(path, "")
			if err != nil || !changed {
				t.Fatalf("install: changed=%v err=%v", changed, err)
			}
			once := readBytes(t, path)
			if !json.Valid(once) {
				t.Fatalf("installed file is not JSON:\n%s", once)
			}
			// Other keys keep their bytes and their order; hooks is added last.
			keys, raw := topLevel(t, once)
			wantKeys := origKeys
			if !slices.Contains(origKeys, "hooks") {
				wantKeys = append(slices.Clone(origKeys), "hooks")
			}
			if !slices.Equal(keys, wantKeys) {
				t.Errorf("keys %v, want %v", keys, wantKeys)
			}
			for k, v := range origRaw {
				if k != "hooks" && raw[k] != v {
					t.Errorf("key %q changed:\n%s\nto\n%s", k, v, raw[k])
				}
			}
			// As Claude Code reads it: the user's hooks are all there…
			if got, want := withoutAmux(t, once), withoutAmux(t, orig); !reflect.DeepEqual(got, want) {
				t.Errorf("user settings changed:\n got %v\nwant %v", got, want)
			}
			// …and amux's are there once each.
			byEvent := amuxByEvent(t, once)
			for _, s := range specs {
				want := []string{s.matcher + "|" + s.command}
				if !slices.Equal(byEvent[s.event], want) {
					t.Errorf("%s: amux entries %q", s.event, byEvent[s.event])
				}
			}
			if fi, _ := os.Stat(path); fi.Mode().Perm() != tc.mode {
				t.Errorf("mode %v, want %v", fi.Mode().Perm(), tc.mode)
			}
			if ok, err := claudeStatus(path); !ok || err != nil {
				t.Errorf("status after install: %v %v", ok, err)
			}

			// Installing again changes nothing, not even a byte.
			changed, err = InstallClaude(path, "")
			if err != nil || changed || !bytes.Equal(readBytes(t, path), once) {
				t.Fatalf("second install: changed=%v err=%v", changed, err)
			}

			// Removing gives back the original bytes.
			changed, err = RemoveClaude(path)
			if err != nil || !changed {
				t.Fatalf("remove: changed=%v err=%v", changed, err)
			}
			if got := readBytes(t, path); !bytes.Equal(got, orig) {
				t.Fatalf("remove did not restore the original:\n%s\nwant\n%s", got, orig)
			}
			if ok, err := claudeStatus(path); ok || err != nil {
				t.Errorf("status after remove: %v %v", ok, err)
			}
			if changed, err := RemoveClaude(path); changed || err != nil {
				t.Errorf("second remove: changed=%v err=%v", changed, err)
			}
			if fi, _ := os.Stat(path); fi.Mode().Perm() != tc.mode {
				t.Errorf("mode after remove %v, want %v", fi.Mode().Perm(), tc.mode)
			}
			assertNoTempFiles(t, filepath.Dir(path))
		})
	}
}

// An empty "hooks" object amux filled is removed with amux's entries: amux
// cannot tell it from one it created. Claude Code reads both the same.
func TestRemoveDropsAnEmptyHooksObject(t *testing.T) {
	path, _ := settingsFrom(t, "empty-hooks.json", 0o600)
	if _, err := InstallClaude(path, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := RemoveClaude(path); err != nil {
		t.Fatal(err)
	}
	if got, want := string(readBytes(t, path)), "{\n  \"model\": \"opus\"\n}\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// An older amux command (same marker) is replaced, not duplicated, and a
// user's hook sharing its group stays.
func TestInstallReplacesOldAmuxEntries(t *testing.T) {
	old := `{
  "hooks": {
    "Stop": [
      {
        "hooks": [
          {"type": "command", "command": "amux-old report --state done # amux-hook"},
          {"type": "command", "command": "say done"}
        ]
      }
    ]
  }
}
`
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	if ok, _ := claudeStatus(path); ok {
		t.Fatal("a partial install reads as installed")
	}
	if changed, err := InstallClaude(path, ""); !changed || err != nil {
		t.Fatalf("install: %v %v", changed, err)
	}
	data := readBytes(t, path)
	if strings.Contains(string(data), "amux-old") || !strings.Contains(string(data), "say done") {
		t.Fatalf("old entry kept or user entry lost:\n%s", data)
	}
	for ev, cmds := range amuxByEvent(t, data) {
		if len(cmds) != 1 {
			t.Errorf("%s has %d amux entries", ev, len(cmds))
		}
	}
	// A different binary hint is a different install.
	if changed, err := InstallClaude(path, "/opt/amux/bin/amux"); !changed || err != nil {
		t.Fatalf("install with hint: %v %v", changed, err)
	}
	if !strings.Contains(string(readBytes(t, path)), "/opt/amux/bin/amux") {
		t.Fatal("hint not written")
	}
	if _, err := InstallClaude(path, "relative/amux"); err == nil {
		t.Fatal("a relative hint was accepted")
	}
}

// Hooks amux wrote before `amux report` looked up the pane's tty itself
// ran tmux in the command (installed-tty-lookup.json is other-hooks.json
// after such an install). They carry the marker: an install replaces them
// and a removal takes them out, leaving the user's file as it was.
func TestPreviousHookCommandsStayAmuxs(t *testing.T) {
	const hint = "/opt/amux/bin/amux"
	user, err := os.ReadFile(filepath.Join("testdata", "other-hooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	path, old := settingsFrom(t, "installed-tty-lookup.json", 0o600)
	if !strings.Contains(string(old), "display-message") {
		t.Fatal("the fixture does not hold the previous commands")
	}
	if changed, err := InstallClaude(path, hint); !changed || err != nil {
		t.Fatalf("install over the previous hooks: changed=%v err=%v", changed, err)
	}
	data := readBytes(t, path)
	if strings.Contains(string(data), "display-message") {
		t.Fatalf("a previous command survived:\n%s", data)
	}
	specs, err := claudeSpecs(hint)
	if err != nil {
		t.Fatal(err)
	}
	byEvent := amuxByEvent(t, data)
	for _, s := range specs {
		if want := []string{s.matcher + "|" + s.command}; !slices.Equal(byEvent[s.event], want) {
			t.Errorf("%s: amux entries %q", s.event, byEvent[s.event])
		}
	}
	if got, want := withoutAmux(t, data), withoutAmux(t, user); !reflect.DeepEqual(got, want) {
		t.Errorf("user settings changed:\n got %v\nwant %v", got, want)
	}

	path, _ = settingsFrom(t, "installed-tty-lookup.json", 0o600)
	if changed, err := RemoveClaude(path); !changed || err != nil {
		t.Fatalf("remove the previous hooks: changed=%v err=%v", changed, err)
	}
	if got := readBytes(t, path); !bytes.Equal(got, user) {
		t.Fatalf("remove left:\n%s\nwant\n%s", got, user)
	}
}

func TestClaudeSettingsPath(t *testing.T) {
	cases := []struct {
		env     map[string]string
		want    string
		wantErr bool
	}{
		{map[string]string{"HOME": "/home/u"}, "/home/u/.claude/settings.json", false},
		{map[string]string{"HOME": "/home/u", "CLAUDE_CONFIG_DIR": "/cfg/claude"}, "/cfg/claude/settings.json", false},
		{map[string]string{}, "", true},
	}
	for _, tc := range cases {
		got, err := ClaudeSettingsPath(func(k string) string { return tc.env[k] })
		if got != tc.want || (err != nil) != tc.wantErr {
			t.Errorf("%v: got %q, %v", tc.env, got, err)
		}
	}
}
