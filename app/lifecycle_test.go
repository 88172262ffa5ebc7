package app

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/ui/projectlist"
	"amux.dev/amux/workspace"
)

// Every dialog of the lifecycle is a modal: none takes the root.
var (
	_ modal = (*createOverlay)(nil)
	_ modal = (*teardownOverlay)(nil)
	_ modal = (*approveOverlay)(nil)
	_ modal = (*addProjectOverlay)(nil)
	_ modal = (*projectEditOverlay)(nil)
)

// testOwner is a lifecycle owner over a real engine, as the root builds it.
func testOwner(t *testing.T) *lifecycleOwner {
	t.Helper()
	m := New(withEngine(Deps{Config: config.Defaults()}, testEngine(t)))
	return m.life
}

// reloadOf is the reloadReq an outcome asks for, if any.
func reloadOf(out outcome) (reloadReq, bool) {
	for _, r := range out.do {
		if rl, ok := r.(reloadReq); ok {
			return rl, true
		}
	}
	return reloadReq{}, false
}

func TestRecoveryIsSaidAndReloadsOnlyWhenItDidSomething(t *testing.T) {
	for _, tc := range []struct {
		name   string
		msg    recoveredMsg
		say    string
		level  noticeLevel
		reload bool
	}{
		{"nothing to do", recoveredMsg{}, "", levelInfo, false},
		{"finished a delete", recoveredMsg{report: workspace.RecoveryReport{Finished: []string{"a"}}},
			"finished 1 interrupted delete", levelInfo, true},
		{"failed", recoveredMsg{err: errors.New("disk gone")}, "startup recovery: disk gone", levelError, false},
		{"pending", recoveredMsg{report: workspace.RecoveryReport{Failed: map[string]error{"b": errors.New("x")}}},
			"cleanup still pending for [b]", levelWarn, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd, out := testOwner(t).Update(tc.msg, nil)
			if cmd != nil || out.close || out.open != nil {
				t.Fatalf("recovery asked for more than words and a reload: %+v", out)
			}
			if !strings.HasPrefix(out.say, tc.say) || out.sayLevel != tc.level {
				t.Errorf("said %q at %v, want %q at %v", out.say, out.sayLevel, tc.say, tc.level)
			}
			if _, ok := reloadOf(out); ok != tc.reload {
				t.Errorf("reload %v, want %v", ok, tc.reload)
			}
		})
	}
}

// The end of a teardown frees its row whether its dialog is shown or not,
// and asks for a reload that recomputes the trees' state.
func TestTheEndOfATeardownFreesItsRowAndSaysHowItEnded(t *testing.T) {
	for _, tc := range []struct {
		name  string
		msg   teardownDoneMsg
		say   string
		level noticeLevel
	}{
		{"deleted", teardownDoneMsg{id: "w1", name: "a"}, "deleted workspace a", levelInfo},
		{"shelved with a note", teardownDoneMsg{id: "w1", name: "a", shelve: true, note: "its branch has unmerged commits and was kept"},
			"shelved workspace a (its branch has unmerged commits and was kept)", levelWarn},
		{"failed", teardownDoneMsg{id: "w1", name: "a", err: errors.New("busy tree")}, "a: busy tree", levelError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := testOwner(t)
			l.busy["w1"] = "Deleting…"
			_, out := l.Update(tc.msg, nil)
			if l.running() {
				t.Fatal("the row stays busy")
			}
			if out.say != tc.say || out.sayLevel != tc.level {
				t.Errorf("said %q at %v, want %q at %v", out.say, out.sayLevel, tc.say, tc.level)
			}
			if r, ok := reloadOf(out); !ok || !r.dirty {
				t.Errorf("no reload recomputing the trees: %+v", out.do)
			}
		})
	}
}

// A teardown's progress reaches only its own dialog: a result of another
// operation changes nothing.
func TestTeardownProgressOfAnotherOperationIsDropped(t *testing.T) {
	l := testOwner(t)
	_, out := l.openTeardown(modalKit{}, "w1", "a", workspace.Record{Name: "a", Branch: "a"}, "no sessions (none is running)", false)
	o := out.open.(*teardownOverlay)
	o.update(atRiskMsg{gen: o.gen})
	if o.confirm == nil {
		t.Fatal("a clean tree did not lead to the typed confirm")
	}
	for _, r := range "a" {
		o.update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	wait, started := o.update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if wait == nil || len(started.do) != 1 {
		t.Fatalf("the confirm did not ask the owner to run it: %+v", started)
	}
	req := started.do[0].(teardownReq)
	if req.id != "w1" || req.op != o.op || req.dirty != workspace.DirtyRefuse {
		t.Fatalf("request %+v", req)
	}
	o.update(teardownProgressMsg{op: o.op + 1, events: []StepEvent{{Step: o.steps.Steps[0].Name, Done: true}}})
	if o.stepDone(o.steps.Steps[0].Name) {
		t.Fatal("another operation's progress was taken")
	}
	o.update(teardownProgressMsg{op: o.op, events: []StepEvent{{Step: o.steps.Steps[0].Name, Done: true}}})
	if !o.stepDone(o.steps.Steps[0].Name) {
		t.Fatal("its own progress was not shown")
	}
}

func TestARestoreAsksForItsSetupApprovalOnlyOverNoDialog(t *testing.T) {
	rec := workspace.Record{ID: "w1", Name: "old", Root: "/tmp/old"}
	ue := &workspace.UntrustedError{Script: workspace.Script{Kind: workspace.KindSetup, Commands: []string{"make deps"}}}
	msg := restoredMsg{id: rec.WorkspaceID(), name: "old", rec: rec, setupErr: ue}

	l := testOwner(t)
	l.busy[msg.id] = "restoring…"
	_, out := l.Update(msg, nil)
	a, ok := out.open.(*approveOverlay)
	if !ok || l.running() {
		t.Fatalf("over no dialog the approval was not asked (%T), or the row stays busy", out.open)
	}
	if got := a.view(100, 30); !strings.Contains(got, "make deps") {
		t.Fatalf("the question does not show the script:\n%s", got)
	}
	_, yes := a.update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if !yes.close || len(yes.do) != 1 || yes.do[0].(restoreSetupReq).rec.Name != "old" {
		t.Fatalf("approving did not ask the owner to run the setup: %+v", yes)
	}
	_, no := l.restoreApproval(rec, ue).update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if !no.close || no.sayLevel != levelWarn || !strings.Contains(no.say, "old: restored, but") {
		t.Fatalf("declining: %+v", no)
	}

	_, out = testOwner(t).Update(msg, &helpOverlay{})
	if out.open != nil || out.sayLevel != levelWarn || !strings.Contains(out.say, "waits for your approval") {
		t.Fatalf("a dialog the person opened was taken away, or nothing said how to approve: %+v", out)
	}
}

func TestRestoreProgressNamesTheLatestStepOnTheRow(t *testing.T) {
	l := testOwner(t)
	p := newPump[string](1)
	_, out := l.Update(restoreProgressMsg{id: "w1", p: p, latest: []string{"x"}}, nil)
	if len(out.do) != 0 || l.running() {
		t.Fatal("progress of a restore that ended was taken")
	}
	l.busy["w1"] = "restoring…"
	cmd, out := l.Update(restoreProgressMsg{id: "w1", p: p, latest: []string{"restoring: worktree back"}}, nil)
	if l.busy["w1"] != "restoring: worktree back" || len(out.do) != 1 || out.do[0] != (lifeRows{}) || cmd == nil {
		t.Fatalf("row %q, requests %+v, wait %v", l.busy["w1"], out.do, cmd != nil)
	}
}

// A create whose dialog was closed meanwhile still selects what it made
// and says how it went.
func TestACreateEndsInTheNoticeWhenItsDialogWasClosed(t *testing.T) {
	res := workspace.CreateResult{Workspace: workspace.Record{ID: "w9", Name: "late"}}
	_, out := testOwner(t).Update(createDoneMsg{op: 1, res: res}, nil)
	if r, ok := reloadOf(out); !ok || r.selectAfter != res.Workspace.WorkspaceID() || out.say != "created workspace late" {
		t.Fatalf("%+v", out)
	}
	res.SetupErr = errors.New("exit 1")
	_, out = testOwner(t).Update(createDoneMsg{op: 1, res: res}, nil)
	if out.sayLevel != levelWarn || !strings.Contains(out.say, "setup-workspace failed: exit 1") {
		t.Fatalf("%+v", out)
	}
	_, out = testOwner(t).Update(createDoneMsg{op: 1, err: errors.New("no room")}, nil)
	if out.sayLevel != levelError || !strings.Contains(out.say, "no room") {
		t.Fatalf("%+v", out)
	}
	// A stale answer to an open dialog's check changes nothing.
	l := testOwner(t)
	_, o := l.openCreate(projectlist.Project{Name: "api", Path: "/r"}, true)
	c := o.open.(*createOverlay)
	c.op = 7
	if cmd, _ := l.Update(createValidatedMsg{op: 6}, c); cmd != nil || c.askBranch != nil {
		t.Fatal("a stale check started the create")
	}
}

func TestTheProjectEditorOpensOnWhatTheRegistryHolds(t *testing.T) {
	l := testOwner(t)
	out := l.projectEditLoaded(projectEditLoadedMsg{repo: "/r", name: "api", env: map[string]string{"BETA": "2", "ALPHA": "1"}})
	e, ok := out.open.(*projectEditOverlay)
	if !ok || out.say != "" {
		t.Fatalf("%+v", out)
	}
	if got := e.view(100, 30); strings.Index(got, "ALPHA") < 0 || strings.Index(got, "ALPHA") > strings.Index(got, "BETA") || !strings.Contains(got, "Environment of api") {
		t.Fatalf("the pairs are not sorted:\n%s", got)
	}
	out = l.projectEditLoaded(projectEditLoadedMsg{name: "api", err: workspace.ErrCorrupt})
	if out.open == nil || out.sayLevel != levelWarn || !strings.Contains(out.say, "replaces the whole file") {
		t.Fatalf("a corrupt registry: %+v", out)
	}
	out = l.projectEditLoaded(projectEditLoadedMsg{name: "api", err: errors.New("permission denied")})
	if out.open != nil || out.sayLevel != levelError {
		t.Fatalf("an unreadable registry opened an editor: %+v", out)
	}
	_, saved := e.update(projectEditSavedMsg{})
	if !saved.close || saved.say != "saved the environment of api" {
		t.Fatalf("%+v", saved)
	}
	_, refused := e.update(projectEditSavedMsg{err: errors.New("locked")})
	if refused.close || refused.sayLevel != levelError {
		t.Fatalf("a refused save closed the editor: %+v", refused)
	}
}

func TestAnAddedProjectIsSelectedAfterTheReload(t *testing.T) {
	_, out := testOwner(t).openAddProject()
	o := out.open.(*addProjectOverlay)
	_, failed := o.update(projectAddedMsg{err: errors.New("not a git repository")})
	if failed.close || !strings.Contains(o.view(100, 30), "not a git repository") {
		t.Fatalf("a refused path closed the picker: %+v", failed)
	}
	_, added := o.update(projectAddedMsg{project: workspace.Project{Name: "api", Path: "/r/api"}})
	r, ok := reloadOf(added)
	if !added.close || !ok || r.selectAfter != "p:/r/api" || !r.projects || added.say != "added project api" {
		t.Fatalf("%+v", added)
	}
}
