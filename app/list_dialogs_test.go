package app

import (
	"context"
	"os"
	"strings"
	"testing"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/config"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// The list's own dialogs (remove a project, rename a workspace, close the
// main checkout) opened as the owner's outcome and driven through their
// update to the engine call, whose message the owner then takes.

// testKit is what a dialog is built with, with no root: every action
// available, none run.
func testKit(l *listOwner) modal.Kit {
	th, _ := theme.Lookup(config.Defaults(), "")
	return modal.NewKit(th, l.d.km, modal.NewKeys(l.d.reg,
		func(keys.ActionID) (bool, string) { return true, "" }, func(keys.ActionID) bool { return false }), spinner.Model{})
}

// typeIn hands d the runes of s, then the keys; it returns the last
// answer's outcome and every command the answers carried.
func typeIn(d modal.Modal, s string, then ...tea.KeyPressMsg) ([]tea.Cmd, modal.Outcome) {
	var cmds []tea.Cmd
	var out modal.Outcome
	press := func(k tea.KeyPressMsg) {
		var cmd tea.Cmd
		cmd, out = d.Update(k)
		if cmd != nil {
			cmds = append(cmds, cmd)
		}
	}
	for _, r := range s {
		press(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	for _, k := range then {
		press(k)
	}
	return cmds, out
}

// managedOf runs the commands a dialog's end returned until one answers
// with the engine's result.
func managedOf(t *testing.T, cmds []tea.Cmd) managedMsg {
	t.Helper()
	for _, c := range cmds {
		if msg, ok := c().(managedMsg); ok {
			return msg
		}
	}
	t.Fatal("no engine call answered")
	return managedMsg{}
}

// openedBy takes an owner's answer and gives the dialog it opens.
func openedBy(t *testing.T) func(tea.Cmd, modal.Outcome) modal.Modal {
	return func(_ tea.Cmd, out modal.Outcome) modal.Modal {
		t.Helper()
		if out.Open == nil {
			t.Fatalf("nothing opened: %+v", out)
		}
		return out.Open
	}
}

// Removing a project asks what of its workspaces first, then its name
// typed; the engine forgets it and keeps the workspaces, and the next load
// lists them under the repository.
func TestRemovingAProjectKeepsItsWorkspacesWhenAsked(t *testing.T) {
	f := newListFixture(t, "feat-a", "feat-b")
	l := f.owner()
	loadInto(t, l)
	l.top() // the project row
	d := openedBy(t)(l.openRemoveProject(testKit(l)))
	if v := d.View(100, 30); !strings.Contains(v, "It has 2 workspaces") {
		t.Fatalf("the first step does not ask about the workspaces:\n%s", v)
	}
	if _, out := typeIn(d, "w"); out.Close || !strings.Contains(d.View(100, 30), "Type the project's name") {
		t.Fatalf("keeping them did not lead to the typed confirm:\n%s", d.View(100, 30))
	}
	name := l.rows.Projects()[0].Name
	cmds, out := typeIn(d, name, enter)
	if !out.Close {
		t.Fatal("the confirmed removal left the dialog open")
	}
	msg := managedOf(t, cmds)
	if msg.err != nil || !strings.Contains(msg.text, "2 workspaces kept") {
		t.Fatalf("the removal said %q (%v)", msg.text, msg.err)
	}
	ps, err := f.eng.Projects(context.Background())
	if err != nil || len(ps) != 0 {
		t.Fatalf("projects after the removal %v (%v)", ps, err)
	}
	load, _ := l.Update(msg, testScene())
	l.Update(runMsg(t, load), testScene())
	l.settle(testScene(), false)
	if p := l.rows.Projects(); len(p) != 1 || len(p[0].Workspaces) != 2 {
		t.Fatalf("the kept workspaces are not listed: %+v", p)
	}
}

// Renaming a workspace whose branch has its name asks whether the branch
// goes too; the engine renames both, and the renamed one stays selected.
func TestRenamingAWorkspaceAsksAboutItsBranch(t *testing.T) {
	f := newListFixture(t, "feat-a")
	l := f.owner()
	loadInto(t, l)
	l.selectWorkspace(f.ws["feat-a"])
	d := openedBy(t)(l.openRenameWorkspace(testKit(l)))
	backspace := tea.KeyPressMsg{Code: tea.KeyBackspace}
	var clear []tea.KeyPressMsg
	for range "feat-a" {
		clear = append(clear, backspace)
	}
	typeIn(d, "", clear...)
	if _, out := typeIn(d, "feat-z", enter); out.Close || !strings.Contains(d.View(100, 30), "Its branch is feat-a") {
		t.Fatalf("no question about the branch:\n%s", d.View(100, 30))
	}
	cmds, out := typeIn(d, "r")
	if !out.Close {
		t.Fatal("the rename left the dialog open")
	}
	msg := managedOf(t, cmds)
	if msg.err != nil || msg.selectWS != f.ws["feat-a"] || !strings.Contains(msg.text, "and its branch") {
		t.Fatalf("the rename answered %+v", msg)
	}
	load, _ := l.Update(msg, testScene())
	l.Update(runMsg(t, load), testScene())
	l.settle(testScene(), false)
	rec, _ := l.record(f.ws["feat-a"])
	if w, _ := l.selectedWorkspace(); w.Name != "feat-z" || rec.Branch != "feat-z" {
		t.Fatalf("after the rename: selected %q, branch %q", w.Name, rec.Branch)
	}
}

// Closing the main checkout's workspace forgets it; the checkout's files
// are untouched.
func TestClosingTheMainCheckoutForgetsItsWorkspace(t *testing.T) {
	f := newListFixture(t)
	rec, err := f.eng.MainWorkspace(context.Background(), f.repo)
	if err != nil {
		t.Fatal(err)
	}
	l := f.owner()
	loadInto(t, l)
	l.selectWorkspace(rec.WorkspaceID())
	d := openedBy(t)(l.openCloseMain(testKit(l)))
	cmds, out := typeIn(d, rec.Name, enter)
	msg := managedOf(t, cmds)
	if !out.Close || msg.err != nil {
		t.Fatalf("closing: closed %v, err %v", out.Close, msg.err)
	}
	recs, _ := f.eng.Workspaces(context.Background())
	for _, r := range recs {
		if r.WorkspaceID() == rec.WorkspaceID() && !r.Archived {
			t.Fatalf("the main checkout's record stays: %+v", r)
		}
	}
	if _, err := os.Stat(f.repo + "/README"); err != nil {
		t.Fatalf("the checkout was touched: %v", err)
	}
}

// The root opens the list's dialogs from their action rows and applies
// their outcome: the remove dialog is the overlay, and Esc closes it.
func TestTheRootOpensTheListsDialogs(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.top()
	pressAction(t, m, actRemoveProject)
	d, ok := m.overlay.(*manageOverlay)
	if !ok {
		t.Fatalf("remove project opened %T", m.overlay)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if m.overlay != nil {
		t.Fatalf("esc left %T open", d)
	}
}
