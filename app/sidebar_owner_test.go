package app

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/review"
	"amux.dev/amux/git"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/projecttree"
	"amux.dev/amux/workspace"
)

// A file written in the shown worktree reaches the Changes list with no
// key: the real engine's watcher signals, the sidebar reads the review,
// and asks the root to mark the row dirty. Moving off the workspace stops
// the watch and gives up the focus.
func TestTheSidebarFollowsAFileWrittenInTheWorktree(t *testing.T) {
	f := newSideFixture(t)
	s := testSidebar(t, f.e, f.e)
	l := newSideLoop(t, s)
	l.run(s.follow(f.ws.ID, f.ws.Root, shownEnv))
	l.until("the watcher and the first review", func() bool { return s.watcher != nil && !s.loading })
	if s.err != nil || !s.review.Changes.Empty() {
		t.Fatalf("a fresh worktree reviewed as %+v (err %v)", s.review.Changes, s.err)
	}
	l.until("the Project tree", func() bool { return strings.Contains(s.tree.View(), "README") })

	writeFile(t, filepath.Join(f.ws.Root, "new.txt"), "new\n")
	l.until("new.txt in Changes", func() bool { return untracked(s, "new.txt") })
	if !strings.Contains(s.changes.View(), "new.txt") {
		t.Fatalf("the list does not show it:\n%s", s.changes.View())
	}
	if !l.asked(dirtyNoted{ws: f.ws.ID, dirty: true}) {
		t.Fatalf("the row was not marked dirty: %+v", l.outs)
	}

	w := s.watcher
	cmd, out := s.follow("", "", shownEnv)
	if cmd != nil || len(out.Do) != 1 || out.Do[0] != (leaveSidebar{}) {
		t.Fatalf("following nothing answered %v, %+v", cmd, out)
	}
	if _, open := <-w.Changed(); open {
		t.Fatal("the watcher still runs after the sidebar moved off")
	}
}

// A watcher or review that was started for the workspace shown before is
// dropped (and the watcher closed), whatever it says.
func TestTheSidebarDropsStaleWatchersAndReviews(t *testing.T) {
	f := newSideFixture(t)
	s := testSidebar(t, f.e, f.e)
	s.follow(f.ws.ID, f.ws.Root, shownEnv)
	stale := s.gen
	s.follow("other", "", shownEnv)
	w, err := f.e.Watch(context.Background(), f.ws.ID)
	if err != nil {
		t.Fatal(err)
	}
	if cmd, _ := s.Update(sideWatchMsg{ws: f.ws.ID, gen: stale, w: w}, shownEnv); cmd != nil || s.watcher != nil {
		t.Fatal("a stale watcher was kept")
	}
	if _, open := <-w.Changed(); open {
		t.Fatal("a stale watcher was not closed")
	}
	review := workspace.Review{Changes: git.Changes{UntrackedCount: 1, Untracked: []git.Change{{Path: "x", Code: '?'}}}}
	if _, out := s.Update(sideReviewMsg{ws: f.ws.ID, gen: stale, review: review}, shownEnv); len(out.Do) != 0 || untracked(s, "x") {
		t.Fatalf("a stale review was applied: %+v", out)
	}
	if _, out := s.Update(sideReviewMsg{ws: "other", gen: s.gen, review: review}, shownEnv); !untracked(s, "x") ||
		len(out.Do) != 1 || out.Do[0] != (dirtyNoted{ws: "other", dirty: true}) {
		t.Fatalf("the current review was not applied: %+v", out)
	}
}

// One review at a time: a change while one is in flight asks for exactly
// one more when it lands.
func TestTheSidebarReadsOneReviewAtATime(t *testing.T) {
	s := testSidebar(t, nil, &cannedReview{})
	s.ws, s.gen = "2222222222222222", 1
	first := s.refresh()
	if first == nil || !s.loading {
		t.Fatal("no review started")
	}
	if s.refresh() != nil || s.refresh() != nil || !s.again {
		t.Fatal("a second review started while one was in flight")
	}
	cmd, _ := s.Update(first(), shownEnv)
	if cmd == nil || !s.loading || s.again {
		t.Fatal("the change meanwhile did not ask for one more review")
	}
	if _, ok := cmd().(sideReviewMsg); !ok {
		t.Fatal("the one more is not a review")
	}
}

// While the shown workspace's merge is stopped in the main checkout, that
// checkout is watched: a conflict resolved and staged there by hand reads
// the review again; the merge committed, the watch ends.
func TestTheSidebarWatchesTheMainCheckoutWhileAMergeIsStopped(t *testing.T) {
	f := newSideFixture(t)
	writeFile(t, filepath.Join(f.ws.Root, "README"), "from the workspace\n")
	f.git(t, f.ws.Root, false, "commit", "-qam", "workspace")
	writeFile(t, filepath.Join(f.repo, "README"), "from main\n")
	f.git(t, f.repo, false, "commit", "-qam", "main")
	f.git(t, f.repo, true, "merge", "--no-edit", f.ws.Branch) // stops on README

	s := testSidebar(t, f.e, f.e)
	l := newSideLoop(t, s)
	l.run(s.follow(f.ws.ID, f.ws.Root, shownEnv))
	l.until("the stopped merge and the main checkout's watcher", func() bool {
		return s.watcher != nil && s.main.watcher != nil && !s.loading
	})
	if got := s.landings[f.ws.ID]; got.How != "merge" || len(got.Conflicts) != 1 || got.Conflicts[0] != "README" {
		t.Fatalf("the stopped merge was noted as %+v", got)
	}
	if fs := s.changes.Data().Files[changes.Conflicted]; len(fs) != 1 || !fs[0].InMain {
		t.Fatalf("Changes lists the conflicts as %+v", fs)
	}
	main := s.main.watcher

	writeFile(t, filepath.Join(f.repo, "README"), "resolved\n")
	f.git(t, f.repo, false, "add", "README")
	l.until("a review after the main checkout changed", func() bool {
		return l.seen["app.mainChangedMsg"] > 0 && len(s.landings[f.ws.ID].Conflicts) == 0 && !s.loading
	})
	if s.landings[f.ws.ID].How != "merge" || s.main.watcher != main {
		t.Fatal("the merge is still stopped, but not watched")
	}

	f.git(t, f.repo, false, "commit", "-q", "--no-edit")
	l.until("the watch to end with the merge", func() bool { return s.main.watcher == nil && !s.loading })
	if !s.knownNoLanding(f.ws.ID) {
		t.Fatalf("the landing is noted as %+v", s.landings[f.ws.ID])
	}
	if _, open := <-main.Changed(); open {
		t.Fatal("the main checkout's watcher was not closed")
	}
}

// What the Changes list and the Project tree ask for becomes a request in
// the sidebar's outcome, for the root to route; only a refresh is the
// sidebar's own work.
func TestTheSidebarAsksTheRootForWhatItsListsRequest(t *testing.T) {
	file := changes.File{Path: "a.go", Code: 'M'}
	cases := []struct {
		name string
		msg  tea.Msg
		want tea.Msg // nil: no request
		say  string
		cmd  bool // a command of the sidebar's own
	}{
		{"a file's diff", changes.RequestMsg{Op: changes.OpOpenDiff, File: file, Group: changes.Unstaged},
			review.OpenFileDiff{WS: "w1", File: file, Group: changes.Unstaged}, "", false},
		{"a commit's diff", changes.RequestMsg{Op: changes.OpOpenCommit, Commit: changes.Commit{Hash: "abc"}},
			review.OpenCommitDiff{WS: "w1", Commit: changes.Commit{Hash: "abc"}}, "", false},
		{"a stage", changes.RequestMsg{Op: changes.OpToggleStage, File: file, Group: changes.Unstaged},
			review.Stage{WS: "w1", Path: "a.go"}, "", false},
		{"an unstage", changes.RequestMsg{Op: changes.OpToggleStage, File: file, Group: changes.Staged},
			review.Stage{WS: "w1", Path: "a.go", Unstage: true}, "", false},
		{"a conflict resolved", changes.RequestMsg{Op: changes.OpToggleStage, File: file, Group: changes.Conflicted},
			review.MarkResolved{WS: "w1", Path: "a.go"}, "", false},
		{"the commit dialog", changes.RequestMsg{Op: changes.OpCommit}, review.OpenCommit{}, "", false},
		{"a refresh", changes.RequestMsg{Op: changes.OpRefresh}, nil, "", true},
		{"the editor", projecttree.RequestMsg{Op: projecttree.OpEditor, Workspace: "w1", Path: "b.go"},
			editorReq{WS: "w1", Path: "b.go"}, "", false},
		{"a file's view", projecttree.RequestMsg{Op: projecttree.OpView, Workspace: "w1", Path: "b.go"},
			review.OpenFileView{WS: "w1", Path: "b.go"}, "", false},
		{"why not", projecttree.RequestMsg{Op: projecttree.OpExplain, Workspace: "w1", Path: "bin", Why: "is binary"},
			nil, "bin is binary", false},
		{"another workspace's tree", projecttree.RequestMsg{Op: projecttree.OpView, Workspace: "w2", Path: "b.go"},
			nil, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testSidebar(t, nil, &cannedReview{})
			s.ws = "w1"
			cmd, out := s.Update(c.msg, shownEnv)
			if (cmd != nil) != c.cmd {
				t.Fatalf("command %v, want one: %v", cmd != nil, c.cmd)
			}
			if c.want == nil && len(out.Do) != 0 || c.want != nil && (len(out.Do) != 1 || out.Do[0] != c.want) {
				t.Fatalf("asked for %+v, want %+v", out.Do, c.want)
			}
			if out.Say != c.say {
				t.Fatalf("said %q, want %q", out.Say, c.say)
			}
		})
	}
}

// The sidebar's width: auto from 140 columns, a choice that holds, a
// minimum, and room left for the tabs.
func TestTheSidebarsWidth(t *testing.T) {
	cases := []struct {
		name         string
		show         sideShow
		width        int
		canShow      bool
		screen, room int
		want         int
	}{
		{"auto on a narrow screen", sideAuto, 0, true, 120, 60, 0},
		{"auto on a wide screen", sideAuto, 0, true, 160, 80, sideDefaultWidth},
		{"shown on a narrow screen", sideShown, 0, true, 100, 40, sideDefaultWidth},
		{"hidden on a wide screen", sideHidden, 50, true, 200, 100, 0},
		{"nothing to show", sideShown, 50, false, 200, 100, 0},
		{"a chosen width", sideShown, 55, true, 200, 100, 55},
		{"squeezed by the tabs", sideShown, 90, true, 160, 70, 70},
		{"never under the minimum", sideShown, 30, true, 160, 10, sideMinWidth},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := sidebarOwner{show: c.show, width: c.width}
			if got := s.widthIn(c.canShow, c.screen, c.room); got != c.want {
				t.Fatalf("width %d, want %d", got, c.want)
			}
		})
	}
}

// Dragging the left edge: only after a grab, never under the minimum, and
// an auto sidebar keeps the dragged width on any screen.
func TestTheSidebarsEdgeDrags(t *testing.T) {
	s := sidebarOwner{}
	if s.dragTo(60) || s.drop() {
		t.Fatal("a drag with no grab")
	}
	s.grab()
	if !s.dragTo(60) || s.width != 60 || s.show != sideShown {
		t.Fatalf("dragged to width %d, show %d", s.width, s.show)
	}
	if !s.dragTo(3) || s.width != sideMinWidth {
		t.Fatalf("dragged under the minimum: %d", s.width)
	}
	if !s.drop() || s.dragging {
		t.Fatal("the drop did not end the drag")
	}
}

// The Terminal tab with no shell assistant in the config says so, as an
// error, and starts nothing; the tabs cycle both ways.
func TestTheSidebarTerminalNeedsAShell(t *testing.T) {
	s := testSidebar(t, nil, nil)
	s.ws = "w1"
	cmd, out := s.step(-1, shownEnv)
	if s.tab != sideTerminal {
		t.Fatalf("< from Changes went to %v", s.tab)
	}
	if cmd != nil || out.Say != "no assistant named shell in config" || out.SayLevel != modal.LevelError || s.term() != nil {
		t.Fatalf("no shell answered %v, %+v", cmd != nil, out)
	}
	if s.step(1, shownEnv); s.tab != sideChanges {
		t.Fatalf("> from Terminal went to %v", s.tab)
	}
}

// The root applies what the sidebar asks of it: the focus leaves the
// sidebar, and a review's dirty mark reaches the row.
func TestTheRootAppliesTheSidebarsRequests(t *testing.T) {
	m := newTestModel(t, 160, 40)
	m.list.rows.Move(1)
	m.Update(nil)
	m.focus = focusSidebar
	m.Update(leaveSidebar{})
	if m.focus != focusTabArea {
		t.Fatal("the focus stayed on the sidebar")
	}
	m.Update(sideReviewMsg{ws: m.side.ws, gen: m.side.gen,
		review: workspace.Review{Changes: git.Changes{UntrackedCount: 1, Untracked: []git.Change{{Path: "n", Code: '?'}}}}})
	if !m.list.dirty[m.side.ws] {
		t.Fatal("the review's changes did not mark the row dirty")
	}
	m.Update(sideReviewMsg{ws: m.side.ws, gen: m.side.gen})
	if m.list.dirty[m.side.ws] {
		t.Fatal("a clean review left the row dirty")
	}
}
