package app

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/termview"
)

// Stories of where the keys go (focus.go): a pane can have focus without
// its program having the keys; only an explicit key enters a program, and
// settleFocus takes the keys back whenever that program is no longer the
// one in sight.

// liveFixture is the sample workbench whose selected workspace (auth-fix)
// holds tabs attached to real tmux sessions running cat, so what reaches
// a program shows in its pane.
type liveFixture struct {
	t    *testing.T
	m    *Model
	srv  *tmuxtest.Server
	tabs []*tab
}

// newLiveFixture builds the fixture with one live tab per name.
func newLiveFixture(t *testing.T, w, h int, names ...string) *liveFixture {
	t.Helper()
	f := &liveFixture{t: t, m: newTestModel(t, w, h), srv: tmuxtest.New(t)}
	f.m.list.rows.SelectWorkspace("1111111111111111")
	ws := f.m.list.selectedID()
	for i, name := range names {
		session := fmt.Sprintf("amux-%s-live%d", ws, i)
		f.srv.Session(t, session, nil, "cat")
		term, err := termview.Attach(context.Background(), f.srv.Client, session, termview.Options{Width: 60, Height: 20})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { term.Close() })
		tb := &tab{id: fmt.Sprint("live", i), session: session, kind: "agent", assistant: name, exitCode: -1}
		wt := f.m.tabs.ensure(ws)
		wt.tabs = append(wt.tabs, tb)
		f.m.tabs.bindView(tb, term, f.m.tabScene())
		f.tabs = append(f.tabs, tb)
	}
	f.m.Update(nil)
	return f
}

// press presses action id's first key.
func (f *liveFixture) press(id keys.ActionID) { f.t.Helper(); pressAction(f.t, f.m, id) }

// key presses one key by name.
func (f *liveFixture) key(name string) { f.t.Helper(); f.m.Update(keyPress(f.t, name)) }

// typeText types s one key at a time.
func (f *liveFixture) typeText(s string) {
	for _, r := range s {
		f.m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// pane is what tmux shows in tab i's pane now.
func (f *liveFixture) pane(i int) string {
	return f.srv.MustRun(f.t, "capture-pane", "-p", "-t", f.tabs[i].session)
}

// waitPane waits until tab i's pane shows text.
func (f *liveFixture) waitPane(i int, text string) {
	f.t.Helper()
	tmuxtest.WaitFor(f.t, 10*time.Second, func() (bool, string) {
		p := f.pane(i)
		return strings.Contains(p, text), fmt.Sprintf("pane %d shows %q, want %q", i, p, text)
	})
}

// footer is the screen's last row.
func (f *liveFixture) footer() string { r := rows(f.m); return r[len(r)-1] }

// Focus on the tab area is not the program's: a key typed there goes to
// amux (and says how to give the program the keys); enter gives them, and
// only then does typing reach the pane.
func TestFocusedIsNotEnteredUntilEnter(t *testing.T) {
	f := newLiveFixture(t, 120, 40, "claude")
	f.press(actFocusTabArea)
	if _, in := f.m.focusedTerminal(); in || f.m.entered != nil {
		t.Fatal("focus on the tab area handed its program the keys")
	}
	if _, live := f.m.paneTerminal(); !live {
		t.Fatal("the live tab is not the pane's terminal")
	}
	if !strings.HasPrefix(f.footer(), " tab area: claude ") {
		t.Fatalf("footer %q, want the tab area named", f.footer())
	}
	f.typeText("y")
	if !strings.Contains(f.m.notice.text, "y went to amux") || !strings.Contains(f.m.notice.text, "enter gives the program the keys") {
		t.Fatalf("a stray key said %q", f.m.notice.text)
	}

	f.press(actEnterProgram)
	if tb, in := f.m.focusedTerminal(); !in || tb != f.tabs[0] {
		t.Fatal("enter did not give the shown tab the keys")
	}
	if !strings.HasPrefix(f.footer(), " tab: claude ") {
		t.Fatalf("footer %q, want the program named as having the keys", f.footer())
	}
	f.typeText("zebra")
	f.waitPane(0, "zebra")
	if p := f.pane(0); strings.Contains(p, "y") {
		t.Fatalf("the key typed before enter reached the program: %q", p)
	}
	// In the program, amux's list keys are the program's: q quits nothing.
	f.typeText("q")
	f.waitPane(0, "zebraq")
}

// Inside a program, the palette is the way out: opening it takes the keys
// back at once, and its first entry (ctrl+space, enter) is "back to the
// list"; esc instead leaves focus on the tab area, not in the program.
func TestThePaletteIsTheWayOutOfAProgram(t *testing.T) {
	f := newLiveFixture(t, 120, 40, "claude")
	f.press(actFocusTabArea)
	f.press(actEnterProgram)
	f.press(actPalette)
	if f.m.entered != nil {
		t.Fatal("the palette opened over a program that kept the keys")
	}
	if !strings.HasPrefix(f.footer(), " dialog ") {
		t.Fatalf("footer %q under the palette", f.footer())
	}
	f.key("esc")
	if f.m.overlay != nil || f.m.focus != focusTabArea || f.m.entered != nil {
		t.Fatalf("esc: overlay %v, focus %v, entered %v; want the tab area, not the program", f.m.overlay, f.m.focus, f.m.entered)
	}

	f.press(actEnterProgram)
	f.press(actPalette)
	f.key("enter")
	if f.m.overlay != nil || f.m.focus != focusList || f.m.entered != nil {
		t.Fatalf("ctrl+space enter: overlay %v, focus %v; want the list", f.m.overlay, f.m.focus)
	}
	if !strings.HasPrefix(f.footer(), " list ") {
		t.Fatalf("footer %q, want the list", f.footer())
	}
}

// The footer inside a program shows the way out first, whatever the width.
func TestTheWayOutOfAProgramIsAlwaysInTheFooter(t *testing.T) {
	for _, w := range []int{80, 100, 160} {
		f := newLiveFixture(t, w, 24, "claude")
		f.press(actFocusTabArea)
		f.press(actEnterProgram)
		if got := f.footer(); !strings.Contains(got, "ctrl+space enter back to the list") {
			t.Errorf("%d columns: footer %q lacks the way out", w, got)
		}
		if got := f.footer(); len([]rune(got)) > w {
			t.Errorf("%d columns: footer %d wide", w, len([]rune(got)))
		}
	}
}

// ctrl+] inside a program steps to the next tab and hands it the keys (the
// person stays "in" the tabs); with one tab it says why and stays.
func TestCtrlBracketStepsToTheNextTabAndKeepsTheKeys(t *testing.T) {
	f := newLiveFixture(t, 120, 40, "claude", "codex")
	f.press(actFocusTabArea)
	f.press(actEnterProgram)
	f.press(actTermNextTab)
	if f.m.activeTab() != f.tabs[1] || f.m.entered != f.tabs[1] {
		t.Fatalf("ctrl+]: shown %v, entered %v; want the second tab, entered", f.m.activeTab(), f.m.entered)
	}
	if !strings.HasPrefix(f.footer(), " tab: codex ") {
		t.Fatalf("footer %q", f.footer())
	}
	f.typeText("second")
	f.waitPane(1, "second")
	if strings.Contains(f.pane(0), "second") {
		t.Fatal("the first tab got the keys meant for the second")
	}
}

// settleFocus takes the keys back whenever the entered program is no
// longer where keys go: another workspace selected, focus on another
// pane, the program exited, a dialog opened. Each case redraws the chrome
// (the footer must stop saying "tab: …").
func TestSettleFocusTakesTheKeysBack(t *testing.T) {
	cases := []struct {
		name string
		do   func(f *liveFixture)
	}{
		{"another workspace", func(f *liveFixture) { f.m.list.rows.SelectWorkspace("2222222222222222") }},
		{"focus on the list", func(f *liveFixture) { f.m.focus = focusList }},
		{"focus on the sidebar", func(f *liveFixture) { f.m.focus = focusSidebar }},
		{"the program stopped", func(f *liveFixture) { f.tabs[0].state = agentstate.Result{State: agentstate.Stopped} }},
		{"a dialog", func(f *liveFixture) { f.m.run(actPalette) }},
		{"the filter", func(f *liveFixture) { f.m.focus = focusList; f.m.run(actFilter) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newLiveFixture(t, 160, 40, "claude")
			f.press(actFocusTabArea)
			f.press(actEnterProgram)
			if f.m.entered != f.tabs[0] {
				t.Fatal("not entered")
			}
			c.do(f)
			gen := f.m.chromeGen
			f.m.settleFocus()
			if f.m.entered != nil {
				t.Fatal("the program kept the keys")
			}
			if f.m.chromeGen == gen || f.m.inputOnly {
				t.Fatal("taking the keys back did not ask for the chrome to be redrawn")
			}
			if strings.Contains(f.footer(), " tab: ") {
				t.Fatalf("footer still says a program has the keys: %q", f.footer())
			}
		})
	}
	// And nothing to take back is no redraw.
	f := newLiveFixture(t, 120, 40, "claude")
	gen := f.m.chromeGen
	f.m.settleFocus()
	if f.m.chromeGen != gen {
		t.Fatal("settleFocus with no program entered bumped the chrome")
	}
}

// Typing into an entered program is input only: nothing amux draws changes,
// so the chrome is not redrawn for it (the echo comes back as a frame).
func TestTypingIntoAProgramRedrawsNoChrome(t *testing.T) {
	f := newLiveFixture(t, 120, 40, "claude")
	f.press(actFocusTabArea)
	f.press(actEnterProgram)
	gen := f.m.chromeGen
	f.typeText("abc")
	if f.m.chromeGen != gen {
		t.Fatalf("typing into the program bumped the chrome %d times", f.m.chromeGen-gen)
	}
	f.m.Update(tea.PasteMsg{Content: "pasted"})
	if f.m.chromeGen != gen {
		t.Fatal("a paste into the program bumped the chrome")
	}
	f.waitPane(0, "abcpasted")
	f.press(actPalette) // a global key: that is amux's
	if f.m.chromeGen == gen {
		t.Fatal("opening the palette did not redraw the chrome")
	}
}

// The terminal window gaining or losing focus changes nothing amux
// draws: it is passed on to the pane's program at most, never a redraw.
func TestOuterFocusRedrawsNoChrome(t *testing.T) {
	f := newLiveFixture(t, 120, 40, "claude")
	f.press(actFocusTabArea)
	gen := f.m.chromeGen
	f.m.Update(tea.BlurMsg{})
	f.m.Update(tea.FocusMsg{})
	if f.m.chromeGen != gen || f.m.drawPending && !f.m.inputOnly {
		t.Fatal("the window's focus changing redrew the chrome")
	}
}

// enterNew gives a tab just made the keys, and says how to leave; under a
// dialog opened meanwhile the tab is only shown.
func TestANewTabIsEnteredUnlessADialogIsOpen(t *testing.T) {
	f := newLiveFixture(t, 120, 40, "claude")
	note := f.m.enterNew(f.tabs[0])
	if f.m.entered != f.tabs[0] || f.m.focus != focusTabArea {
		t.Fatal("a new tab was not entered")
	}
	if !strings.Contains(note, "keys go to it now (ctrl+space enter leaves it)") {
		t.Fatalf("notice %q does not say how to leave", note)
	}
	g := newLiveFixture(t, 120, 40, "claude")
	g.m.run(actPalette)
	note = g.m.enterNew(g.tabs[0])
	if g.m.entered != nil || g.m.focus != focusTabArea || note != "started claude" {
		t.Fatalf("under a dialog: entered %v, notice %q", g.m.entered, note)
	}
}

// whyNoProgram names each reason enter cannot run, and the key says it.
func TestWhyNoProgramNamesEachCase(t *testing.T) {
	m := newTestModel(t, 120, 40)
	pressAction(t, m, actFocusTabArea)
	if got := whyNoProgram(m); got != "no program here" {
		t.Fatalf("no tab: %q", got)
	}
	withTabs(m, 1)
	if got := whyNoProgram(m); got != "" {
		t.Fatalf("a detached tab: %q, want it enterable", got)
	}
	pressAction(t, m, actEnterProgram)
	if got := whyNoProgram(m); got != "already there" {
		t.Fatalf("entered: %q", got)
	}
	m.activeTab().state = agentstate.Result{State: agentstate.Stopped}
	m.Update(nil)
	if got := whyNoProgram(m); got != "its program has exited" {
		t.Fatalf("exited: %q", got)
	}
	pressAction(t, m, actEnterProgram)
	if m.entered != nil || !strings.Contains(m.notice.text, "its program has exited") {
		t.Fatalf("enter on an exited program: entered %v, notice %q", m.entered, m.notice.text)
	}
	pressAction(t, m, actFocusList)
	if got := whyNoProgram(m); got != "no program here" {
		t.Fatalf("the list: %q", got)
	}
}
