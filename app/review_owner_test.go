package app

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/git"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/diffview"
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
	o, ok := out.Open.(*diffOverlay)
	if !ok || m.overlay != nil {
		t.Fatalf("the owner opened %T and the root has %T", out.Open, m.overlay)
	}
	loaded := only[diffLoadedMsg](t, runCmd(t, cmd))
	if loaded.err != nil || len(loaded.files) != 1 {
		t.Fatalf("the diff read %+v", loaded)
	}
	o.Update(loaded)
	cmd, out = o.Update(diffview.RequestMsg{Op: diffview.OpStageFile, File: loaded.files[0]})
	if out.Close || out.Open != nil || len(out.Do) != 0 {
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
	if len(out.Do) != 1 || out.Do[0] != (scene.Reload{Changes: true}) {
		t.Fatalf("after a stage the owner asked %+v", out)
	}
	again := only[diffLoadedMsg](t, runCmd(t, cmd))
	if again.gen != o.gen || again.gen == loaded.gen {
		t.Fatalf("the reload is read %d, the viewer waits for %d (first %d)", again.gen, o.gen, loaded.gen)
	}
	// The first read's answer, arriving late, changes nothing.
	if c, _ := o.Update(loaded); c != nil {
		t.Fatal("a stale read was taken")
	}
	// A failed stage shows on the viewer's own row; with no viewer, as a notice.
	fail := stagedMsg{ws: ws, err: errors.New("index.lock exists")}
	if _, out := r.Update(fail, sc); out.Say != "" || !strings.Contains(o.note, "index.lock") {
		t.Fatalf("a failure with the viewer open: note %q, outcome %+v", o.note, out)
	}
	sc.open = nil
	if _, out := r.Update(fail, sc); out.SayLevel != modal.LevelError || !strings.Contains(out.Say, "stage: index.lock") {
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
	o := out.Open.(*diffOverlay)
	if o.req.Mode != git.DiffConflict || !o.req.InMain || o.back != modal.Modal(list) {
		t.Fatalf("the conflict's viewer: %+v", o.req)
	}
	_, out = o.Update(diffview.RequestMsg{Op: diffview.OpOpenEditor, File: udiff.File{NewPath: "README.md"}})
	if out.Close || len(out.Do) != 1 || out.Do[0] != (editorReq{ws: "1111111111111111", path: "README.md", inMain: true}) {
		t.Fatalf("e asked %+v", out)
	}
	_, out = o.Update(diffview.RequestMsg{Op: diffview.OpStageHunk})
	if !strings.Contains(o.note, "marks it resolved") || out.Open != nil {
		t.Fatalf("a conflict's hunk staged: note %q", o.note)
	}
	if _, out = o.Update(diffview.RequestMsg{Op: diffview.OpClose}); out.Open != modal.Modal(list) {
		t.Fatalf("close went to %T, not the list", out.Open)
	}
	o.back = nil
	if _, out = o.Update(diffview.RequestMsg{Op: diffview.OpClose}); !out.Close || out.Open != nil {
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
		if _, out := r.Update(ready, c.sc(sc)); out.Open != nil {
			t.Errorf("%s: the dialog opened", c.name)
		}
	}
	if _, out := r.Update(commitReadyMsg{ws: ws, err: errors.New("no HEAD")}, sc); out.SayLevel != modal.LevelError {
		t.Errorf("a failed read: %+v", out)
	}
	_, out := r.Update(ready, sc)
	d, ok := out.Open.(*commitOverlay)
	if !ok {
		t.Fatalf("opened %T", out.Open)
	}
	for _, k := range "second" {
		d.Update(tea.KeyPressMsg{Code: k, Text: string(k)})
	}
	cmd, _ := d.Update(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if cmd == nil || !d.running {
		t.Fatal("ctrl+s did not commit")
	}
	if c, out := d.Update(press("x")); c != nil || out.Close {
		t.Fatal("a key while committing did something")
	}
	done := only[commitDoneMsg](t, runCmd(t, cmd))
	if done.err != nil {
		t.Fatal(done.err)
	}
	if got := gitIn(t, rec.Root, "log", "-1", "--format=%s"); got != "second" {
		t.Fatalf("the tip is %q", got)
	}
	_, out = d.Update(done)
	if !out.Close || out.Say != "committed" || len(out.Do) != 1 || out.Do[0] != (scene.Reload{Changes: true}) {
		t.Fatalf("a done commit asked %+v", out)
	}
	_, out = d.Update(commitDoneMsg{ws: ws, err: errors.New("nothing to commit")})
	if out.Close || !strings.Contains(d.dlg.View(), "nothing to commit") {
		t.Fatalf("a refused commit closed (%+v) or hid git's reason", out)
	}
}

// Through the root: the diff key opens the viewer, a Project-tree file
// opens read-only, and the editor request opens a tab from the main
// checkout, closing the viewer.
func TestTheRootAppliesTheReviewOwnersOutcomes(t *testing.T) {
	m, rec := realWorkspace(t, 120, 40)
	settle(t, m, m.applyOwned(m.review.workspaceDiff(m.reviewScene())))
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
	settle(t, m, m.update(openFileViewRequest{ws: rec.WorkspaceID(), path: "new.txt"}))
	if o, ok := m.overlay.(*diffOverlay); !ok || !o.readOnly || o.modeLabel() != "read-only" {
		t.Fatalf("a tree file opened %T", m.overlay)
	}
}
