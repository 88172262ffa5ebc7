package tmux_test

import (
	"os"
	"testing"

	"amux.dev/amux/tmux"
)

// TestMain lets this test binary stand in for amux's own as a pane's
// launcher: started as `<test binary> --internal-pane-launch run <payload>`
// it is the hidden verb, as amux is.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == tmux.LaunchVerb {
		os.Exit(tmux.LaunchMain(os.Args[2:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// amuxTestBinary is the launcher a test's pane launch starts: this test
// binary (see TestMain).
func amuxTestBinary(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}
