package app

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

var (
	keyEnter = tea.KeyPressMsg{Code: tea.KeyEnter}
	keyEsc   = tea.KeyPressMsg{Code: tea.KeyEscape}
)

// requests are the outcome's requests, for comparing.
func requests(out modal.Outcome) []tea.Msg { return out.Do }

// The tabs owner answers each of its messages by changing only its tabs
// and saying what happened in the outcome; it asks the root for a load
// when sessions changed under it.
func TestTheTabsOwnerAnswersItsMessages(t *testing.T) {
	const ws = "1111111111111111"
	boom := errors.New("boom")
	cases := []struct {
		name  string
		msg   tea.Msg
		say   string
		level modal.Level
		do    []tea.Msg
		tabs  string // the workspace's tab IDs after, active one starred
		check func(t *testing.T, o *tabsOwner)
	}{
		{name: "a close that failed keeps the tab", msg: tabClosedMsg{ws, "t2", boom},
			say: "close tab: boom", level: modal.LevelError, tabs: "t1 t2* t3"},
		{name: "a closed tab goes", msg: tabClosedMsg{ws, "t2", nil}, tabs: "t1 t3*"},
		{name: "the shown tab gone, the next is shown", msg: tabGoneMsg{ws, "t2"}, tabs: "t1 t3*"},
		{name: "a restart says so", msg: tabRestartedMsg{ws, "t2", nil}, say: "restarted", tabs: "t1 t2* t3"},
		{name: "a failed restart says why", msg: tabRestartedMsg{ws, "t2", boom}, say: "restart: boom", level: modal.LevelError,
			tabs: "t1 t2* t3"},
		{name: "a stale attach is dropped", msg: tabAttachedMsg{wsID: ws, tabID: "t1", gen: 7, err: boom}, tabs: "t1 t2* t3",
			check: func(t *testing.T, o *tabsOwner) {
				if e := o.find(ws, "t1").err; e != "" {
					t.Fatalf("a stale attach wrote its error %q", e)
				}
			}},
		{name: "an attach to an ended session drops the tab", msg: tabAttachedMsg{wsID: ws, tabID: "t1", err: errSessionGone},
			tabs: "t2* t3"},
		{name: "a gone tab after the shown one leaves it shown", msg: tabGoneMsg{ws, "t3"}, tabs: "t1 t2*"},
		{name: "a first task never taken says so", msg: firstTaskTimeoutMsg{ws, "t1"}, level: modal.LevelWarn,
			say: "claude did not signal readiness within 30s; the first task was not typed: fix the login", tabs: "t1 t2* t3",
			check: func(t *testing.T, o *tabsOwner) {
				if tb := o.find(ws, "t1"); !tb.taskSent || !strings.Contains(tb.delivery, "never signalled") {
					t.Fatalf("the tab says %q (sent %v)", tb.delivery, tb.taskSent)
				}
			}},
		{name: "a first task confirmed", msg: firstTaskDeliveredMsg{ws, "t1", workspace.Delivery{Submitted: true, Confirmed: true, By: "working"}, nil},
			say: "claude: first task delivered (working)", tabs: "t1 t2* t3"},
		{name: "a first task not confirmed", msg: firstTaskDeliveredMsg{ws, "t1", workspace.Delivery{Submitted: true, Note: "not confirmed"}, nil},
			say: "claude: first task not confirmed", level: modal.LevelWarn, tabs: "t1 t2* t3",
			check: func(t *testing.T, o *tabsOwner) {
				if d := o.find(ws, "t1").delivery; d != deliveryNotConfirmed {
					t.Fatalf("the tab bar would say %q", d)
				}
			}},
		{name: "a first task that could not be sent", msg: firstTaskDeliveredMsg{ws, "t1", workspace.Delivery{}, boom},
			say: "claude: the first task could not be sent: boom", level: modal.LevelError, tabs: "t1 t2* t3"},
		{name: "a started run is shown once loaded", msg: runStartedMsg{ws, "amux-1111111111111111-run-2", nil},
			say: "run script started in amux-1111111111111111-run-2", do: []tea.Msg{scene.Reload{List: true}}, tabs: "t1 t2* t3",
			check: func(t *testing.T, o *tabsOwner) {
				if o.pending != "run:amux-1111111111111111-run-2" {
					t.Fatalf("pending %q", o.pending)
				}
			}},
		{name: "a resume loads", msg: tabsResumedMsg{n: 2}, say: "resumed 2 tabs", do: []tea.Msg{scene.Reload{List: true}}, tabs: "t1 t2* t3"},
		{name: "a resume that partly failed says what", msg: tabsResumedMsg{n: 1, err: errors.New("t9: no session")},
			say: "resumed 1 tab; t9: no session", level: modal.LevelError, do: []tea.Msg{scene.Reload{List: true}}, tabs: "t1 t2* t3"},
		{name: "a rename takes the display copy", msg: tabRenameRequest{ws, "t3", "fix\x1b[31m it"}, tabs: "t1 t2* t3",
			check: func(t *testing.T, o *tabsOwner) {
				if got := o.find(ws, "t3").title; strings.ContainsRune(got, 0x1b) || !strings.Contains(got, "fix") {
					t.Fatalf("title %q", got)
				}
			}},
		{name: "a close of a tab already gone asks nothing", msg: tabCloseRequest{ws, "t9"}, tabs: "t1 t2* t3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newTestModel(t, 120, 40)
			withTabs(m, 3)
			m.tabs.of(ws).active = 1
			m.tabs.find(ws, "t1").firstTask = "fix the login"
			_, out := m.tabs.Update(c.msg, m.tabScene())
			if out.Say != c.say || (c.say != "" && out.SayLevel != c.level) {
				t.Fatalf("said %q at %v, want %q at %v", out.Say, out.SayLevel, c.say, c.level)
			}
			if got, want := requests(out), c.do; len(got) != len(want) || (len(got) > 0 && got[0] != want[0]) {
				t.Fatalf("asked %+v, want %+v", got, want)
			}
			if out.Close || out.Open != nil {
				t.Fatalf("the owner touched the overlay: %+v", out)
			}
			if got := tabList(m.tabs.of(ws)); got != c.tabs {
				t.Fatalf("tabs %q, want %q", got, c.tabs)
			}
			if c.check != nil {
				c.check(t, m.tabs)
			}
		})
	}
}

// tabList is a workspace's tab IDs in bar order, the shown one starred.
func tabList(wt *workspaceTabs) string {
	var ids []string
	for i, t := range wt.tabs {
		if i == wt.active {
			ids = append(ids, t.id+"*")
		} else {
			ids = append(ids, t.id)
		}
	}
	return strings.Join(ids, " ")
}

// Stepping wraps both ways; showing a tab asks the root to sync the
// views, and a tab number past the end changes nothing.
func TestStepAndShowWrapAndAskForTheViews(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 3)
	wt := m.tabs.of(m.list.selectedID())
	for _, c := range []struct {
		step, want int
	}{{-1, 2}, {1, 0}, {1, 1}, {-1, 0}} {
		_, out := m.tabs.step(m.tabScene(), c.step)
		if wt.active != c.want || len(out.Do) != 1 || out.Do[0] != (tabSyncRequest{}) {
			t.Fatalf("step %d: active %d (want %d), asked %+v", c.step, wt.active, c.want, out.Do)
		}
	}
	if _, out := m.tabs.show(m.tabScene(), 3); wt.active != 0 || len(out.Do) != 0 {
		t.Fatalf("showing tab 4 of 3 moved to %d, asked %+v", wt.active, out.Do)
	}
}

// A new tab is refused, with the reason, where none can open; else it
// gets a fresh ID and says it is starting.
func TestNewTabSaysWhyNot(t *testing.T) {
	m := newTestModel(t, 120, 40)
	cases := []struct{ ws, assistant, say string }{
		{"", "claude", "select a workspace first"},
		{"3333333333333333", "claude", "old-spike is shelved: restore it before opening tabs"},
		{"1111111111111111", "nosuch", "no assistant named nosuch in config"},
		{"1111111111111111", "claude", "starting claude…"},
	}
	for _, c := range cases {
		sc := m.tabScene()
		sc.ws = c.ws
		next := m.tabs.ids.next
		cmd, out := m.tabs.newTab(sc, tmux.TypeAgent, c.assistant, "")
		if out.Say != c.say {
			t.Fatalf("%s/%s said %q, want %q", c.ws, c.assistant, out.Say, c.say)
		}
		if started := c.say == "starting claude…"; (cmd != nil) != started || (m.tabs.ids.next != next) != started {
			t.Fatalf("%s/%s: command %v, minted %v", c.ws, c.assistant, cmd != nil, m.tabs.ids.next != next)
		}
	}
}

// The close and rename dialogs only ask: their answer is a request the
// root routes to the owner, never a change made by the dialog.
func TestTheTabDialogsAnswerWithRequests(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 2)
	ws := m.list.selectedID()
	m.focus = focusTabArea

	pressAction(t, m, actCloseTab)
	c, ok := m.overlay.(*closeTabOverlay)
	if !ok {
		t.Fatalf("close opened %T", m.overlay)
	}
	if !strings.Contains(screenText(m), "Close claude?") {
		t.Fatal("the question is not on screen")
	}
	if _, out := c.Update(keyEsc); !out.Close || len(out.Do) != 0 {
		t.Fatalf("esc answered %+v", out)
	}
	if _, out := c.Update(keyEnter); !out.Close || len(out.Do) != 1 || out.Do[0] != (tabCloseRequest{ws, "t1"}) {
		t.Fatalf("enter answered %+v", out)
	}
	if m.overlay != overlay(c) || len(m.tabs.of(ws).tabs) != 2 {
		t.Fatal("the dialog changed the root by itself")
	}
	m.Update(keyEsc)
	if m.overlay != nil {
		t.Fatalf("the root did not apply the cancel: %T open", m.overlay)
	}

	pressAction(t, m, actRenameTab)
	r, ok := m.overlay.(*renameTabOverlay)
	if !ok {
		t.Fatalf("rename opened %T", m.overlay)
	}
	for _, ch := range "fix" {
		m.Update(tea.KeyPressMsg{Code: ch, Text: string(ch)})
	}
	if _, out := r.Update(keyEnter); len(out.Do) != 1 || out.Do[0] != (tabRenameRequest{ws, "t1", "fix"}) {
		t.Fatalf("enter answered %+v", out)
	}
	m.Update(keyEnter)
	if m.overlay != nil || m.tabs.find(ws, "t1").title != "fix" {
		t.Fatalf("after the rename: overlay %T, title %q", m.overlay, m.tabs.find(ws, "t1").title)
	}
	if !strings.Contains(rows(m)[1], "1 fix") {
		t.Fatalf("the tab bar does not show the new title: %q", rows(m)[1])
	}
}

// The agent picker answers a choice with a request for the tab; its own
// keys (the first-task toggle) run as registry actions through the root.
func TestTheAgentPickerAsksForTheTab(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.rows.SelectWorkspace("1111111111111111")
	pressAction(t, m, actNewAgent)
	p, ok := m.overlay.(*agentPicker)
	if !ok {
		t.Fatalf("the agent key opened %T", m.overlay)
	}
	first := m.deps.Config.AssistantNames()[0]
	if _, out := p.Update(keyEnter); !out.Close || len(out.Do) != 1 || out.Do[0] != (tabNewRequest{tmux.TypeAgent, first, ""}) {
		t.Fatalf("enter answered %+v, want a %s tab", out, first)
	}
	a, _ := m.reg.Get(actFirstTask)
	_, out := p.Update(press(a.Keys[0]))
	if len(out.Do) != 1 || out.Do[0] != (modal.RunAction{ID: actFirstTask}) {
		t.Fatalf("%s answered %+v, want the first-task action", a.Keys[0], out)
	}
	if _, out := p.Update(keyEsc); !out.Close || len(out.Do) != 0 {
		t.Fatalf("esc answered %+v", out)
	}
}

// A load's sessions become tabs in the record's saved order (then by
// creation), a run session is named by its number, a session amux does
// not own is left alone, and a tab whose session went with nothing
// attached goes; the run asked for is then shown and entered.
func TestReconcileOrdersTabsAndShowsThePendingRun(t *testing.T) {
	const ws = "1111111111111111"
	m := newTestModel(t, 120, 40)
	snap := sampleSnapshot()
	snap.Records[0].Tabs = []workspace.Tab{{ID: "b", Type: tmux.TypeAgent}, {ID: "a", Type: tmux.TypeAgent, Title: "saved"}}
	sess := func(name, tabID, typ, created string) tmux.SessionInfo {
		return tmux.SessionInfo{Name: name, Managed: true, Workspace: ws, Type: typ, Tab: tabID, CreatedAt: created, Assistant: "claude"}
	}
	snap.Sessions = []tmux.SessionInfo{
		sess("amux-1111111111111111-c", "c", tmux.TypeAgent, "5"),
		sess("amux-1111111111111111-a", "a", tmux.TypeAgent, "9"),
		sess("amux-1111111111111111-run-2", "", tmux.TypeRun, "7"),
		sess("amux-1111111111111111-b", "b", tmux.TypeAgent, "8"),
		{Name: "theirs", Workspace: ws, Type: tmux.TypeAgent, Tab: "x"}, // not Managed
	}
	snap = scene.NewSnapshot(snap.Projects, snap.Records, snap.Sessions)
	m.tabs.ensure(ws).tabs = []*tab{{id: "old", session: "amux-1111111111111111-old"}}
	m.tabs.pending = "run:amux-1111111111111111-run-2"
	m.list.rows.SelectWorkspace("2222222222222222")

	m.Update(loadedMsg{gen: m.list.loadGen, snap: snap})

	wt := m.tabs.of(ws)
	var got []string
	for _, tb := range wt.tabs {
		got = append(got, tb.id+"="+tb.label())
	}
	if want := "b=claude a=saved c=claude run:amux-1111111111111111-run-2=run 2"; strings.Join(got, " ") != want {
		t.Fatalf("tabs %q, want %q", strings.Join(got, " "), want)
	}
	if m.tabs.pending != "" || m.list.selectedID() != ws || wt.current().id != "run:amux-1111111111111111-run-2" {
		t.Fatalf("the run is not shown: pending %q, workspace %s, shown %s", m.tabs.pending, m.list.selectedID(), wt.current().id)
	}
	if m.focus != focusTabArea || m.entered != wt.current() {
		t.Fatalf("the run did not get the keys: focus %v, entered %v", m.focus, m.entered)
	}
}

// An agent that exits before its first task went in loses the task and
// says so, with its status; a working state clears "not confirmed".
func TestAFirstTaskFollowsTheAgentsState(t *testing.T) {
	tb := &tab{assistant: "claude", firstTask: "fix the login"}
	out := firstTaskOnState(tb, agentstate.Result{State: agentstate.Stopped, HasExit: true, Exit: 3})
	if want := "claude: first task not delivered: the agent exited (status 3): fix the login"; out.Say != want || out.SayLevel != modal.LevelWarn {
		t.Fatalf("said %q at %v, want %q", out.Say, out.SayLevel, want)
	}
	if out := firstTaskOnState(tb, agentstate.Result{State: agentstate.Stopped}); out.Say != "" {
		t.Fatalf("a lost task was reported twice: %q", out.Say)
	}
	tb.delivery = deliveryNotConfirmed
	firstTaskOnState(tb, agentstate.Result{State: agentstate.Working, Source: agentstate.SourceActivity})
	if tb.delivery != deliveryNotConfirmed {
		t.Fatal("output alone cleared \"not confirmed\"")
	}
	firstTaskOnState(tb, agentstate.Result{State: agentstate.Working, Source: agentstate.SourceReported})
	if tb.delivery != "" {
		t.Fatalf("the agent's own working state left %q", tb.delivery)
	}
}

// An interrupt for an assistant configured to send none says so and
// sends nothing.
func TestAnInterruptOfZeroSaysNothingWasSent(t *testing.T) {
	m := newTestModel(t, 120, 40)
	withTabs(m, 1)
	cfg := m.deps.Config
	a := cfg.Assistants["claude"]
	a.InterruptCount = 0
	cfg.Assistants = map[string]config.Assistant{"claude": a}
	sc := m.tabScene()
	sc.cfg = &cfg
	cmd, out := m.tabs.interrupt(sc)
	if cmd != nil || out.Say != "claude: interrupt_count is 0, nothing sent" {
		t.Fatalf("command %v, said %q", cmd != nil, out.Say)
	}
}
