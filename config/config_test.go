package config

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeConfig(t *testing.T, home, body string) {
	t.Helper()
	if err := os.MkdirAll(home, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(Path(home), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestStateHome(t *testing.T) {
	env := map[string]string{"HOME": "/home/u"}
	get := func(k string) string { return env[k] }
	if h, _ := StateHome(get); h != "/home/u/.amux" {
		t.Fatalf("default = %q", h)
	}
	env[EnvHome] = "/srv/amux"
	if h, _ := StateHome(get); h != "/srv/amux" {
		t.Fatalf("AMUX_HOME = %q", h)
	}
}

func TestLoadMissingAndEmptyGiveDefaults(t *testing.T) {
	home := t.TempDir()
	cfg, err := Load(home)
	if err != nil || cfg.UI.Theme != "dark" || cfg.Ports.Size != 10 || cfg.Assistants["claude"].Command != "claude" {
		t.Fatalf("missing: %+v %v", cfg, err)
	}
	writeConfig(t, home, "  \n")
	if _, err := Load(home); err != nil {
		t.Fatalf("empty file: %v", err)
	}
}

func TestLoadMalformedFallsBackAndNeverTouchesFile(t *testing.T) {
	for _, body := range []string{`{"ui": {"theme": "light"`, `[1,2]`, `"str"`, `null`, "\x00\xff"} {
		home := t.TempDir()
		writeConfig(t, home, body)
		cfg, err := Load(home)
		if err == nil {
			t.Errorf("%q: no warning", body)
		}
		if cfg.UI.Theme != "dark" || len(cfg.Assistants) != 6 {
			t.Errorf("%q: not defaults: %+v", body, cfg.UI)
		}
		if b, _ := os.ReadFile(Path(home)); string(b) != body {
			t.Errorf("%q: file changed to %q", body, b)
		}
	}
}

func TestLoadValuesAndPartialErrors(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, `{
	  "assistants": {"claude": {"interrupt_count": 0, "interrupt_delay_ms": 0},
	                 "aider": {"command": "aider --yes"},
	                 "broken": {"interrupt_count": 3}},
	  "ui": {"theme": "neon", "tmux_server": "work", "bell_on_done": false},
	  "ports": {"start": 7000, "end": 7005, "size": 10},
	  "future_key": {"x": 1}
	}`)
	cfg, err := Load(home)
	if err == nil {
		t.Fatal("want warnings for the unknown theme, broken assistant and bad ports")
	}
	for _, want := range []string{"neon", "broken", "ports"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("warning does not mention %q: %v", want, err)
		}
	}
	c := cfg.Assistants["claude"]
	if c.Command != "claude" || c.InterruptCount != 0 || c.InterruptDelayMs != 0 {
		t.Errorf("explicit zero lost: %+v", c)
	}
	if a := cfg.Assistants["aider"]; a.Command != "aider --yes" || a.BuiltIn || a.InterruptCount != 1 {
		t.Errorf("custom assistant: %+v", a)
	}
	if _, ok := cfg.Assistants["broken"]; ok {
		t.Error("assistant without a command accepted")
	}
	if cfg.UI.Theme != "dark" || cfg.UI.TmuxServer != "work" || cfg.UI.BellOnDone || !cfg.UI.ShowKeyHints {
		t.Errorf("ui = %+v", cfg.UI)
	}
	if cfg.Ports != Defaults().Ports {
		t.Errorf("invalid ports accepted: %+v", cfg.Ports)
	}
	// Built-ins in their fixed order, then user assistants sorted.
	want := []string{"claude", "codex", "gemini", "opencode", "amp", "shell", "aider"}
	if names := cfg.AssistantNames(); !slices.Equal(names, want) {
		t.Errorf("names = %v, want %v", names, want)
	}
}

func TestSaveTreatsNullSectionsAsEmpty(t *testing.T) {
	ctx := context.Background()
	home := t.TempDir()
	writeConfig(t, home, `{"assistants": null, "ui": null, "keep": 1}`)
	if err := SaveAssistants(ctx, home, map[string]Assistant{"aider": {Command: "aider"}}); err != nil {
		t.Fatalf("null assistants: %v", err)
	}
	if err := SaveUI(ctx, home, UI{Theme: "light"}); err != nil {
		t.Fatalf("null ui: %v", err)
	}
	cfg, err := Load(home)
	if err != nil || cfg.Assistants["aider"].Command != "aider" || cfg.UI.Theme != "light" {
		t.Fatalf("reload: %+v %+v %v", cfg.Assistants["aider"], cfg.UI, err)
	}
	writeConfig(t, home, `{"assistants": [1]}`)
	if err := SaveAssistants(ctx, home, map[string]Assistant{"aider": {Command: "aider"}}); !errors.Is(err, ErrRefusedSave) {
		t.Fatalf("non-object assistants: %v", err)
	}
}

func TestSaveRefusesUnreadableOrNonObject(t *testing.T) {
	ctx := context.Background()
	for _, body := range []string{`{"ui": `, `[]`, `42`, `null`} {
		home := t.TempDir()
		writeConfig(t, home, body)
		err := SaveUI(ctx, home, Defaults().UI)
		if !errors.Is(err, ErrRefusedSave) {
			t.Errorf("%q: save err = %v", body, err)
		}
		if b, _ := os.ReadFile(Path(home)); string(b) != body {
			t.Errorf("%q: bytes changed to %q", body, b)
		}
	}
	// Unreadable even as root: a directory where the file should be.
	home := t.TempDir()
	if err := os.Mkdir(Path(home), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := SaveUI(ctx, home, Defaults().UI); !errors.Is(err, ErrRefusedSave) {
		t.Fatalf("unreadable: %v", err)
	}
	if fi, err := os.Stat(Path(home)); err != nil || !fi.IsDir() {
		t.Fatal("unreadable path replaced")
	}
}

func TestSaveMissingEmptyAndPreservesUnknownKeys(t *testing.T) {
	ctx := context.Background()
	home := filepath.Join(t.TempDir(), "new-home")
	if err := SaveUI(ctx, home, UI{Theme: "light", ShowKeyHints: true}); err != nil {
		t.Fatalf("missing file: %v", err)
	}
	cfg, err := Load(home)
	if err != nil || cfg.UI.Theme != "light" {
		t.Fatalf("reload: %+v %v", cfg.UI, err)
	}

	writeConfig(t, home, "")
	if err := SaveUI(ctx, home, UI{Theme: "terminal"}); err != nil {
		t.Fatalf("empty file: %v", err)
	}

	writeConfig(t, home, `{"future_key": {"keep": true}, "ui": {"theme": "dark", "font": "x"}}`)
	if err := SaveAssistants(ctx, home, map[string]Assistant{"claude": {Command: "claude --fast", InterruptCount: 0, InterruptDelayMs: 0}}); err != nil {
		t.Fatal(err)
	}
	if err := SaveUI(ctx, home, UI{Theme: "light"}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(Path(home))
	var top map[string]map[string]any
	if err := json.Unmarshal(b, &top); err != nil {
		t.Fatal(err)
	}
	if top["future_key"]["keep"] != true || top["ui"]["font"] != "x" || top["ui"]["theme"] != "light" {
		t.Fatalf("unknown keys lost: %s", b)
	}
	claude := top["assistants"]["claude"].(map[string]any)
	if claude["interrupt_count"] != 0.0 || claude["interrupt_delay_ms"] != 0.0 {
		t.Fatalf("explicit zero not serialized: %s", b)
	}
	cfg, _ = Load(home)
	if cfg.Assistants["claude"].InterruptCount != 0 || cfg.Assistants["claude"].Command != "claude --fast" {
		t.Fatalf("reload: %+v", cfg.Assistants["claude"])
	}
}

// Resume commands are built in for claude and codex, overridable, and an
// explicit "" turns one off; a custom assistant may declare its own.
func TestResumeCommands(t *testing.T) {
	home := t.TempDir()
	cfg, _ := Load(home)
	if r, ok := cfg.Resume("claude"); !ok || r != "claude --continue" {
		t.Fatalf("claude resume %q %v", r, ok)
	}
	if r, ok := cfg.Resume("codex"); !ok || r != "codex resume --last" {
		t.Fatalf("codex resume %q %v", r, ok)
	}
	if _, ok := cfg.Resume("gemini"); ok {
		t.Fatal("gemini has no built-in resume")
	}
	writeConfig(t, home, `{"assistants": {"claude": {"resume_command": "claude --resume"},
		"codex": {"resume_command": ""}, "aider": {"command": "aider", "resume_command": "aider --restore-chat-history"}}}`)
	cfg, err := Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := cfg.Resume("claude"); r != "claude --resume" {
		t.Fatalf("override: %q", r)
	}
	if _, ok := cfg.Resume("codex"); ok {
		t.Fatal(`"" must turn the built-in resume off`)
	}
	if r, _ := cfg.Resume("aider"); r != "aider --restore-chat-history" {
		t.Fatalf("custom: %q", r)
	}
	if err := SaveAssistants(context.Background(), home, map[string]Assistant{"aider": cfg.Assistants["aider"]}); err != nil {
		t.Fatal(err)
	}
	if again, _ := Load(home); again.Assistants["aider"].ResumeCommand != "aider --restore-chat-history" {
		t.Fatalf("saved resume lost: %+v", again.Assistants["aider"])
	}
	// Another program under a built-in's name, without a resume of its own,
	// gets no built-in resume: "claude --continue" is not its command.
	writeConfig(t, home, `{"assistants": {"claude": {"command": "my-claude-wrapper"}, "codex": {"command": "codex"}}}`)
	if cfg, _ = Load(home); cfg.Assistants["claude"].Command != "my-claude-wrapper" {
		t.Fatalf("claude %+v", cfg.Assistants["claude"])
	}
	if r, ok := cfg.Resume("claude"); ok {
		t.Fatalf("an overridden command kept the built-in resume %q", r)
	}
	if r, _ := cfg.Resume("codex"); r != "codex resume --last" {
		t.Fatalf("the same command lost its resume: %q", r)
	}
	writeConfig(t, home, `{"assistants": {"claude": {"command": "my-claude-wrapper", "resume_command": "my-claude-wrapper --continue"}}}`)
	if cfg, _ = Load(home); cfg.Assistants["claude"].ResumeCommand != "my-claude-wrapper --continue" {
		t.Fatalf("its own resume: %+v", cfg.Assistants["claude"])
	}
}

func TestStatusAndNotificationSettings(t *testing.T) {
	home := t.TempDir()
	cfg, _ := Load(home)
	if cfg.Status.ShortCommandMs != 10000 || !cfg.Status.ShellMarks || cfg.UI.Notifications != NotifyOSC9 {
		t.Fatalf("defaults %+v %+v", cfg.Status, cfg.UI)
	}
	writeConfig(t, home, `{"status": {"short_command_ms": 2500, "shell_marks": false}, "ui": {"notifications": "osc777"}}`)
	cfg, err := Load(home)
	if err != nil || cfg.Status.ShortCommandMs != 2500 || cfg.Status.ShellMarks || cfg.UI.Notifications != NotifyOSC777 {
		t.Fatalf("loaded %+v %+v %v", cfg.Status, cfg.UI, err)
	}
	writeConfig(t, home, `{"ui": {"notifications": "loud"}}`)
	if cfg, err := Load(home); err == nil || cfg.UI.Notifications != NotifyOSC9 {
		t.Fatalf("an unknown style must warn and keep the default: %q %v", cfg.UI.Notifications, err)
	}
}
