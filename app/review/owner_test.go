package review

import (
	"errors"
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

// The viewer is a modal: opened by the owner over a real repository, it
// reads its diff, stages a file through the review service itself, and
// the owner answers the stage with a reload and the sidebar's refresh;
// the root is asked, never touched.
func TestTheViewerStagesThroughTheServiceAndTheOwnerReloadsIt(t *testing.T) {
	r, sc, rec := realWorkspace(t)
	ws := rec.WorkspaceID()
	cmd, out := r.fileDiff(ws, changes.File{Path: "notes.txt"}, changes.Unstaged, sc)
	o, ok := out.Open.(*diffOverlay)
	if !ok {
		t.Fatalf("the owner opened %T", out.Open)
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
	sc.Open = o
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
	sc.Open = nil
	if _, out := r.Update(fail, sc); out.SayLevel != modal.LevelError || !strings.Contains(out.Say, "stage: index.lock") {
		t.Fatalf("a failure without the viewer: %+v", out)
	}
}

// The viewer's close goes back to where it was opened from, and e asks the
// root for an editor tab without closing anything itself.
func TestTheViewerClosesBackAndAsksForTheEditor(t *testing.T) {
	r, sc := testOwner(t, nil), testScene(t)
	list := r.conflictDialog("1111111111111111", "merge", []string{"README.md"}, sc)
	_, out := r.Update(showConflictReq{ws: "1111111111111111", path: "README.md", inMain: true, back: list}, sc)
	o := out.Open.(*diffOverlay)
	if o.req.Mode != git.DiffConflict || !o.req.InMain || o.back != modal.Modal(list) {
		t.Fatalf("the conflict's viewer: %+v", o.req)
	}
	_, out = o.Update(diffview.RequestMsg{Op: diffview.OpOpenEditor, File: udiff.File{NewPath: "README.md"}})
	if out.Close || len(out.Do) != 1 || out.Do[0] != (scene.Editor{WS: "1111111111111111", Path: "README.md", InMain: true}) {
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
	r, sc, rec := realWorkspace(t)
	ws := rec.WorkspaceID()
	gitIn(t, rec.Root, "add", "notes.txt")
	ready := only[commitReadyMsg](t, runCmd(t, r.OpenCommit(ws)))
	if ready.err != nil || strings.TrimSpace(ready.last) != "notes" || ready.staged != "1 staged" {
		t.Fatalf("ready %+v", ready)
	}
	for _, c := range []struct {
		name string
		sc   func(Scene) Scene
	}{
		{"another workspace selected", func(s Scene) Scene { s.Selected = "x"; return s }},
		{"a dialog open", func(s Scene) Scene { s.Open = &finishOverlay{}; return s }},
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
