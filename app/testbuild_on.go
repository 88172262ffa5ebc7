//go:build amuxtest

package app

import tea "charm.land/bubbletea/v2"

// testPanicKey makes a test build of amux (go build -tags amuxtest) panic
// on the event loop, where a bug in Update would: the e2e suite checks that
// the terminal is given back all the same. A normal build has no such key.
const testPanicKey = "f12"

// testBuildOptions installs the panic key as a message filter, which Bubble
// Tea runs on its event loop just before Update.
func testBuildOptions() []tea.ProgramOption {
	return []tea.ProgramOption{tea.WithFilter(func(_ tea.Model, msg tea.Msg) tea.Msg {
		if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == testPanicKey {
			panic("amux test build: " + testPanicKey + " pressed")
		}
		return msg
	})}
}
