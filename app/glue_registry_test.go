package app

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
)

// Every owner's answer is applied the same way: close takes the open
// dialog away, open replaces it, a request goes through the switch and a
// notice is said.
func TestAnOwnersAnswerIsAppliedOneWay(t *testing.T) {
	m := newTestModel(t, 120, 40)
	pressAction(t, m, actHelp)
	help := m.overlay
	if help == nil {
		t.Fatal("the key list did not open")
	}
	m.applyOwned(nil, modal.Outcome{Say: "kept", SayLevel: modal.LevelInfo})
	if m.overlay != help || m.notice.text != "kept" {
		t.Fatalf("a notice alone: overlay %T, notice %q", m.overlay, m.notice.text)
	}
	m.applyOwned(nil, modal.Outcome{Open: &closeTabOverlay{}})
	if _, ok := m.overlay.(*closeTabOverlay); !ok {
		t.Fatalf("open shows %T", m.overlay)
	}
	m.applyOwned(nil, modal.Closed().Then(enterSidebar{}))
	if m.overlay != nil || m.focus != focusSidebar {
		t.Fatalf("close and a request: overlay %T, focus %v", m.overlay, m.focus)
	}
	if cmd := m.updateOverlay(press("q")); cmd != nil {
		t.Fatal("no overlay, yet a command")
	}
	if v := overlayView(m.overlay, 80, 20); v != "" {
		t.Fatalf("no overlay draws %q", v)
	}
}

// A dialog's own row hands the open dialog its action: ctrl+t in the agent
// picker asks for the first-task action, the root runs its row, and the
// picker opens its task field, so the choice carries the task typed. The
// same action handed to another dialog changes nothing.
func TestADialogsOwnActionReachesItThroughItsRow(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.rows.SelectWorkspace("1111111111111111")
	pressAction(t, m, actNewAgent)
	p, ok := m.overlay.(*agentPicker)
	if !ok {
		t.Fatalf("the agent key opened %T", m.overlay)
	}
	m.Update(tea.KeyPressMsg{Code: 't', Mod: tea.ModCtrl})
	typeInto(m, "fix it")
	if _, task, _ := p.p.Chosen(); task != "fix it" {
		t.Fatalf("after ctrl+t the task is %q", task)
	}
	m.overlay = nil
	pressAction(t, m, actHelp)
	help := m.overlay
	if cmd := m.run(dialogs.ActNextOutput); cmd != nil || m.overlay != help {
		t.Fatalf("another dialog's action: command %v, overlay %T", cmd != nil, m.overlay)
	}
}

// The key list is built from the registry alone, no root: it lists what
// the registry binds, while its filter is typed it takes every key (q
// filters, it does not close), and Esc clears the filter before the close
// is asked for.
func TestTheKeyListIsBuiltFromTheRegistryAlone(t *testing.T) {
	m := newTestModel(t, 120, 40)
	h := keyList(m.reg, m.km, m.th, m.modalKeys())
	v := h.View(100, 40)
	if !strings.Contains(v, "Keys") || !strings.Contains(v, "Show every key") {
		t.Fatalf("the key list does not list the registry:\n%s", v)
	}
	for _, k := range []string{"/", "q"} {
		if _, out := h.Update(press(k)); len(out.Do) != 0 || out.Close {
			t.Fatalf("%s while filtering answered %+v", k, out)
		}
	}
	if h.Filter() != "q" {
		t.Fatalf("the filter is %q", h.Filter())
	}
	if _, out := h.Update(modalKey("esc")); len(out.Do) != 0 || h.Filter() != "" {
		t.Fatalf("the first esc answered %+v, filter %q", out, h.Filter())
	}
	if _, out := h.Update(modalKey("esc")); len(out.Do) != 1 || out.Do[0] != (modal.RunAction{ID: dialogs.ActCloseHelp}) {
		t.Fatalf("the second esc answered %+v", out)
	}
}

// A new screen size reaches a dialog that fills the screen (the diff
// viewer), as it does the tabs and the sidebar, unless the screen is too
// small to show any of them: then nothing is squeezed.
func TestAScreenSizeReachesEveryViewUnlessTooSmall(t *testing.T) {
	m, _ := realWorkspace(t, 160, 40)
	settle(t, m, m.applyOwned(m.review.WorkspaceDiff(m.reviewScene())))
	o := m.overlay
	if _, ok := o.(modal.FullScreen); !ok {
		t.Fatalf("the viewer did not open: %T", o)
	}
	cases := []struct {
		w, h         int
		wantW, wantH int // the viewer's size after
	}{
		{150, 45, 150, 45},
		{60, 20, 150, 45}, // too small: as it was
		{100, 30, 100, 30},
	}
	for _, c := range cases {
		m.Update(tea.WindowSizeMsg{Width: c.w, Height: c.h})
		if w, h := shownSize(o.View(c.w, c.h)); w != c.wantW || h != c.wantH {
			t.Fatalf("at %d×%d the viewer is %d×%d, want %d×%d", c.w, c.h, w, h, c.wantW, c.wantH)
		}
	}
}

// shownSize is the columns and rows a view's text takes.
func shownSize(view string) (w, h int) {
	lines := strings.Split(view, "\n")
	for _, l := range lines {
		w = max(w, ansi.StringWidth(l))
	}
	return w, len(lines)
}

// runCmd runs cmd and the commands of any batch it returns, and gives back
// the messages that are not batches.
func runCmd(t *testing.T, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	return cmdMessages(cmd)
}

// only is the one message of type T among msgs.
func only[T any](t *testing.T, msgs []tea.Msg) T {
	t.Helper()
	var found []T
	for _, m := range msgs {
		if v, ok := m.(T); ok {
			found = append(found, v)
		}
	}
	if len(found) != 1 {
		var zero T
		t.Fatalf("want one %T among %#v", zero, msgs)
	}
	return found[0]
}
