package review

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/git"
	"amux.dev/amux/workspace"
)

// How a landing ended decides where its conflicts are listed: the
// sidebar's Changes when it shows the workspace, else a list of its own.
func TestALandingsEndIsSaidAndItsConflictsListed(t *testing.T) {
	r := testOwner(t, nil)
	const ws = "1111111111111111"
	stopped := workspace.Review{Landing: "merge", Conflicts: []string{"a.go", "b.go"}}
	conflict := landDoneMsg{ws: ws, how: "merge", err: git.ErrMergeConflict, review: stopped, reviewed: true}
	for _, c := range []struct {
		name     string
		msg      landDoneMsg
		sideOn   string
		open     modal.Modal
		say      string
		level    modal.Level
		list     bool
		inSide   bool
		knownYet bool
	}{
		{"in the sidebar", conflict, ws, nil, "listed in Changes", modal.LevelWarn, false, true, true},
		{"sidebar hidden", conflict, "", nil, "stopped on conflicts in a.go, b.go", modal.LevelWarn, true, true, true},
		{"sidebar hidden, a dialog open", conflict, "", &finishOverlay{}, "stopped on conflicts", modal.LevelWarn, false, true, true},
		{"failed, no review", landDoneMsg{ws: ws, how: "rebase", err: errors.New("boom")}, "", nil, "rebase: boom", modal.LevelError, false, false, false},
		{"done", landDoneMsg{ws: ws, how: "merge", reviewed: true}, ws, nil, "merge done", modal.LevelInfo, false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := testScene(t)
			sc.SideOn, sc.Open = c.sideOn, c.open
			_, out := r.Update(c.msg, sc)
			if !strings.Contains(out.Say, c.say) || out.SayLevel != c.level {
				t.Errorf("said %q at %v", out.Say, out.SayLevel)
			}
			if _, isList := out.Open.(*conflictOverlay); isList != c.list {
				t.Errorf("opened %T", out.Open)
			}
			seen := only[LandingSeen](t, out.Do)
			if seen.Known != c.knownYet || seen.WS != ws {
				t.Errorf("landing seen %+v", seen)
			}
			only[scene.Reload](t, out.Do)
			var inSide bool
			for _, d := range out.Do {
				_, ok := d.(ConflictsInSide)
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
	r := testOwner(t, nil)
	const ws = "1111111111111111"
	files := make([]string, 12)
	for i := range files {
		files[i] = "f" + string(rune('a'+i)) + ".go"
	}
	list := r.conflictDialog(ws, "rebase", files, testScene(t))
	if len(list.files) != conflictKeys || !strings.Contains(list.View(80, 30), "… and 3 more") {
		t.Fatalf("%d files with a key:\n%s", len(list.files), list.View(80, 30))
	}
	_, out := list.Update(press("2"))
	if q := only[showConflictReq](t, out.Do); q.path != "fb.go" || q.inMain || q.back != modal.Modal(list) || out.Close {
		t.Fatalf("2 asked %+v", out)
	}
	_, out = list.Update(press(r.keyName(ActFinishLanding)))
	if q := only[finishReq](t, out.Do); !out.Close || q != (finishReq{ws: ws, how: "rebase"}) {
		t.Fatalf("the finish key asked %+v", out)
	}
	cmd, out := list.Update(press(r.keyName(ActAbortLanding)))
	if !out.Close || out.Say != "abort running…" || cmd == nil {
		t.Fatalf("the abort key asked %+v", out)
	}
	if done := only[landDoneMsg](t, runCmd(t, cmd)); done.how != "abort" || done.err == nil {
		t.Fatalf("aborting a workspace the engine does not know: %+v", done)
	}
	if _, out = list.Update(press("esc")); !out.Close {
		t.Fatal("esc did not close the list")
	}
}

// Marking a file resolved: the conflict's viewer gives way to the list,
// the list shows what is left, none left asks to finish; a refusal stays
// on the viewer's row.
func TestMarkingResolvedMovesToWhatIsLeft(t *testing.T) {
	r := testOwner(t, nil)
	const ws = "1111111111111111"
	sc := testScene(t)
	viewerOver := func(back modal.Modal) *diffOverlay {
		_, out := r.Update(showConflictReq{ws: ws, path: "a.go", back: back}, sc)
		return out.Open.(*diffOverlay)
	}
	left := workspace.Review{Landing: "rebase", Conflicts: []string{"b.go"}}
	none := workspace.Review{Landing: "rebase"}

	sc.Open = viewerOver(r.conflictDialog(ws, "rebase", []string{"a.go", "b.go"}, sc))
	_, out := r.Update(resolvedMsg{ws: ws, path: "a.go", review: left, reviewed: true}, sc)
	if l, ok := out.Open.(*conflictOverlay); !ok || len(l.files) != 1 || l.files[0] != "b.go" {
		t.Fatalf("one left: opened %T", out.Open)
	}
	if seen := only[LandingSeen](t, out.Do); !seen.InSide || !seen.Known {
		t.Fatalf("the review is not shown: %+v", seen)
	}

	sc.Open = viewerOver(r.conflictDialog(ws, "rebase", []string{"b.go"}, sc))
	_, out = r.Update(resolvedMsg{ws: ws, path: "b.go", review: none, reviewed: true}, sc)
	if f, ok := out.Open.(*finishOverlay); !ok || f.how != "rebase" || len(f.steps) != 4 {
		t.Fatalf("none left: opened %T", out.Open)
	}

	sc.Open = viewerOver(nil)
	_, out = r.Update(resolvedMsg{ws: ws, path: "b.go", review: workspace.Review{}, reviewed: true}, sc)
	if !out.Close || out.Open != nil || out.Say != "b.go marked resolved" {
		t.Fatalf("a landing already gone: %+v", out)
	}

	v := viewerOver(nil)
	sc.Open = v
	_, out = r.Update(resolvedMsg{ws: ws, path: "a.go", err: git.ErrUnresolved}, sc)
	if out.Close || out.Open != nil || !strings.Contains(v.note, "mark resolved") {
		t.Fatalf("a refusal left the viewer: %+v, note %q", out, v.note)
	}

	sc.Open = nil
	_, out = r.Update(resolvedMsg{ws: ws, path: "a.go", review: none, reviewed: true}, sc)
	if _, ok := out.Open.(*finishOverlay); !ok {
		t.Fatalf("from Changes, none left: opened %T", out.Open)
	}
}

// The finish question runs what was picked and closes; the finish key's
// read opens it only for a landing still stopped.
func TestTheFinishQuestion(t *testing.T) {
	r := testOwner(t, nil)
	const ws = "1111111111111111"
	sc := testScene(t)
	sc.Selected = ws
	stopped := workspace.Review{Landing: "merge", Conflicts: []string{"a.go"}}
	_, out := r.Update(finishReadyMsg{ws: ws, review: stopped}, sc)
	f, ok := out.Open.(*finishOverlay)
	if !ok || !strings.Contains(f.View(80, 30), "Still conflicting: a.go") || len(f.steps) != 3 {
		t.Fatalf("the question: %T", out.Open)
	}
	if _, out := r.Update(finishReadyMsg{ws: ws}, sc); out.Open != nil || !strings.Contains(out.Say, "no merge or rebase") {
		t.Fatalf("nothing stopped: %+v", out)
	}
	sc.Selected = "other"
	if _, out := r.Update(finishReadyMsg{ws: ws, review: stopped}, sc); out.Open != nil {
		t.Fatal("opened for a workspace no longer selected")
	}
	f.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	f.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if c, out := f.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); c != nil || !out.Close {
		t.Fatalf("not now: %+v", out)
	}
	f.choice = r.finishDialog(ws, "merge", nil, sc.Theme).choice
	cmd, out := f.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if !out.Close || out.Say != "merge continuing…" || cmd == nil {
		t.Fatalf("continue: %+v", out)
	}
}

// The finish request carries no conflicts: the owner takes them from the
// landing last seen.
func TestTheFinishRequestUsesTheLandingLastSeen(t *testing.T) {
	r, sc := testOwner(t, nil), testScene(t)
	sc.Landings["1111111111111111"] = scene.Landing{How: "merge", Conflicts: []string{"x.go"}}
	_, out := r.Update(finishReq{ws: "1111111111111111", how: "merge"}, sc)
	if f, ok := out.Open.(*finishOverlay); !ok || !strings.Contains(f.View(80, 30), "x.go") {
		t.Fatalf("opened %T", out.Open)
	}
}
