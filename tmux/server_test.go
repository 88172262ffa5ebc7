package tmux

import (
	"slices"
	"testing"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestResolveServer(t *testing.T) {
	s := ResolveServer(envOf(nil))
	if s.Name != "amux" || s.Config != "/dev/null" || s.Socket != "" {
		t.Fatalf("defaults = %+v", s)
	}
	s = ResolveServer(envOf(map[string]string{EnvServer: "mine", EnvConfig: "/etc/t.conf"}))
	if s.Name != "mine" || s.Config != "/etc/t.conf" {
		t.Fatalf("env = %+v", s)
	}
	s = ResolveServer(envOf(map[string]string{EnvServer: "  ", EnvConfig: ""}))
	if s.Name != "amux" || s.Config != "/dev/null" {
		t.Fatalf("blank env must fall back: %+v", s)
	}
	if got := ResolveServer(envOf(nil)).GlobalArgs(); !slices.Equal(got, []string{"-L", "amux", "-f", "/dev/null"}) {
		t.Fatalf("args = %q", got)
	}
}

func TestResolveServerInPane(t *testing.T) {
	env := map[string]string{EnvServer: "other", "TMUX": "/tmp/tmux-0/amux,123,4"}
	s := ResolveServerInPane(envOf(env))
	if s.Socket != "/tmp/tmux-0/amux" || s.Name != "" {
		t.Fatalf("in pane = %+v", s)
	}
	if got := s.GlobalArgs(); !slices.Equal(got, []string{"-S", "/tmp/tmux-0/amux", "-f", "/dev/null"}) {
		t.Fatalf("args = %q", got)
	}
	env["TMUX"] = "/tmp/odd,dir/sock,9,0"
	if s := ResolveServerInPane(envOf(env)); s.Socket != "/tmp/odd,dir/sock" {
		t.Fatalf("comma in path: %+v", s)
	}
	delete(env, "TMUX")
	if s := ResolveServerInPane(envOf(env)); s.Name != "other" || s.Socket != "" {
		t.Fatalf("outside pane = %+v", s)
	}
}

// The config file's server sits between the environment and the defaults.
func TestResolveConfiguredServer(t *testing.T) {
	s := ResolveConfiguredServer(envOf(nil), "work", "/etc/work.conf")
	if s.Name != "work" || s.Config != "/etc/work.conf" {
		t.Fatalf("config ignored: %+v", s)
	}
	s = ResolveConfiguredServer(envOf(map[string]string{EnvServer: "mine"}), "work", "")
	if s.Name != "mine" || s.Config != DefaultConfigPath {
		t.Fatalf("environment must win and defaults fill in: %+v", s)
	}
}
