package app

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
)

// The action table (actions_table.go and the rows it gathers): one row
// per command, whose why is asked by the keys, the palette, the help and
// the hints alike. Asked in any state it must answer; run from the
// palette, every row either does something or says why not.

// registryState is one state of the workbench a person can be in.
type registryState struct {
	name  string
	build func(t *testing.T) *Model
}

// onSample is the sample workbench at 120×40 after prepare.
func onSample(prepare func(t *testing.T, m *Model)) func(t *testing.T) *Model {
	return func(t *testing.T) *Model {
		m := newTestModel(t, 120, 40)
		prepare(t, m)
		m.Update(nil)
		return m
	}
}

func registryStates() []registryState {
	return []registryState{
		{"not loaded", func(t *testing.T) *Model {
			m := New(withEngine(Deps{Config: config.Defaults(), Now: time.Now, Zone: time.UTC}, testEngine(t)))
			m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
			return m
		}},
		{"no projects", func(t *testing.T) *Model {
			m := New(withEngine(Deps{Config: config.Defaults(), Now: time.Now, Zone: time.UTC}, testEngine(t)))
			m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
			m.Update(loadedMsg{gen: m.list.loadGen, snap: scene.NewSnapshot(nil, nil, nil)})
			return m
		}},
		{"a project row", onSample(func(t *testing.T, m *Model) {})},
		{"a workspace", onSample(func(t *testing.T, m *Model) { m.list.rows.SelectWorkspace("1111111111111111") })},
		{"a shelved workspace", onSample(func(t *testing.T, m *Model) { m.list.rows.SelectWorkspace("3333333333333333") })},
		{"the main checkout", onSample(func(t *testing.T, m *Model) {
			snap := sampleSnapshot()
			snap.Records[0].Main = true
			m.Update(loadedMsg{gen: m.list.loadGen, snap: scene.NewSnapshot(snap.Projects, snap.Records, snap.Sessions)})
			m.list.rows.SelectWorkspace("1111111111111111")
		})},
		{"the tab area, no tab", onSample(func(t *testing.T, m *Model) {
			m.list.rows.SelectWorkspace("2222222222222222")
			pressAction(t, m, actFocusTabArea)
		})},
		{"tabs", onSample(func(t *testing.T, m *Model) { withTabs(m, 3); pressAction(t, m, actFocusTabArea) })},
		{"a tab entered", onSample(func(t *testing.T, m *Model) {
			withTabs(m, 2)
			pressAction(t, m, actFocusTabArea)
			pressAction(t, m, actEnterProgram)
		})},
		{"an exited tab", onSample(func(t *testing.T, m *Model) {
			withTabs(m, 1)
			m.activeTab().state = agentstate.Result{State: agentstate.Stopped}
			pressAction(t, m, actFocusTabArea)
		})},
		{"zoomed", onSample(func(t *testing.T, m *Model) { withTabs(m, 1); pressAction(t, m, actZoom) })},
		{"the list hidden", onSample(func(t *testing.T, m *Model) { withTabs(m, 1); pressAction(t, m, actToggleList) })},
		{"the sidebar", onSample(func(t *testing.T, m *Model) {
			withTabs(m, 1)
			m.side.show, m.focus = sideShown, focusSidebar
		})},
		{"the sidebar's terminal", onSample(func(t *testing.T, m *Model) {
			withTabs(m, 1)
			m.side.show, m.side.tab, m.focus = sideShown, sideTerminal, focusSidebar
		})},
		{"filtering", onSample(func(t *testing.T, m *Model) { pressAction(t, m, actFilter) })},
		{"a dialog", onSample(func(t *testing.T, m *Model) { withTabs(m, 1); m.run(actPalette) })},
		{"too small", onSample(func(t *testing.T, m *Model) { m.Update(tea.WindowSizeMsg{Width: 60, Height: 20}) })},
	}
}

// Every row's why answers in every state, without panicking, in one line;
// the hints and the palette, built from them, build too.
func TestEveryWhyAnswersInEveryState(t *testing.T) {
	for _, st := range registryStates() {
		t.Run(st.name, func(t *testing.T) {
			m := st.build(t)
			for _, a := range m.reg.All() {
				func() {
					defer func() {
						if p := recover(); p != nil {
							t.Errorf("%s: why panicked: %v", a.ID, p)
						}
					}()
					ok, why := m.available(a.ID)
					if ok != (why == "") {
						t.Errorf("%s: available %v with reason %q", a.ID, ok, why)
					}
					if strings.ContainsAny(why, "\n\r") {
						t.Errorf("%s: a reason of more than one line: %q", a.ID, why)
					}
				}()
			}
			m.painter().hints()
			m.painter().renderFooter()
			m.run(actPalette)
			if _, ok := m.overlay.(*dialogs.Palette); !ok {
				t.Fatal("the palette did not open")
			}
		})
	}
}

// Every row the palette offers, run where the palette was opened, either
// does something (a command, a dialog, a move, a change on screen) or
// says "label: why" — never nothing.
func TestEveryPaletteRowRunsOrSaysWhy(t *testing.T) {
	t.Setenv("HOME", t.TempDir()) // the vendor hooks read and write under HOME in their commands
	for _, st := range registryStates() {
		if st.name == "too small" || st.name == "a dialog" {
			continue // the palette is not reached from there by a key
		}
		t.Run(st.name, func(t *testing.T) {
			probe := st.build(t)
			probe.run(actPalette)
			o := probe.overlay.(*dialogs.Palette)
			for _, a := range probe.reg.All() {
				if !o.Offers(a.ID) {
					continue
				}
				m := st.build(t)
				before := screenText(m)
				focus, notice := m.focus, m.notice.text
				ok, why := m.available(a.ID)
				cmd := m.run(a.ID)
				m.Update(nil)
				if !ok {
					if want := a.Label + ": " + why; !strings.Contains(m.notice.text, paint.NoticeLine(want)) {
						t.Errorf("%s cannot run (%s) but said %q", a.ID, why, m.notice.text)
					}
					continue
				}
				did := cmd != nil || m.overlay != nil || m.focus != focus || m.notice.text != notice || screenText(m) != before
				if !did {
					t.Errorf("%s ran from the palette and did nothing", a.ID)
				}
			}
		})
	}
}

// Found by the test above: "wider" run while the list is hidden sets its
// width from the hidden width 0, so shown again it is at its narrowest.
func TestListWiderWhileHiddenKeepsTheWidth(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	pressAction(t, m, actToggleList)
	m.run(actListWider)
	pressAction(t, m, actToggleList)
	if m.panes().listWidth() < 30 {
		t.Fatalf("list-wider while the list is hidden left it %d wide when shown (was 30)", m.panes().listWidth())
	}
}

// The same for the sidebar behind a zoom: "wider" makes it narrowest.
func TestSidebarWiderBehindAZoomKeepsTheWidth(t *testing.T) {
	m := newTestModel(t, 160, 40)
	withTabs(m, 1)
	pressAction(t, m, actZoom)
	m.run(actSideWider)
	pressAction(t, m, actZoom)
	if m.panes().sideWidth() < sideDefaultWidth {
		t.Fatalf("sidebar-wider behind a zoom left it %d wide when shown (was %d)", m.panes().sideWidth(), sideDefaultWidth)
	}
}

// The table is well formed: every row named and explained, no ID twice
// (a second row would silently replace the first), every hint keyed, and
// every row the palette lists something a person can find by its words.
func TestTheActionTableIsWellFormed(t *testing.T) {
	rows := actionRows()
	if n := len(newActions(rows)); n != len(rows) {
		t.Fatalf("%d rows but %d IDs: one ID is used twice", len(rows), n)
	}
	for _, r := range rows {
		a := r.Action
		switch {
		case a.ID == "":
			t.Errorf("a row without an ID: %+v", a)
		case a.Label == "":
			t.Errorf("%s has no label", a.ID)
		case a.Help == "":
			t.Errorf("%s has no help text", a.ID)
		case a.Hint && len(a.Keys) == 0:
			t.Errorf("%s is a hint without a key", a.ID)
		case a.Scope == "":
			t.Errorf("%s has no scope", a.ID)
		}
		if strings.HasSuffix(a.Help, ".") {
			t.Errorf("%s: help ends with a full stop: %q", a.ID, a.Help)
		}
	}
}

// An unknown command is unavailable with a reason, and its key name is
// its ID (never an empty string in a sentence).
func TestAnUnknownCommandSaysSo(t *testing.T) {
	m := newTestModel(t, 120, 40)
	if ok, why := m.available("no-such-action"); ok || why != "unknown command" {
		t.Fatalf("unknown: %v %q", ok, why)
	}
	if got := m.keyName("no-such-action"); got != "no-such-action" {
		t.Fatalf("key name of an unknown action: %q", got)
	}
	if got := m.keyName(actEditEnv); got != string(actEditEnv) {
		t.Fatalf("key name of an action without keys: %q", got)
	}
	if got := m.keyName(actPalette); got != "ctrl+space" {
		t.Fatalf("key name of the palette: %q", got)
	}
}

// A config.json keys section that clashes, names an unknown action or a
// bad key is reported once at start, and the actions keep their defaults.
func TestABadKeysSectionKeepsTheDefaults(t *testing.T) {
	for name, over := range map[string]map[string][]string{
		"clash":   {string(actRefresh): {"t"}},
		"unknown": {"no-such-action": {"f9"}},
	} {
		cfg := config.Defaults()
		cfg.Keys = over
		m := New(withEngine(Deps{Config: cfg, Now: time.Now, Zone: time.UTC}, testEngine(t)))
		if m.notice.level != modal.LevelWarn || m.notice.text == "" {
			t.Errorf("%s: no warning at start (%q)", name, m.notice.text)
		}
		if got := m.keyName(actRefresh); got != "r" {
			t.Errorf("%s: refresh's key is %q, want its default", name, got)
		}
		if _, err := keys.NewRegistry(registryOf(actionRows())...); err != nil {
			t.Errorf("%s: the default table no longer builds: %v", name, err)
		}
	}
}

// The reasons shared by several rows, each named by its case.
func TestTheSharedReasons(t *testing.T) {
	m := newTestModel(t, 120, 40)
	cases := []struct {
		why  func(*Model) string
		sel  string
		want string
	}{
		{whyNoWorkspace, "", "select a workspace"},
		{whyNoWorkspace, "1111111111111111", ""},
		{whyNotOpenWorkspace, "3333333333333333", "the workspace is shelved"},
		{whyNotOpenWorkspace, "1111111111111111", ""},
		{whyNotShelvable, "3333333333333333", "already shelved"},
		{whyNotRestorable, "1111111111111111", "select a shelved workspace"},
		{whyNotRestorable, "3333333333333333", ""},
		{whyFewerThanTwoTabs, "1111111111111111", "fewer than two tabs"},
		{whyNoTab, "1111111111111111", "no tab open"},
		{whyNotRestartable, "1111111111111111", "no tab open"},
		{whyNoLiveTerminal, "1111111111111111", "no live terminal has focus"},
		{whyNoScreen, "", "not running on a terminal"},
	}
	for i, c := range cases {
		if c.sel != "" {
			m.list.rows.SelectWorkspace(c.sel)
		} else {
			m.list.rows.SelectProject("/home/dev/code/api")
		}
		if got := c.why(m); got != c.want {
			t.Errorf("case %d (%s): %q, want %q", i, c.sel, got, c.want)
		}
	}
	run := &tab{id: "r", kind: tmux.TypeRun, exitCode: -1}
	m.list.rows.SelectWorkspace("1111111111111111")
	m.tabs.ensure("1111111111111111").tabs = []*tab{run}
	if got := whyNotRestartable(m); got != "start the run script again instead" {
		t.Fatalf("a run tab: %q", got)
	}
	if got := whyEmpty("", "gone"); got != "gone" || whyEmpty("x", "gone") != "" {
		t.Fatal("whyEmpty")
	}
}
