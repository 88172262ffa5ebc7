package app

import (
	"errors"
	"strings"
	"testing"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// The painter reads only what it was built with: a change to the model
// after it was built is not on its screen, and a fresh painter shows it.
func TestThePainterDrawsTheModelAsItWasBuiltFrom(t *testing.T) {
	m := newTestModel(t, 120, 40)
	p := m.painter()
	m.notice = notice{text: "said after the painter was built"}
	if s := p.noticeRow(p.l); strings.Contains(s, "said after") {
		t.Fatalf("the painter read the model after it was built: %q", s)
	}
	if s := m.painter().noticeRow(m.layout()); !strings.Contains(s, "said after") {
		t.Fatalf("a fresh painter does not show the notice: %q", s)
	}
}

// The footer's badge names where keys go, from the painter's parts.
func TestThePaintersFocusNameFollowsTheParts(t *testing.T) {
	cases := []struct {
		name string
		set  func(m *Model)
		want string
	}{
		{"the list", func(*Model) {}, "list"},
		{"the tab area", func(m *Model) { withTabs(m, 1); m.focus = focusTabArea }, "tab area: claude"},
		{"zoomed", func(m *Model) { withTabs(m, 1); m.focus = focusTabArea; m.listPane.zoomed = true }, "tab area: claude · zoomed"},
		{"the sidebar", func(m *Model) { m.focus = focusSidebar }, "sidebar: Changes"},
		{"a dialog", func(m *Model) { m.run(actPalette) }, "dialog"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newTestModel(t, 120, 40)
			c.set(m)
			if got := m.painter().focusName(); got != c.want {
				t.Fatalf("focusName %q, want %q", got, c.want)
			}
		})
	}
}

// A dialog goes inside the tab area's frame when it fits there, else over
// the body's whole width; a roomy one asks for more.
func TestDialogAreaIsAFunctionOfTheDialogAndTheLayout(t *testing.T) {
	wide := layout{dashWidth: 30, bodyHeight: 39}
	narrow := layout{dashWidth: 30, bodyHeight: 23}
	cases := []struct {
		name string
		o    modal.Modal
		w    int
		l    layout
		full bool
	}{
		{"a dialog in a wide tab area", &dialogs.Lines{}, 160, wide, false},
		{"a dialog beside the list at 80", &dialogs.Lines{}, 80, narrow, true},
		{"a roomy dialog where the tab area is under its width", &dialogs.Help{}, 100, wide, true},
	}
	for _, c := range cases {
		area, full := dialogArea(c.o, c.w, c.l)
		if full != c.full {
			t.Errorf("%s: full %v, want %v (area %v)", c.name, full, c.full, area)
		}
		if full && (area.Dx() != c.w || area.Dy() != c.l.bodyHeight-1) {
			t.Errorf("%s: full area %v", c.name, area)
		}
	}
	if overlayView(nil, 80, 20) != "" {
		t.Error("no overlay draws something")
	}
}

// The palette built for a live terminal puts "back to the list" first and
// leaves out the components' own actions (they run nothing from it).
func TestThePaletteIsBuiltFromTheRegistryAsTheRootSeesIt(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	m.focus = focusTabArea // "back to the list" can run from here
	p := dialogs.NewPalette(m.th, m.km, m.modalKeys(), paletteFocus(m.scopes(), true))
	if a, ok := p.Chosen(); !ok || a.ID != actFocusList {
		t.Fatalf("first entry %v, want %s", a.ID, actFocusList)
	}
	for _, a := range diffview.DefaultActions(scopeDiff) {
		if p.Offers(a.ID) {
			t.Fatalf("the component action %s is in the palette", a.ID)
		}
	}
	if !p.Offers(actZoom) {
		t.Fatal("the palette does not offer zoom")
	}
}

// A run script waiting for approval asks where it would run when it can,
// and says how to approve it later when a dialog is open.
func TestARunWaitingForApprovalAsksOrSaysHow(t *testing.T) {
	ue := &workspace.UntrustedError{Script: workspace.Script{Kind: workspace.KindRun, Commands: []string{"make run"}}}
	id := "1111111111111111"
	m := newTestModel(t, 120, 40)
	if _, ok := m.list.record(id); !ok {
		t.Skip("the sample has no record for " + id)
	}
	m.Update(runStartedMsg{wsID: id, err: ue})
	if m.overlay == nil || !strings.Contains(screenText(m), "$ make run") {
		t.Fatalf("no approval question: %T\n%s", m.overlay, screenText(m))
	}
	busy := newTestModel(t, 120, 40)
	busy.run(actPalette)
	busy.Update(runStartedMsg{wsID: id, err: ue})
	if _, ok := busy.overlay.(*dialogs.Palette); !ok || !strings.Contains(busy.notice.text, busy.keyName(actRunScript)+" again") {
		t.Fatalf("with a dialog open: %T, notice %q", busy.overlay, busy.notice.text)
	}
	if n := runNote(func(id keys.ActionID) string { return "<" + string(id) + ">" }); !strings.Contains(n, "<"+string(actApproveScripts)+">") {
		t.Fatalf("the note does not name the keys from the registry: %q", n)
	}
	if _, ok := lifecycle.UntrustedKind(errors.New("other"), workspace.KindRun); ok {
		t.Fatal("a plain error is an untrusted script")
	}
}

// sessionsOf names what a delete ends, by the tab titles shown.
func TestSessionsOfNamesWhatADeleteEnds(t *testing.T) {
	tabs := newTabsOwner(tabsDeps{})
	tabs.ensure("w1").tabs = []*tab{{id: "t1", title: "review"}}
	cases := []struct {
		sessions []tmux.SessionInfo
		want     string
	}{
		{nil, "no sessions (none is running)"},
		{[]tmux.SessionInfo{{Managed: true, Workspace: "w1", Tab: "t1", Assistant: "claude"}}, "its one session: review (agent)"},
		{[]tmux.SessionInfo{{Managed: true, Workspace: "w1", Type: tmux.TypeRun}, {Managed: true, Workspace: "w1", Type: tmux.TypeTerminal},
			{Managed: true, Workspace: "w2", Assistant: "codex"}, {Workspace: "w1"}}, "its 2 sessions: shell (terminal), the run script"},
	}
	for _, c := range cases {
		if got := sessionsOf(c.sessions, tabs, "w1"); got != c.want {
			t.Errorf("sessionsOf %+v = %q, want %q", c.sessions, got, c.want)
		}
	}
}
