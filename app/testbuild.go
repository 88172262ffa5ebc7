//go:build !amuxtest

package app

import tea "charm.land/bubbletea/v2"

// testBuildOptions are extra program options of a test build of amux (see
// testbuild_on.go); a normal build has none.
func testBuildOptions() []tea.ProgramOption { return nil }
