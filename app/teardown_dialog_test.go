package app

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/teardown"
	"amux.dev/amux/git"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// openDelete opens the delete dialog on auth-fix and delivers risk as the
// summary's answer, the way the runtime hands over a command's message
// (the engine's own reading of real trees is tested in workspace and e2e).
func openDelete(t *testing.T, risk git.AtRisk) *Model {
	t.Helper()
	m := newTestModel(t, 120, 40)
	m.list.rows.Move(1) // onto auth-fix
	if cmd := m.applyOwned(openTeardown(m.list, m.tabs, m.life, m.modalKit(), false)); cmd == nil {
		t.Fatal("the dialog reads the summary in no command")
	}
	if got := screenText(m); !strings.Contains(got, "checking the worktree for uncommitted work") {
		t.Fatalf("no loading state while the summary is read:\n%s", got)
	}
	msg := atRiskMsg{gen: m.overlay.(*teardownOverlay).gen, risk: risk}
	m.Update(atRiskMsg{gen: -1}) // a stale answer changes nothing
	if o := m.overlay.(*teardownOverlay); !o.loading {
		t.Fatal("a stale summary was taken")
	}
	m.Update(msg)
	return m
}

func TestDeleteDialogAsksWhatToDoWithUncommittedWork(t *testing.T) {
	m := openDelete(t, git.AtRisk{Head: "auth-fix", Modified: 2, ModifiedPaths: []string{"a.go", "b.go"},
		Untracked: 1, UntrackedPaths: []string{"evil\x1b]8;;http://x\x07name"}})
	got := screenText(m)
	for _, want := range []string{"2 modified: a.go, b.go", "1 untracked: evil", "▸ w  keep it as a WIP commit on auth-fix",
		"s  stash it", "d  discard it", "w/s/d: choose", "esc: cancel"} {
		if !strings.Contains(got, want) {
			t.Fatalf("the choice lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(m.render(), "\x1b]8") {
		t.Fatal("a path's escape sequence reached the screen")
	}
	m.Update(tea.KeyPressMsg{Code: 'd', Text: "d"})
	o := m.overlay.(*teardownOverlay)
	if o.dirty != workspace.DirtyDiscard || o.confirm == nil {
		t.Fatalf("d did not lead to the typed confirm for discard: %+v", o.dirty)
	}
	if got := screenText(m); !strings.Contains(got, "discarded") || !strings.Contains(got, "Type auth-fix to confirm") {
		t.Fatalf("the confirm does not say the work is discarded:\n%s", got)
	}
}

func TestDeleteDialogOffersOnlyWhatCanKeepTheWork(t *testing.T) {
	m := openDelete(t, git.AtRisk{Head: "elsewhere", Untracked: 1, UntrackedPaths: []string{"n"}})
	if got := screenText(m); strings.Contains(got, "keep it as a WIP commit") || !strings.Contains(got, "HEAD is on elsewhere") {
		t.Fatalf("a WIP commit is offered with HEAD on another branch:\n%s", got)
	}
	m = openDelete(t, git.AtRisk{Stray: 2})
	if got := screenText(m); strings.Contains(got, "stash it") || !strings.Contains(got, "d  discard it") {
		t.Fatalf("only discard deals with commits on no branch:\n%s", got)
	}
	m = openDelete(t, git.AtRisk{Head: "auth-fix", Unmerged: 1, Subjects: []string{"half done"}})
	if got := screenText(m); !strings.Contains(got, "Type auth-fix to confirm") || !strings.Contains(got, "is kept: it has 1 commit merged") {
		t.Fatalf("a clean tree with unmerged commits goes to the confirm, saying the branch is kept:\n%s", got)
	}
	if o := m.overlay.(*teardownOverlay); o.dirty != workspace.DirtyRefuse {
		t.Fatalf("no question was asked, yet the choice is %q", o.dirty)
	}
}

// The shelve confirmation names every session the shelve ends — agents
// and terminals, not only run sessions — and the dialog asks about an
// unapproved archive script before the confirm, never speaking of
// tombstones.
func TestShelveConfirmListsTheSessionsAndAsksAboutTheArchive(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.snap.Sessions = append(m.list.snap.Sessions,
		tmux.SessionInfo{Name: "amux-1111111111111111-tab-a-2", Managed: true, Workspace: "1111111111111111", Type: "terminal", Tab: "tab-a-2"},
		tmux.SessionInfo{Name: "amux-ws-1111111111111111-run", Managed: true, Workspace: "1111111111111111", Type: "run"},
		tmux.SessionInfo{Name: "amux-2222222222222222-tab-b-1", Managed: true, Workspace: "2222222222222222", Type: "agent"})
	m.list.rows.Move(1) // onto auth-fix
	m.applyOwned(openTeardown(m.list, m.tabs, m.life, m.modalKit(), true))
	sc := workspace.Script{Kind: workspace.KindArchive, Commands: []string{"make archive"}, Hash: "h"}
	m.Update(atRiskMsg{gen: m.overlay.(*teardownOverlay).gen, risk: git.AtRisk{Head: "auth-fix"},
		archive: &workspace.UntrustedError{Repo: "/home/dev/code/api", Script: sc}})
	if got := screenText(m); !strings.Contains(got, "$ make archive") || !strings.Contains(got, "skip it") {
		t.Fatalf("no archive question:\n%s", got)
	}
	m.Update(tea.KeyPressMsg{Code: 's', Text: "s"})
	got := screenText(m)
	for _, want := range []string{"Ends its 3 sessions:", "agent (agent)", "shell (terminal)", "the run script", "skips the archive script"} {
		if !strings.Contains(got, want) {
			t.Errorf("the confirm lacks %q:\n%s", want, got)
		}
	}
	if o := m.overlay.(*teardownOverlay); !o.skipArchive || o.approveArchive {
		t.Errorf("skip not recorded: %+v", o)
	}
	if strings.Contains(got, "tombstone") || strings.Contains(strings.Join(teardown.Labels(true), " "), "tombstone") {
		t.Errorf("tombstone shown:\n%s", got)
	}
}
