package app

import (
	"context"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/ui/termview"
)

// At most LiveTabs tabs hold a PTY: binding one more lets the least recently
// used go (its session lives on, its last frame stays on show).
func TestLiveTabCapDetachesTheLeastRecentlyUsed(t *testing.T) {
	srv := tmuxtest.New(t)
	m := newTestModel(t, 120, 40)
	m.tabs.d.liveTabs = 2
	ws := "1111111111111111"
	var tabs []*tab
	for i, name := range []string{"amux-cap-1", "amux-cap-2", "amux-cap-3"} {
		srv.Session(t, name, nil)
		term, err := termview.Attach(context.Background(), srv.Client, name, termview.Options{Width: 40, Height: 10})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { term.Close() })
		tb := &tab{id: name, session: name}
		m.tabs.ensure(ws).tabs = append(m.tabs.ensure(ws).tabs, tb)
		tabs = append(tabs, tb)
		m.tabs.bindView(tb, term, m.tabScene())
		tb.lastUsed = time.Now().Add(time.Duration(i) * time.Second) // 1 oldest, 3 newest
		m.tabs.enforceLiveCap()
	}
	if tabs[0].view != nil || tabs[1].view == nil || tabs[2].view == nil {
		t.Fatalf("live views: %v %v %v, want the oldest detached", tabs[0].view != nil, tabs[1].view != nil, tabs[2].view != nil)
	}
	if ok, err := tmux.HasSession(context.Background(), srv, "amux-cap-1"); err != nil || !ok {
		t.Fatalf("detaching killed the session (ok=%v err=%v)", ok, err)
	}
}
