package app

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/termview"
)

// Key contexts (keycontext.go): which scopes are active where the keys
// are read, per focus, inside a program, and with a dialog open.

// withSideShell gives the fixture's workspace a sidebar shell attached to
// a real session running cat, shown on the sidebar's Terminal tab.
func (f *liveFixture) withSideShell() *tab {
	f.t.Helper()
	ws := f.m.list.selectedID()
	session := tmux.SessionName("amux", ws, sideTermTab)
	f.srv.Session(f.t, session, nil, "cat")
	term, err := termview.Attach(context.Background(), f.srv.Client, session, termview.Options{Width: 38, Height: 20})
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { term.Close() })
	v := termview.New(term)
	st := &tab{id: sideTermTab, session: session, kind: tmux.TypeTerminal, assistant: "shell", view: &v, exitCode: -1}
	if f.m.side.terms == nil {
		f.m.side.terms = map[string]*tab{}
	}
	f.m.side.terms[ws] = st
	f.m.side.show, f.m.side.tab = sideShown, sideTerminal
	f.m.Update(nil)
	return st
}

// The scopes active in each place keys can be read.
func TestScopesFollowTheFocus(t *testing.T) {
	f := newLiveFixture(t, 160, 40, "claude")
	shell := f.withSideShell()
	check := func(where string, want keyContext) {
		t.Helper()
		if got := f.m.scopes(); !slices.Equal(got, keyContextScopes(want)) {
			t.Fatalf("%s: scopes %v, want %v", where, got, keyContextScopes(want))
		}
	}
	f.m.side.tab = sideChanges
	check("the list", inProjectList)
	f.press(actFocusTabArea)
	check("the tab area", inTabArea)
	f.press(actEnterProgram)
	check("inside the tab's program", inTabTerminal)
	f.press(actPalette)
	f.key("esc")
	check("back from the palette", inTabArea)
	f.press(actFocusSidebar)
	check("the sidebar's Changes", inSidebarChanges)
	f.press(actSideNextTab)
	check("the sidebar's Project", inSidebarTree)
	f.press(actSideNextTab)
	check("the sidebar's Terminal", inSidebarTerm)
	f.press(actSideEnter)
	if f.m.entered != shell {
		t.Fatal("enter on the sidebar's Terminal did not give its shell the keys")
	}
	check("inside the sidebar's shell", inTerminal)
	if !strings.HasPrefix(f.footer(), " sidebar: shell ") {
		t.Fatalf("footer %q", f.footer())
	}
}

// Inside a program, a tab command's key is the program's (t types a t);
// a global key is still amux's. In the sidebar's shell even the tab-area
// terminal keys (ctrl+]) are the shell's.
func TestInsideAProgramOnlyGlobalKeysAreAmuxs(t *testing.T) {
	f := newLiveFixture(t, 160, 40, "claude", "codex")
	f.press(actFocusTabArea)
	f.press(actEnterProgram)
	f.typeText("tTx!q")
	f.waitPane(0, "tTx!q")
	if f.m.overlay != nil || f.m.activeTab() != f.tabs[0] {
		t.Fatal("a tab command ran from inside a program")
	}
	if f.m.notice.text != "" {
		t.Fatalf("typing into a program said %q", f.m.notice.text)
	}

	shell := f.withSideShell()
	f.press(actPalette)
	f.key("esc")
	f.m.focus = focusSidebar
	f.m.Update(nil)
	f.press(actSideEnter)
	if f.m.entered != shell {
		t.Fatal("the sidebar's shell did not get the keys")
	}
	f.m.Update(keyPress(t, "ctrl+]"))
	if f.m.activeTab() != f.tabs[0] || f.m.entered != shell {
		t.Fatal("ctrl+] in the sidebar's shell stepped the tab area's tabs")
	}
	f.typeText("side")
	f.waitSession(shell.session, "side")
}

// waitSession waits until session's pane shows text.
func (f *liveFixture) waitSession(session, text string) {
	f.t.Helper()
	tmuxtest.WaitFor(f.t, 10*time.Second, func() (bool, string) {
		p := f.srv.MustRun(f.t, "capture-pane", "-p", "-t", session)
		return strings.Contains(p, text), session + " shows " + p
	})
}

// With a dialog open every key is the dialog's: the list's q and ? type
// into the palette's field instead of quitting or opening the key list.
func TestWithADialogOpenKeysAreTheDialogs(t *testing.T) {
	d := newDriver(t, 120, 40)
	d.Press(actPalette)
	_, cmd := d.m.Update(keyPress(t, "q"))
	if cmdQuits(cmd) {
		t.Fatal("q under the palette quit amux")
	}
	d.Key("?")
	if _, ok := d.m.overlay.(*dialogs.Palette); !ok {
		t.Fatalf("? under the palette opened %T", d.m.overlay)
	}
	d.Sees("q?")
	if !strings.HasPrefix(d.Footer(), " dialog ") {
		t.Fatalf("footer %q", d.Footer())
	}
	d.Key("esc")
	_, cmd = d.m.Update(keyPress(t, "q"))
	if !cmdQuits(cmd) {
		t.Fatal("q in the list, the palette closed, did not quit")
	}
}

// cmdQuits reports whether cmd (or one command of its batch) quits.
func cmdQuits(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	if timerCmd(cmd) {
		return false
	}
	switch msg := cmd().(type) {
	case tea.QuitMsg:
		return true
	case tea.BatchMsg:
		for _, c := range msg {
			if cmdQuits(c) {
				return true
			}
		}
	}
	return false
}

// Every context's scopes have titles for people, and every action's scope
// is active in some context: an action whose scope is never active could
// never be pressed.
func TestEveryScopeIsTitledAndReachable(t *testing.T) {
	active := map[keys.Scope]bool{}
	for c := range numKeyContexts {
		scopes := keyContextScopes(c)
		if len(scopes) == 0 {
			t.Errorf("context %d has no scopes", c)
		}
		for _, s := range scopes {
			active[s] = true
			if scopeTitle(s) == string(s) {
				t.Errorf("scope %q (context %d) has no title", s, c)
			}
		}
	}
	for _, a := range allActions() {
		if len(a.Keys) > 0 && !active[a.Scope] {
			t.Errorf("%s has keys in scope %q, which no key context activates", a.ID, a.Scope)
		}
	}
	// Innermost first: a pane's own scope before the ones it shares.
	for _, c := range []keyContext{inProjectList, inTabArea, inSidebarChanges, inSidebarTree, inSidebarTerm, inTerminal, inTabTerminal} {
		s := keyContextScopes(c)
		if s[len(s)-1] != scopeGlobal {
			t.Errorf("context %d: %v does not end with the global scope", c, s)
		}
	}
}

// In a context, the innermost scope's action wins a key: enter in the tab
// area enters the program rather than opening (the list's enter).
func TestTheInnermostScopeWinsAKey(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	pressAction(t, m, actFocusTabArea)
	a, ok := m.reg.Match("enter", m.available, m.scopes()...)
	if !ok || a.ID != actEnterProgram {
		t.Fatalf("enter in the tab area matches %q", a.ID)
	}
	pressAction(t, m, actFocusList)
	a, ok = m.reg.Match("enter", m.available, m.scopes()...)
	if !ok || a.ID != actOpen {
		t.Fatalf("enter in the list matches %q", a.ID)
	}
}
