package config

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

// config.json as a link to the terminal or as a FIFO: the start does not
// wait on it or read the person's keys as the config; it uses the defaults
// and says why, and a save is refused with the same reason, the file kept.
func TestConfigThatIsNotARegularFileIsRefused(t *testing.T) {
	for _, kind := range []string{"tty", "fifo"} {
		t.Run(kind, func(t *testing.T) {
			home := t.TempDir()
			var err error
			if kind == "tty" {
				err = os.Symlink("/dev/tty", Path(home))
			} else {
				err = syscall.Mkfifo(Path(home), 0o600)
			}
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := Load(home)
			if err == nil || !strings.Contains(err.Error(), "using default settings") || !strings.Contains(err.Error(), "not a regular file") {
				t.Fatalf("load: %v", err)
			}
			if !reflect.DeepEqual(cfg.UI, Defaults().UI) {
				t.Fatalf("load gave %+v", cfg.UI)
			}
			err = SaveSections(context.Background(), home, SectionsOf(Defaults()))
			if !errors.Is(err, ErrRefusedSave) || !strings.Contains(err.Error(), "not a regular file") {
				t.Fatalf("save: %v", err)
			}
			fi, err := os.Lstat(Path(home))
			if err != nil || fi.Mode().IsRegular() {
				t.Fatalf("the save replaced config.json: %v %v", fi.Mode(), err)
			}
		})
	}
}

// A config.json kept in a dotfiles repository (a link) is saved through
// the link: the repository's file gets the new value, the link stays.
func TestSaveWritesThroughASymlinkedConfig(t *testing.T) {
	home := t.TempDir()
	dotfiles := filepath.Join(t.TempDir(), "config.json")
	if err := os.WriteFile(dotfiles, []byte(`{"ui": {"theme": "dark"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dotfiles, Path(home)); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(home)
	if err != nil {
		t.Fatal(err)
	}
	s := SectionsOf(cfg)
	s.UI.Theme = "light"
	if err := SaveSections(context.Background(), home, s); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(Path(home)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("config.json is no longer a link: %v", err)
	}
	if got, _ := Load(home); got.UI.Theme != "light" {
		t.Fatalf("the link's target holds theme %q", got.UI.Theme)
	}
}

// A save writes what changed: the hand-written status section keeps its one
// value (it does not gain every default), the absent ports section stays
// absent, and inside ui only the theme changes.
func TestSaveWritesOnlyWhatChanged(t *testing.T) {
	home := t.TempDir()
	body := `{"ui": {"bell_on_done": false, "theme": "dark"}, "status": {"quiet_after_ms":8000}}`
	if err := os.WriteFile(Path(home), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(home)
	if err != nil {
		t.Fatal(err)
	}
	s := SectionsOf(cfg)
	s.UI.Theme = "light"
	if err := SaveSections(context.Background(), home, s); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(Path(home))
	var top map[string]map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		t.Fatal(err)
	}
	if len(top["status"]) != 1 || string(top["status"]["quiet_after_ms"]) != "8000" {
		t.Errorf("status rewritten: %s", b)
	}
	if _, ok := top["ports"]; ok {
		t.Errorf("ports section added: %s", b)
	}
	if len(top["ui"]) != 2 || string(top["ui"]["theme"]) != `"light"` || string(top["ui"]["bell_on_done"]) != "false" {
		t.Errorf("ui: %s", b)
	}
}
