package app

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/workspace"
)

// runCmd runs cmd and the commands of any batch it returns, and gives back
// the messages that are not batches.
func runCmd(t *testing.T, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			out = append(out, msg)
		}
	}
	return out
}

// only is the one message of type T among msgs.
func only[T any](t *testing.T, msgs []tea.Msg) T {
	t.Helper()
	var found []T
	for _, m := range msgs {
		if v, ok := m.(T); ok {
			found = append(found, v)
		}
	}
	if len(found) != 1 {
		var zero T
		t.Fatalf("want one %T among %#v", zero, msgs)
	}
	return found[0]
}

// The viewer is a modal: opened by the owner over a real repository, it
// reads its diff, stages a file through the review service itself, and
// the owner answers the stage with a reload and the sidebar's refresh;
// the root is asked, never touched.
func TestTheViewerStagesThroughTheServiceAndTheOwnerReloadsIt(t *testing.T) {
	m, rec := realWorkspace(t, 120, 40)
	ws := rec.WorkspaceID()
	r := &m.review
	sc := m.reviewScene()
	cmd, out := r.fileDiff(ws, changes.File{Path: "notes.txt"}, changes.Unstaged, sc)
	o, ok := out.open.(*diffOverlay)
	if !ok || m.overlay != nil {
		t.Fatalf("the owner opened %T and the root has %T", out.open, m.overlay)
	}
	loaded := only[diffLoadedMsg](t, runCmd(t, cmd))
	if loaded.err != nil || len(loaded.files) != 1 {
		t.Fatalf("the diff read %+v", loaded)
	}
	o.update(loaded)
	cmd, out = o.update(diffview.RequestMsg{Op: diffview.OpStageFile, File: loaded.files[0]})
	if out.close || out.open != nil || len(out.do) != 0 {
		t.Fatalf("staging asked the root for %+v", out)
	}
	staged := only[stagedMsg](t, runCmd(t, cmd))
	if staged.err != nil || staged.ws != ws {
		t.Fatalf("stage answered %+v", staged)
	}
	if got := gitIn(t, rec.Root, "diff", "--cached", "--name-only"); got != "notes.txt" {
		t.Fatalf("staged %q", got)
	}
	sc.open = o
	cmd, out = r.Update(staged, sc)
	if len(out.do) != 1 || out.do[0] != (reviewRefreshReq{}) {
		t.Fatalf("after a stage the owner asked %+v", out)
	}
	again := only[diffLoadedMsg](t, runCmd(t, cmd))
	if again.gen != o.gen || again.gen == loaded.gen {
		t.Fatalf("the reload is read %d, the viewer waits for %d (first %d)", again.gen, o.gen, loaded.gen)
	}
	// The first read's answer, arriving late, changes nothing.
	if c, _ := o.update(loaded); c != nil {
		t.Fatal("a stale read was taken")
	}
	// A failed stage shows on the viewer's own row; with no viewer, as a notice.
	fail := stagedMsg{ws: ws, err: errors.New("index.lock exists")}
	if _, out := r.Update(fail, sc); out.say != "" || !strings.Contains(o.note, "index.lock") {
		t.Fatalf("a failure with the viewer open: note %q, outcome %+v", o.note, out)
	}
	sc.open = nil
	if _, out := r.Update(fail, sc); out.sayLevel != levelError || !strings.Contains(out.say, "stage: index.lock") {
		t.Fatalf("a failure without the viewer: %+v", out)
	}
}

// The viewer's close goes back to where it was opened from, and e asks the
// root for an editor tab without closing anything itself.
func TestTheViewerClosesBackAndAsksForTheEditor(t *testing.T) {
	m := newTestModel(t, 120, 40)
	r := &m.review
	list := r.conflictDialog("1111111111111111", "merge", []string{"README.md"}, m.reviewScene())
	_, out := r.Update(showConflictReq{ws: "1111111111111111", path: "README.md", inMain: true, back: list}, m.reviewScene())
	o := out.open.(*diffOverlay)
	if o.req.Mode != git.DiffConflict || !o.req.InMain || o.back != modal(list) {
		t.Fatalf("the conflict's viewer: %+v", o.req)
	}
	_, out = o.update(diffview.RequestMsg{Op: diffview.OpOpenEditor, File: udiff.File{NewPath: "README.md"}})
	if out.close || len(out.do) != 1 || out.do[0] != (editorReq{ws: "1111111111111111", path: "README.md", inMain: true}) {
		t.Fatalf("e asked %+v", out)
	}
	_, out = o.update(diffview.RequestMsg{Op: diffview.OpStageHunk})
	if !strings.Contains(o.note, "marks it resolved") || out.open != nil {
		t.Fatalf("a conflict's hunk staged: note %q", o.note)
	}
	if _, out = o.update(diffview.RequestMsg{Op: diffview.OpClose}); out.open != modal(list) {
		t.Fatalf("close went to %T, not the list", out.open)
	}
	o.back = nil
	if _, out = o.update(diffview.RequestMsg{Op: diffview.OpClose}); !out.close || out.open != nil {
		t.Fatalf("close with nothing behind: %+v", out)
	}
}

// The commit dialog opens only for the workspace still selected with
// nothing else open, commits for real through the service, and a done
// commit closes it with a notice and the sidebar's refresh.
func TestTheCommitDialogCommitsAndClosesThroughItsOutcome(t *testing.T) {
	m, rec := realWorkspace(t, 120, 40)
	ws := rec.WorkspaceID()
	gitIn(t, rec.Root, "add", "notes.txt")
	r := &m.review
	sc := m.reviewScene()
	ready := only[commitReadyMsg](t, runCmd(t, r.openCommit(ws)))
	if ready.err != nil || strings.TrimSpace(ready.last) != "notes" || ready.staged != "1 staged" {
		t.Fatalf("ready %+v", ready)
	}
	for _, c := range []struct {
		name string
		sc   func(reviewScene) reviewScene
	}{
		{"another workspace selected", func(s reviewScene) reviewScene { s.selected = "x"; return s }},
		{"a dialog open", func(s reviewScene) reviewScene { s.open = &finishOverlay{}; return s }},
	} {
		if _, out := r.Update(ready, c.sc(sc)); out.open != nil {
			t.Errorf("%s: the dialog opened", c.name)
		}
	}
	if _, out := r.Update(commitReadyMsg{ws: ws, err: errors.New("no HEAD")}, sc); out.sayLevel != levelError {
		t.Errorf("a failed read: %+v", out)
	}
	_, out := r.Update(ready, sc)
	d, ok := out.open.(*commitOverlay)
	if !ok {
		t.Fatalf("opened %T", out.open)
	}
	for _, k := range "second" {
		d.update(tea.KeyPressMsg{Code: k, Text: string(k)})
	}
	cmd, _ := d.update(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if cmd == nil || !d.running {
		t.Fatal("ctrl+s did not commit")
	}
	if c, out := d.update(press("x")); c != nil || out.close {
		t.Fatal("a key while committing did something")
	}
	done := only[commitDoneMsg](t, runCmd(t, cmd))
	if done.err != nil {
		t.Fatal(done.err)
	}
	if got := gitIn(t, rec.Root, "log", "-1", "--format=%s"); got != "second" {
		t.Fatalf("the tip is %q", got)
	}
	_, out = d.update(done)
	if !out.close || out.say != "committed" || len(out.do) != 1 || out.do[0] != (reviewRefreshReq{}) {
		t.Fatalf("a done commit asked %+v", out)
	}
	_, out = d.update(commitDoneMsg{ws: ws, err: errors.New("nothing to commit")})
	if out.close || !strings.Contains(d.dlg.View(), "nothing to commit") {
		t.Fatalf("a refused commit closed (%+v) or hid git's reason", out)
	}
}

// How a landing ended decides where its conflicts are listed: the
// sidebar's Changes when it shows the workspace, else a list of its own.
func TestALandingsEndIsSaidAndItsConflictsListed(t *testing.T) {
	m := newTestModel(t, 120, 40)
	r := &m.review
	const ws = "1111111111111111"
	stopped := workspace.Review{Landing: "merge", Conflicts: []string{"a.go", "b.go"}}
	conflict := landDoneMsg{ws: ws, how: "merge", err: git.ErrMergeConflict, review: stopped, reviewed: true}
	for _, c := range []struct {
		name     string
		msg      landDoneMsg
		sideOn   string
		open     overlay
		say      string
		level    noticeLevel
		list     bool
		inSide   bool
		knownYet bool
	}{
		{"in the sidebar", conflict, ws, nil, "listed in Changes", levelWarn, false, true, true},
		{"sidebar hidden", conflict, "", nil, "stopped on conflicts in a.go, b.go", levelWarn, true, true, true},
		{"sidebar hidden, a dialog open", conflict, "", &finishOverlay{}, "stopped on conflicts", levelWarn, false, true, true},
		{"failed, no review", landDoneMsg{ws: ws, how: "rebase", err: errors.New("boom")}, "", nil, "rebase: boom", levelError, false, false, false},
		{"done", landDoneMsg{ws: ws, how: "merge", reviewed: true}, ws, nil, "merge done", levelInfo, false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := m.reviewScene()
			sc.sideOn, sc.open = c.sideOn, c.open
			_, out := r.Update(c.msg, sc)
			if !strings.Contains(out.say, c.say) || out.sayLevel != c.level {
				t.Errorf("said %q at %v", out.say, out.sayLevel)
			}
			if _, isList := out.open.(*conflictOverlay); isList != c.list {
				t.Errorf("opened %T", out.open)
			}
			seen := only[landingSeenReq](t, out.do)
			if seen.known != c.knownYet || seen.ws != ws {
				t.Errorf("landing seen %+v", seen)
			}
			only[reviewRefreshReq](t, out.do)
			var inSide bool
			for _, d := range out.do {
				_, ok := d.(conflictsInSideReq)
				inSide = inSide || ok
			}
			if inSide != c.inSide {
				t.Errorf("conflicts in the sidebar asked: %v", inSide)
			}
		})
	}
}

// The conflict list's keys: a file's shows its conflict (coming back to
// the list), the finish key asks the owner for the finish question, the
// abort key aborts for real.
func TestTheConflictListsKeysAskTheOwner(t *testing.T) {
	m := newTestModel(t, 120, 40)
	r := &m.review
	const ws = "1111111111111111"
	files := make([]string, 12)
	for i := range files {
		files[i] = "f" + string(rune('a'+i)) + ".go"
	}
	list := r.conflictDialog(ws, "rebase", files, m.reviewScene())
	if len(list.files) != conflictKeys || !strings.Contains(list.view(80, 30), "… and 3 more") {
		t.Fatalf("%d files with a key:\n%s", len(list.files), list.view(80, 30))
	}
	_, out := list.update(press("2"))
	if q := only[showConflictReq](t, out.do); q.path != "fb.go" || q.inMain || q.back != modal(list) || out.close {
		t.Fatalf("2 asked %+v", out)
	}
	_, out = list.update(press(m.keyName(actFinishLanding)))
	if q := only[finishReq](t, out.do); !out.close || q != (finishReq{ws: ws, how: "rebase"}) {
		t.Fatalf("the finish key asked %+v", out)
	}
	cmd, out := list.update(press(m.keyName(actAbortLanding)))
	if !out.close || out.say != "abort running…" || cmd == nil {
		t.Fatalf("the abort key asked %+v", out)
	}
	if done := only[landDoneMsg](t, runCmd(t, cmd)); done.how != "abort" || done.err == nil {
		t.Fatalf("aborting a workspace the engine does not know: %+v", done)
	}
	if _, out = list.update(press("esc")); !out.close {
		t.Fatal("esc did not close the list")
	}
}

// Marking a file resolved: the conflict's viewer gives way to the list,
// the list shows what is left, none left asks to finish; a refusal stays
// on the viewer's row.
func TestMarkingResolvedMovesToWhatIsLeft(t *testing.T) {
	m := newTestModel(t, 120, 40)
	r := &m.review
	const ws = "1111111111111111"
	sc := m.reviewScene()
	viewerOver := func(back modal) *diffOverlay {
		_, out := r.Update(showConflictReq{ws: ws, path: "a.go", back: back}, sc)
		return out.open.(*diffOverlay)
	}
	left := workspace.Review{Landing: "rebase", Conflicts: []string{"b.go"}}
	none := workspace.Review{Landing: "rebase"}

	sc.open = viewerOver(r.conflictDialog(ws, "rebase", []string{"a.go", "b.go"}, sc))
	_, out := r.Update(resolvedMsg{ws: ws, path: "a.go", review: left, reviewed: true}, sc)
	if l, ok := out.open.(*conflictOverlay); !ok || len(l.files) != 1 || l.files[0] != "b.go" {
		t.Fatalf("one left: opened %T", out.open)
	}
	if seen := only[landingSeenReq](t, out.do); !seen.inSide || !seen.known {
		t.Fatalf("the review is not shown: %+v", seen)
	}

	sc.open = viewerOver(r.conflictDialog(ws, "rebase", []string{"b.go"}, sc))
	_, out = r.Update(resolvedMsg{ws: ws, path: "b.go", review: none, reviewed: true}, sc)
	if f, ok := out.open.(*finishOverlay); !ok || f.how != "rebase" || len(f.steps) != 4 {
		t.Fatalf("none left: opened %T", out.open)
	}

	sc.open = viewerOver(nil)
	_, out = r.Update(resolvedMsg{ws: ws, path: "b.go", review: workspace.Review{}, reviewed: true}, sc)
	if !out.close || out.open != nil || out.say != "b.go marked resolved" {
		t.Fatalf("a landing already gone: %+v", out)
	}

	v := viewerOver(nil)
	sc.open = v
	_, out = r.Update(resolvedMsg{ws: ws, path: "a.go", err: git.ErrUnresolved}, sc)
	if out.close || out.open != nil || !strings.Contains(v.note, "mark resolved") {
		t.Fatalf("a refusal left the viewer: %+v, note %q", out, v.note)
	}

	sc.open = nil
	_, out = r.Update(resolvedMsg{ws: ws, path: "a.go", review: none, reviewed: true}, sc)
	if _, ok := out.open.(*finishOverlay); !ok {
		t.Fatalf("from Changes, none left: opened %T", out.open)
	}
}

// The finish question runs what was picked and closes; the finish key's
// read opens it only for a landing still stopped.
func TestTheFinishQuestion(t *testing.T) {
	m := newTestModel(t, 120, 40)
	r := &m.review
	const ws = "1111111111111111"
	sc := m.reviewScene()
	sc.selected = ws
	stopped := workspace.Review{Landing: "merge", Conflicts: []string{"a.go"}}
	_, out := r.Update(finishReadyMsg{ws: ws, review: stopped}, sc)
	f, ok := out.open.(*finishOverlay)
	if !ok || !strings.Contains(f.view(80, 30), "Still conflicting: a.go") || len(f.steps) != 3 {
		t.Fatalf("the question: %T", out.open)
	}
	if _, out := r.Update(finishReadyMsg{ws: ws}, sc); out.open != nil || !strings.Contains(out.say, "no merge or rebase") {
		t.Fatalf("nothing stopped: %+v", out)
	}
	sc.selected = "other"
	if _, out := r.Update(finishReadyMsg{ws: ws, review: stopped}, sc); out.open != nil {
		t.Fatal("opened for a workspace no longer selected")
	}
	f.update(tea.KeyPressMsg{Code: tea.KeyDown})
	f.update(tea.KeyPressMsg{Code: tea.KeyDown})
	if c, out := f.update(tea.KeyPressMsg{Code: tea.KeyEnter}); c != nil || !out.close {
		t.Fatalf("not now: %+v", out)
	}
	f.choice = r.finishDialog(ws, "merge", nil, sc.th).choice
	cmd, out := f.update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if !out.close || out.say != "merge continuing…" || cmd == nil {
		t.Fatalf("continue: %+v", out)
	}
}

// The finish request carries no conflicts: the owner takes them from the
// landing last seen.
func TestTheFinishRequestUsesTheLandingLastSeen(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.noteLanding("1111111111111111", workspace.Review{Landing: "merge", Conflicts: []string{"x.go"}})
	_, out := m.review.Update(finishReq{ws: "1111111111111111", how: "merge"}, m.reviewScene())
	if f, ok := out.open.(*finishOverlay); !ok || !strings.Contains(f.view(80, 30), "x.go") {
		t.Fatalf("opened %T", out.open)
	}
}

// Through the root: the diff key opens the viewer, a Project-tree file
// opens read-only, and the editor request opens a tab from the main
// checkout, closing the viewer.
func TestTheRootAppliesTheReviewOwnersOutcomes(t *testing.T) {
	m, rec := realWorkspace(t, 120, 40)
	settle(t, m, m.openWorkspaceDiff())
	o, ok := m.overlay.(*diffOverlay)
	if !ok || o.readOnly || !o.cycles {
		t.Fatalf("the diff key opened %T", m.overlay)
	}
	if v := screenText(m); !strings.Contains(v, "two changed") {
		t.Fatalf("the viewer does not show the change:\n%s", v)
	}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if o.width != 100 || o.height != 30 {
		t.Fatalf("the viewer is %d×%d after a resize", o.width, o.height)
	}
	m.Update(editorReq{ws: "nope", path: "x"})
	if m.overlay == nil || !strings.Contains(m.notice.text, "not loaded") {
		t.Fatalf("an editor for an unknown workspace: overlay %T, notice %q", m.overlay, m.notice.text)
	}
	if err := os.WriteFile(filepath.Join(rec.Root, "new.txt"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	settle(t, m, m.openFileView(rec.WorkspaceID(), "new.txt"))
	if o, ok := m.overlay.(*diffOverlay); !ok || !o.readOnly || o.modeLabel() != "read-only" {
		t.Fatalf("a tree file opened %T", m.overlay)
	}
}
