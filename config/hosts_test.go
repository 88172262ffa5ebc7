package config

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// Valid hosts load in their order; an invalid or repeated entry is skipped
// with a warning naming it, the others stay, and the file is not touched.
func TestHostsLoadKeepsTheValidOnesInOrder(t *testing.T) {
	home := t.TempDir()
	body := `{"hosts": [
		{"name": "build", "dest": "me@build.lan", "amux": "~/bin/amux"},
		{"name": "Bad Name", "dest": "x"},
		{"name": "opt", "dest": "-oProxyCommand=evil"},
		{"name": "space", "dest": "a b"},
		{"name": "ctl", "dest": "a\u0007b"},
		{"name": "shell", "dest": "gpu", "amux": "$(rm -rf ~)"},
		{"name": "build", "dest": "again"},
		7,
		{"name": "gpu", "dest": "ssh://me@gpu:2222"}
	]}`
	writeConfig(t, home, body)
	cfg, err := Load(home)
	if len(cfg.Hosts) != 2 || cfg.Hosts[0] != (Host{Name: "build", Dest: "me@build.lan", Amux: "~/bin/amux"}) ||
		cfg.Hosts[1] != (Host{Name: "gpu", Dest: "ssh://me@gpu:2222"}) {
		t.Fatalf("hosts %+v", cfg.Hosts)
	}
	if err == nil {
		t.Fatal("no warning for the bad entries")
	}
	for _, want := range []string{"hosts[1]", "hosts[2]", "hosts[3]", "hosts[4]", "hosts[5]", "hosts[6]", "hosts[7]"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("warning does not name %s: %v", want, err)
		}
	}
	if b, _ := os.ReadFile(Path(home)); string(b) != body {
		t.Fatal("load touched the file")
	}
	if h, ok := cfg.HostNamed("gpu"); !ok || h.Dest != "ssh://me@gpu:2222" {
		t.Fatalf("HostNamed: %+v %v", h, ok)
	}

	writeConfig(t, home, `{"hosts": {"build": "me@build"}}`)
	if cfg, err := Load(home); err == nil || len(cfg.Hosts) != 0 {
		t.Fatalf("a hosts object: %+v %v", cfg.Hosts, err)
	}
}

// The validators refuse what would reach ssh as an option or be split or
// expanded by a shell, and accept the usual spellings.
func TestHostFieldsAreValidated(t *testing.T) {
	for _, name := range []string{"a", "build-1", "x9"} {
		if err := ValidateHostName(name); err != nil {
			t.Errorf("%q refused: %v", name, err)
		}
	}
	for _, name := range []string{"", "-a", "a-", "A", "a.b", "a_b", "a b", strings.Repeat("a", 33)} {
		if err := ValidateHostName(name); !errors.Is(err, ErrBadHost) {
			t.Errorf("name %q accepted", name)
		}
	}
	for _, d := range []string{"build", "me@build.lan", "ssh://me@[::1]:22", "me@10.0.0.2"} {
		if err := CheckDest(d); err != nil {
			t.Errorf("%q refused: %v", d, err)
		}
	}
	for _, d := range []string{"", "-oProxyCommand=x", "a b", "a\tb", "a\nb", "a\x1bb", "a\u200eb", "a\xffb"} {
		if err := CheckDest(d); !errors.Is(err, ErrBadHost) {
			t.Errorf("dest %q accepted", d)
		}
	}
	for _, p := range []string{"", "amux", "~/bin/amux", "/opt/amux-1.2/amux"} {
		if err := CheckProgram(p); err != nil {
			t.Errorf("program %q refused: %v", p, err)
		}
	}
	for _, p := range []string{"a b", "$HOME/amux", "`x`", "a;b", "-x", "~x/amux", "a'b"} {
		if err := CheckProgram(p); !errors.Is(err, ErrBadHost) {
			t.Errorf("program %q accepted", p)
		}
	}
}

// SaveHosts writes the list in order, keeps every other key and the keys
// it does not know inside an entry it keeps, drops an empty amux path, and
// round-trips through Load.
func TestSaveHostsKeepsWhatItDoesNotOwn(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, `{"ui": {"theme": "light"}, "x-other": 1,
		"hosts": [{"name": "build", "dest": "old", "amux": "amux", "note": "rack 4"}]}`)
	hosts := []Host{{Name: "gpu", Dest: "me@gpu"}, {Name: "build", Dest: "me@build"}}
	if err := SaveHosts(t.Context(), home, hosts); err != nil {
		t.Fatal(err)
	}
	var top map[string]json.RawMessage
	b, _ := os.ReadFile(Path(home))
	if err := json.Unmarshal(b, &top); err != nil {
		t.Fatal(err)
	}
	if string(top["x-other"]) != "1" || !strings.Contains(string(top["ui"]), "light") {
		t.Fatalf("other keys lost: %s", b)
	}
	var list []map[string]any
	_ = json.Unmarshal(top["hosts"], &list)
	if len(list) != 2 || list[0]["name"] != "gpu" || list[1]["note"] != "rack 4" || list[1]["dest"] != "me@build" {
		t.Fatalf("hosts written %s", top["hosts"])
	}
	if _, ok := list[1]["amux"]; ok {
		t.Fatalf("an empty amux path was written: %s", top["hosts"])
	}
	cfg, err := Load(home)
	if err != nil || len(cfg.Hosts) != 2 || cfg.Hosts[0] != hosts[0] || cfg.Hosts[1] != hosts[1] {
		t.Fatalf("round trip %+v %v", cfg.Hosts, err)
	}
}

// A save refuses bad input before writing, and refuses (keeping the bytes)
// a file whose hosts section it would have to rewrite without reading it:
// not a list, an entry it cannot read, a name listed twice, or an invalid
// entry the save does not replace. Replacing an invalid entry by name is
// how the person fixes it.
func TestSaveHostsRefusesAndPreserves(t *testing.T) {
	home := t.TempDir()
	for _, bad := range [][]Host{
		{{Name: "a", Dest: "-x"}},
		{{Name: "A", Dest: "x"}},
		{{Name: "a", Dest: "x", Amux: "a b"}},
		{{Name: "a", Dest: "x"}, {Name: "a", Dest: "y"}},
	} {
		if err := SaveHosts(t.Context(), home, bad); !errors.Is(err, ErrBadHost) {
			t.Errorf("%+v saved: %v", bad, err)
		}
	}
	if _, err := os.Stat(Path(home)); !os.IsNotExist(err) {
		t.Fatal("a refused save wrote the file")
	}
	good := []Host{{Name: "gpu", Dest: "gpu"}}
	for _, body := range []string{
		`{"hosts": {"gpu": "gpu"}}`,
		`{"hosts": [7]}`,
		`{"hosts": [{"dest": "nameless"}]}`,
		`{"hosts": [{"name": "gpu", "dest": "a"}, {"name": "gpu", "dest": "b"}]}`,
		`{"hosts": [{"name": "old", "dest": "-bad"}]}`,
		`{"hosts": [`,
	} {
		writeConfig(t, home, body)
		if err := SaveHosts(t.Context(), home, good); !errors.Is(err, ErrRefusedSave) {
			t.Errorf("%s: saved (%v)", body, err)
		}
		if b, _ := os.ReadFile(Path(home)); string(b) != body {
			t.Errorf("%s: file changed to %s", body, b)
		}
	}
	writeConfig(t, home, `{"hosts": [{"name": "gpu", "dest": "-bad"}]}`)
	if err := SaveHosts(t.Context(), home, good); err != nil {
		t.Fatalf("replacing the invalid entry: %v", err)
	}
	if cfg, err := Load(home); err != nil || len(cfg.Hosts) != 1 || cfg.Hosts[0] != good[0] {
		t.Fatalf("after the fix %+v %v", cfg.Hosts, err)
	}
}
