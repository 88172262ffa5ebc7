package app

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/termview"
)

// tab is one agent or terminal tab: a tmux session, and — while it holds one
// of the live slots — an attached PTY with its emulator view.
type tab struct {
	id        string // @amux_tab, stable for the session's life
	session   string
	kind      string // tmux.TypeAgent or tmux.TypeTerminal
	assistant string
	title     string
	created   int64 // @amux_created_at, seconds

	view      *termview.Model // nil while detached
	lastFrame string          // last rendered screen, shown while detached
	attachGen int             // the newest attach in flight; older ones are closed
	attaching bool
	parked    bool      // frames not awaited while the tab is not shown
	err       string    // why the last create or attach failed
	lastUsed  time.Time // for choosing which live PTY to let go

	state          agentstate.Result // the monitor's latest classification
	exitCode       int               // how its program ended (pane_dead_status); -1 while it runs
	attention      bool              // done or blocked, not yet seen by the user
	attentionSince time.Time

	firstTask string    // typed for the user once the agent is ready
	taskSent  bool      // the first task went out
	taskSince time.Time // when the first task started waiting for readiness
	delivery  string    // how the first task's delivery went, for the tab bar
}

// label is what the tab bar shows.
func (t *tab) label() string {
	if t.title != "" {
		return t.title
	}
	if t.assistant != "" {
		return t.assistant
	}
	return t.kind
}

// workspaceTabs are the tabs of one workspace, in bar order.
type workspaceTabs struct {
	tabs   []*tab
	active int
}

func (w *workspaceTabs) current() *tab {
	if w == nil || w.active < 0 || w.active >= len(w.tabs) {
		return nil
	}
	return w.tabs[w.active]
}

func (w *workspaceTabs) indexOf(id string) int {
	for i, t := range w.tabs {
		if t.id == id {
			return i
		}
	}
	return -1
}

// tabIDs mints tab IDs "tab-<prefix>-<counter>": a random 4-byte prefix per
// amux process and a base-36 counter, as the contract describes. IDs are
// therefore unique across processes and never reused within one.
type tabIDs struct {
	prefix string
	next   uint64
}

func newTabIDs() *tabIDs {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return &tabIDs{prefix: hex.EncodeToString(b)}
}

func (g *tabIDs) mint() string {
	g.next++
	return "tab-" + g.prefix + "-" + strconv.FormatUint(g.next, 36)
}

// tabSet is every workspace's tabs, by workspace ID. It owns the lookups so
// the model does not have to.
type tabSet map[string]*workspaceTabs

// of returns the workspace's tabs (nil when it has none).
func (s tabSet) of(wsID string) *workspaceTabs { return s[wsID] }

// ensure returns the workspace's tabs, creating an empty list.
func (s tabSet) ensure(wsID string) *workspaceTabs {
	wt := s[wsID]
	if wt == nil {
		wt = &workspaceTabs{}
		s[wsID] = wt
	}
	return wt
}

// find returns a workspace's tab by ID.
func (s tabSet) find(wsID, tabID string) *tab {
	if wt := s[wsID]; wt != nil {
		if i := wt.indexOf(tabID); i >= 0 {
			return wt.tabs[i]
		}
	}
	return nil
}

// byTerminal returns the tab showing term.
func (s tabSet) byTerminal(term *termview.Terminal) *tab {
	for _, wt := range s {
		for _, t := range wt.tabs {
			if t.view != nil && t.view.Terminal() == term {
				return t
			}
		}
	}
	return nil
}

// workspaceOf returns the ID of the workspace holding t.
func (s tabSet) workspaceOf(t *tab) string {
	for id, wt := range s {
		for _, x := range wt.tabs {
			if x == t {
				return id
			}
		}
	}
	return ""
}

// live returns the tabs that hold a PTY.
func (s tabSet) live() []*tab {
	var out []*tab
	for _, wt := range s {
		for _, t := range wt.tabs {
			if t.view != nil {
				out = append(out, t)
			}
		}
	}
	return out
}
