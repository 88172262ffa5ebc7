package app

import (
	"testing"

	"amux.dev/amux/config"
	"amux.dev/amux/ports"
)

// config checks its ports section by the registry's rules without
// importing the registry: the two must agree, or a saved range could be
// one the registry refuses (Settings would then change nothing).
func TestConfigPortsAgreeWithTheRegistry(t *testing.T) {
	if got, want := portSettings(config.Defaults().Ports), ports.DefaultSettings(); got != want {
		t.Fatalf("config's default ports %+v, the registry's %+v", got, want)
	}
	for _, p := range []config.Ports{
		{Start: 6200, End: 6999, Size: 10},
		{Start: 1, End: 65535, Size: 65535}, {Start: 1, End: 1, Size: 1}, {Start: 0, End: 10, Size: 1},
		{Start: 10, End: 5, Size: 1}, {Start: 10, End: 20, Size: 0},
		{Start: 10, End: 20, Size: 12}, {Start: 10, End: 20, Size: 11},
		{Start: 65000, End: 65536, Size: 10}, {Start: -5, End: -1, Size: 1}, {Start: 100, End: 100, Size: 2},
	} {
		cerr, perr := p.Validate(), portSettings(p).Validate()
		if (cerr == nil) != (perr == nil) {
			t.Errorf("%+v: config says %v, the registry %v", p, cerr, perr)
		} else if cerr != nil && cerr.Error() != perr.Error() {
			t.Errorf("%+v: config says %q, the registry %q", p, cerr, perr)
		}
	}
}
