package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/config"
)

// hostsDriver is the sample workbench with a real state home, so the Hosts
// dialog's saves land in a real config.json.
func hostsDriver(t *testing.T) (*driver, string) {
	d := newDriver(t, 120, 40)
	home := t.TempDir()
	d.m.deps.StateHome = home
	return d, home
}

// The Hosts dialog, the example of a new dialog in the modal shape: a
// person adds a host by name and SSH destination, renames it and removes
// it; each change is in config.json and in the live config at once, and
// "this machine" stays first, its rename and removal refused with why.
func TestHostsAreAddedRenamedAndRemovedInTheDialog(t *testing.T) {
	d, home := hostsDriver(t)
	d.Press(actHosts).Sees("Hosts", "this machine", "No other host yet")

	d.Press(dialogs.ActHostRemove).Sees("remove: this machine is always first and keeps its name")
	d.Press(dialogs.ActHostAdd).Sees("Add a host", "SSH destination")
	d.Type("build-box").Key("tab").Type("me@build-box.lan").Key("enter")
	d.Sees("build-box", "me@build-box.lan").DoesNotSee("Add a host")
	if got := d.m.deps.Config.Hosts; len(got) != 1 || got[0].Name != "build-box" || got[0].Dest != "me@build-box.lan" {
		t.Fatalf("live hosts after the add: %+v", got)
	}
	saved := readHosts(t, home)
	if len(saved) != 1 || saved[0].Dest != "me@build-box.lan" {
		t.Fatalf("config.json after the add: %+v", saved)
	}

	d.Press(dialogs.ActHostDown).Press(dialogs.ActHostRename).Sees("Rename build-box")
	d.Key("ctrl+u").Type("gpu").Key("enter").Sees("gpu").DoesNotSee("build-box ")
	if saved := readHosts(t, home); len(saved) != 1 || saved[0].Name != "gpu" || saved[0].Dest != "me@build-box.lan" {
		t.Fatalf("config.json after the rename: %+v", saved)
	}

	d.Press(dialogs.ActHostRemove).Sees("No other host yet")
	if saved := readHosts(t, home); len(saved) != 0 {
		t.Fatalf("config.json after the remove: %+v", saved)
	}
	d.Press(dialogs.ActCloseHosts).DoesNotSee("No other host yet")
}

// A bad name or destination keeps the form open with the reason on its
// field, and nothing is written; a second host of the same name is
// refused too.
func TestAHostFormRefusesBadInput(t *testing.T) {
	d, home := hostsDriver(t)
	d.Press(actHosts).Press(dialogs.ActHostAdd)
	d.Type("Build Box").Key("tab").Type("me@box").Key("enter")
	d.Sees("Add a host")
	if _, err := os.Stat(filepath.Join(home, "config.json")); err == nil {
		t.Fatal("a refused host was written")
	}
	// The refused name field has the focus.
	d.Key("ctrl+u").Type("box").Key("tab").Key("ctrl+u").Type("-oProxyCommand=evil").Key("enter")
	d.Sees("Add a host")
	if len(d.m.deps.Config.Hosts) != 0 {
		t.Fatalf("a destination ssh would read as an option was taken: %+v", d.m.deps.Config.Hosts)
	}
	d.Key("ctrl+u").Type("me@box").Key("enter").Sees("me@box").DoesNotSee("Add a host")
	d.Press(dialogs.ActHostAdd).Type("box").Key("tab").Type("other@box").Key("enter")
	if !strings.Contains(d.Screen(), "already listed") {
		t.Fatalf("a second host named box was not refused:\n%s", d.Screen())
	}
}

func readHosts(t *testing.T, home string) []config.Host {
	t.Helper()
	cfg, _ := config.Load(home)
	return cfg.Hosts
}
