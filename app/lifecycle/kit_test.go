package lifecycle

import (
	"testing"

	"charm.land/bubbles/v2/spinner"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/config"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// The owner is tested alone: built over a real engine with an empty state
// home, with a registry of the components' actions and the rows its words
// name bound as the root's table binds them.

// The root's actions the flows' words name, as the root hands them over.
const (
	testStatus  keys.ActionID = "workspace-status"
	testApprove keys.ActionID = "approve-scripts"
)

// testRegistry binds the components' actions and the ones the owner names.
func testRegistry() *keys.Registry {
	own := []keys.Action{
		{ID: ActRestore, Scope: "project-list", Keys: []string{"u"}, Label: "restore", Help: "Restore the shelved workspace"},
		{ID: testStatus, Scope: "workspace", Keys: []string{"i"}, Label: "status", Help: "The workspace's status"},
		{ID: testApprove, Scope: "status", Keys: []string{"A"}, Label: "approve", Help: "Approve the repository's scripts"},
	}
	return keys.MustRegistry(append(keys.ComponentActions(), own...)...)
}

func testTheme(t *testing.T) theme.Theme {
	t.Helper()
	th, err := theme.Lookup(config.Defaults(), "")
	if err != nil {
		t.Fatal(err)
	}
	return th
}

// testOwner is a lifecycle owner over a real engine, as the root builds it.
func testOwner(t *testing.T) *Owner {
	t.Helper()
	e, err := workspace.New(workspace.Options{Home: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	reg := testRegistry()
	return New(Deps{Life: e, Trust: e, Theme: testTheme(t), Keys: reg.Map(), Registry: reg,
		Home: t.TempDir(), Cwd: t.TempDir(), Status: testStatus, ApproveScripts: testApprove})
}

// testKit is the kit a dialog is built with, every action available.
func testKit(t *testing.T) modal.Kit {
	t.Helper()
	reg := testRegistry()
	mk := modal.NewKeys(reg, func(keys.ActionID) (bool, string) { return true, "" }, func(keys.ActionID) bool { return true })
	return modal.NewKit(testTheme(t), reg.Map(), mk, spinner.New())
}
