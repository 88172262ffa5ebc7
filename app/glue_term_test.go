package app

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/ui/termview"
)

// closedView runs v's frame waits until its terminal says it closed, with
// a deadline: the messages, in order, the last a ClosedMsg.
func closedView(t *testing.T, v *termview.Model) []tea.Msg {
	t.Helper()
	v.Terminal().Close()
	var msgs []tea.Msg
	wait := v.Init()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		got := make(chan tea.Msg, 1)
		go func() { got <- wait() }()
		select {
		case msg := <-got:
			msgs = append(msgs, msg)
			if _, ok := msg.(termview.ClosedMsg); ok {
				return msgs
			}
			wait = v.Init()
		case <-time.After(time.Until(deadline)):
		}
	}
	t.Fatalf("the terminal did not close: %d messages", len(msgs))
	return nil
}

// A terminal view's own messages go to whoever holds the view: a tab's to
// the tabs owner (its close gives the keys back and keeps its last
// screen), the sidebar shell's to the sidebar owner (its close forgets
// the shell), and one nobody holds to no one. Real tmux sessions, real
// PTY clients.
func TestATerminalsMessagesGoToWhoeverHoldsIt(t *testing.T) {
	srv := tmuxtest.New(t)
	m := newTestModel(t, 120, 40)
	const ws, other = "1111111111111111", "2222222222222222"
	attach := func(name string) *termview.Terminal {
		srv.Session(t, name, nil)
		term, err := termview.Attach(context.Background(), srv.Client, name, termview.Options{Width: 40, Height: 10})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { term.Close() })
		return term
	}
	m.list.rows.SelectWorkspace(ws)
	tb := &tab{id: "t1", session: "amux-route-tab"}
	m.tabs.ensure(ws).tabs = append(m.tabs.ensure(ws).tabs, tb)
	m.tabs.bindView(tb, attach("amux-route-tab"), m.tabScene())
	m.entered = tb
	sv := termview.New(attach("amux-route-side"))
	shell := &tab{id: "side", session: "amux-route-side", view: &sv}
	m.side.terms = map[string]*tab{other: shell}
	nobody := termview.New(attach("amux-route-none"))

	for _, msg := range closedView(t, tb.view) {
		m.update(msg)
	}
	if tb.view != nil || m.entered != nil || m.side.terms[other] != shell {
		t.Fatalf("after the tab's close: view %v, entered %v, sidebar shell kept %v",
			tb.view != nil, m.entered != nil, m.side.terms[other] == shell)
	}
	for _, msg := range closedView(t, shell.view) {
		m.update(msg)
	}
	if _, kept := m.side.terms[other]; kept || len(m.tabs.of(ws).tabs) != 1 {
		t.Fatalf("after the shell's close: kept %v, tabs %d", kept, len(m.tabs.of(ws).tabs))
	}
	for _, msg := range closedView(t, &nobody) {
		if cmd := m.update(msg); cmd != nil {
			t.Fatalf("a terminal nobody holds asked for %T", msg)
		}
	}
}
