package app

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/workspace"
)

func press(s string) tea.KeyPressMsg {
	switch s {
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	}
	return tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
}

// TestSidebarShowsFromWideScreensAndTogglesAndResizes: auto from 140
// columns, one key hides it (also on a wide screen), keys resize it, and
// the tabs give it the room back.
func TestSidebarShowsFromWideScreensAndTogglesAndResizes(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.rows.Move(1) // onto auth-fix
	m.Update(nil)
	if m.panes().sideWidth() != 0 {
		t.Fatal("sidebar shown at 120 columns by default")
	}
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	if m.panes().sideWidth() != sideDefaultWidth || m.side.ws != "1111111111111111" {
		t.Fatalf("at 160 columns: width %d, workspace %q", m.panes().sideWidth(), m.side.ws)
	}
	if w, _ := m.layout().termSize(m.width); w != 160-40-sideDefaultWidth-2 {
		t.Fatalf("tab area %d wide with the sidebar", w)
	}
	if !strings.Contains(screenText(m), "[Changes] Project Terminal") {
		t.Fatalf("no sidebar on screen:\n%s", screenText(m))
	}
	m.Update(press("b"))
	if m.panes().sideWidth() != 0 || m.side.ws != "" {
		t.Fatal("b did not hide the sidebar (and stop watching)")
	}
	m.Update(press("b"))
	m.focus = focusTabArea
	m.Update(press("l"))
	if m.focus != focusSidebar {
		t.Fatal("l did not focus the sidebar")
	}
	m.Update(press("="))
	if m.panes().sideWidth() != sideDefaultWidth+4 {
		t.Fatalf("= made it %d wide", m.panes().sideWidth())
	}
	m.Update(press(">"))
	if m.side.tab != sideProject {
		t.Fatal("> did not switch to Project")
	}
	m.Update(press("esc"))
	if m.focus != focusList {
		t.Fatal("esc from the sidebar did not return to the list")
	}
}

// TestSidebarDropsAStaleReview: a review of the workspace shown before is
// not applied to the one shown now.
func TestSidebarDropsAStaleReview(t *testing.T) {
	m := newTestModel(t, 160, 40)
	m.list.rows.Move(1)
	m.Update(nil)
	stale := m.side.gen
	m.list.rows.SelectWorkspace("2222222222222222")
	m.Update(nil)
	if m.side.ws != "2222222222222222" || m.side.gen == stale {
		t.Fatalf("sidebar on %q gen %d", m.side.ws, m.side.gen)
	}
	old := workspace.Review{Changes: git.Changes{UntrackedCount: 1, Untracked: []git.Change{{Path: "from-auth-fix.txt", Code: '?'}}}}
	m.Update(sideReviewMsg{ws: "1111111111111111", gen: stale, review: old})
	if strings.Contains(screenText(m), "from-auth-fix.txt") {
		t.Fatal("a stale review reached the sidebar")
	}
	m.Update(sideReviewMsg{ws: "2222222222222222", gen: m.side.gen, review: old})
	if !strings.Contains(screenText(m), "from-auth-fix.txt") {
		t.Fatalf("the current review is not shown:\n%s", screenText(m))
	}
}

// A conflict of a merge stopped in the main checkout is listed in Changes
// as the main checkout's: space there marks it resolved where it is (the
// engine's MarkResolved, never a stage of the worktree's copy), and while
// the merge is stopped the row and the workspace's state say so instead of
// "ready".
func TestStageOnAConflictMarksItResolvedAndTheRowSaysStopped(t *testing.T) {
	m := newTestModel(t, 160, 40)
	m.list.rows.Move(1)
	m.Update(nil)
	r := workspace.Review{Landing: "merge", Conflicts: []string{"README.md"}}
	d := changesData(r)
	if fs := d.Files[changes.Conflicted]; len(fs) != 1 || !fs[0].InMain {
		t.Fatalf("the conflict row is not marked as the main checkout's: %+v", d.Files)
	}
	m.Update(sideReviewMsg{ws: m.side.ws, gen: m.side.gen, review: r})
	if s := screenText(m); !strings.Contains(s, "merge stopped on conflicts (1 left)") || !strings.Contains(s, "merge stopped") {
		t.Fatalf("the stopped merge is not shown:\n%s", s)
	}
	cmd := m.applyOwned(m.side.Update(changes.RequestMsg{Op: changes.OpToggleStage, File: d.Files[changes.Conflicted][0], Group: changes.Conflicted}, m.sideEnv()))
	if cmd == nil {
		t.Fatal("no command")
	}
	// The review owner's answer (app/review) to marking README.md resolved.
	if msg := cmd(); fmt.Sprintf("%T", msg) != "review.resolvedMsg" || !strings.Contains(fmt.Sprintf("%+v", msg), "path:README.md") {
		t.Fatalf("the stage did not mark the conflict resolved: %#v", msg)
	}
}
