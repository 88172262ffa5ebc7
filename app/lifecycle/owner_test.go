package lifecycle

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/pump"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/app/teardown"
	"amux.dev/amux/ui/projectlist"
	"amux.dev/amux/workspace"
)

// Every dialog of the lifecycle is a modal: none takes the root.
var (
	_ modal.Modal = (*createOverlay)(nil)
	_ modal.Modal = (*teardownOverlay)(nil)
	_ modal.Modal = (*approveOverlay)(nil)
	_ modal.Modal = (*addProjectOverlay)(nil)
	_ modal.Modal = (*projectEditOverlay)(nil)
)

// reloadOf is the scene.Reload an outcome asks for, if any.
func reloadOf(out modal.Outcome) (scene.Reload, bool) {
	for _, r := range out.Do {
		if rl, ok := r.(scene.Reload); ok {
			return rl, true
		}
	}
	return scene.Reload{}, false
}

func TestRecoveryIsSaidAndReloadsOnlyWhenItDidSomething(t *testing.T) {
	for _, tc := range []struct {
		name   string
		msg    recoveredMsg
		say    string
		level  modal.Level
		reload bool
	}{
		{"nothing to do", recoveredMsg{}, "", modal.LevelInfo, false},
		{"finished a delete", recoveredMsg{report: workspace.RecoveryReport{Finished: []string{"a"}}},
			"finished 1 interrupted delete", modal.LevelInfo, true},
		{"failed", recoveredMsg{err: errors.New("disk gone")}, "startup recovery: disk gone", modal.LevelError, false},
		{"pending", recoveredMsg{report: workspace.RecoveryReport{Failed: map[string]error{"b": errors.New("x")}}},
			"cleanup still pending for [b]", modal.LevelWarn, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd, out := testOwner(t).Update(tc.msg, nil)
			if cmd != nil || out.Close || out.Open != nil {
				t.Fatalf("recovery asked for more than words and a reload: %+v", out)
			}
			if !strings.HasPrefix(out.Say, tc.say) || out.SayLevel != tc.level {
				t.Errorf("said %q at %v, want %q at %v", out.Say, out.SayLevel, tc.say, tc.level)
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
		level modal.Level
	}{
		{"deleted", teardownDoneMsg{id: "w1", name: "a"}, "deleted workspace a", modal.LevelInfo},
		{"shelved with a note", teardownDoneMsg{id: "w1", name: "a", shelve: true, note: "its branch has unmerged commits and was kept"},
			"shelved workspace a (its branch has unmerged commits and was kept)", modal.LevelWarn},
		{"failed", teardownDoneMsg{id: "w1", name: "a", err: errors.New("busy tree")}, "a: busy tree", modal.LevelError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := testOwner(t)
			l.busy["w1"] = "Deleting…"
			_, out := l.Update(tc.msg, nil)
			if l.Running() {
				t.Fatal("the row stays busy")
			}
			if out.Say != tc.say || out.SayLevel != tc.level {
				t.Errorf("said %q at %v, want %q at %v", out.Say, out.SayLevel, tc.say, tc.level)
			}
			if r, ok := reloadOf(out); !ok || !r.Dirty {
				t.Errorf("no reload recomputing the trees: %+v", out.Do)
			}
		})
	}
}

// A teardown's progress reaches only its own dialog: a result of another
// operation changes nothing.
func TestTeardownProgressOfAnotherOperationIsDropped(t *testing.T) {
	l := testOwner(t)
	_, out := l.OpenTeardown(modal.Kit{}, "w1", "a", workspace.Record{Name: "a", Branch: "a"}, "no sessions (none is running)", false)
	o := out.Open.(*teardownOverlay)
	o.Update(atRiskMsg{gen: o.gen})
	if o.confirm == nil {
		t.Fatal("a clean tree did not lead to the typed confirm")
	}
	for _, r := range "a" {
		o.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	wait, started := o.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if wait == nil || len(started.Do) != 1 {
		t.Fatalf("the confirm did not ask the owner to run it: %+v", started)
	}
	req := started.Do[0].(teardownReq)
	if req.id != "w1" || req.op != o.op || req.dirty != workspace.DirtyRefuse {
		t.Fatalf("request %+v", req)
	}
	o.Update(teardownProgressMsg{op: o.op + 1, events: []teardown.StepEvent{{Step: o.steps.Steps[0].Name, Done: true}}})
	if o.stepDone(o.steps.Steps[0].Name) {
		t.Fatal("another operation's progress was taken")
	}
	o.Update(teardownProgressMsg{op: o.op, events: []teardown.StepEvent{{Step: o.steps.Steps[0].Name, Done: true}}})
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
	a, ok := out.Open.(*approveOverlay)
	if !ok || l.Running() {
		t.Fatalf("over no dialog the approval was not asked (%T), or the row stays busy", out.Open)
	}
	if got := a.View(100, 30); !strings.Contains(got, "make deps") {
		t.Fatalf("the question does not show the script:\n%s", got)
	}
	_, yes := a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if !yes.Close || len(yes.Do) != 1 || yes.Do[0].(restoreSetupReq).rec.Name != "old" {
		t.Fatalf("approving did not ask the owner to run the setup: %+v", yes)
	}
	_, no := l.restoreApproval(rec, ue).Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if !no.Close || no.SayLevel != modal.LevelWarn || !strings.Contains(no.Say, "old: restored, but") {
		t.Fatalf("declining: %+v", no)
	}

	_, out = testOwner(t).Update(msg, otherDialog{})
	if out.Open != nil || out.SayLevel != modal.LevelWarn || !strings.Contains(out.Say, "waits for your approval") {
		t.Fatalf("a dialog the person opened was taken away, or nothing said how to approve: %+v", out)
	}
}

func TestRestoreProgressNamesTheLatestStepOnTheRow(t *testing.T) {
	l := testOwner(t)
	p := pump.New[string](1)
	_, out := l.Update(restoreProgressMsg{id: "w1", p: p, latest: []string{"x"}}, nil)
	if len(out.Do) != 0 || l.Running() {
		t.Fatal("progress of a restore that ended was taken")
	}
	l.busy["w1"] = "restoring…"
	cmd, out := l.Update(restoreProgressMsg{id: "w1", p: p, latest: []string{"restoring: worktree back"}}, nil)
	if l.busy["w1"] != "restoring: worktree back" || len(out.Do) != 1 || out.Do[0] != (Rows{}) || cmd == nil {
		t.Fatalf("row %q, requests %+v, wait %v", l.busy["w1"], out.Do, cmd != nil)
	}
}

// A create whose dialog was closed meanwhile still selects what it made
// and says how it went.
func TestACreateEndsInTheNoticeWhenItsDialogWasClosed(t *testing.T) {
	res := workspace.CreateResult{Workspace: workspace.Record{ID: "w9", Name: "late"}}
	_, out := testOwner(t).Update(createDoneMsg{op: 1, res: res}, nil)
	if r, ok := reloadOf(out); !ok || r.SelectAfter != res.Workspace.WorkspaceID() || out.Say != "created workspace late" {
		t.Fatalf("%+v", out)
	}
	res.SetupErr = errors.New("exit 1")
	_, out = testOwner(t).Update(createDoneMsg{op: 1, res: res}, nil)
	if out.SayLevel != modal.LevelWarn || !strings.Contains(out.Say, "setup-workspace failed: exit 1") {
		t.Fatalf("%+v", out)
	}
	_, out = testOwner(t).Update(createDoneMsg{op: 1, err: errors.New("no room")}, nil)
	if out.SayLevel != modal.LevelError || !strings.Contains(out.Say, "no room") {
		t.Fatalf("%+v", out)
	}
	// A stale answer to an open dialog's check changes nothing.
	l := testOwner(t)
	_, o := l.OpenCreate(projectlist.Project{Name: "api", Path: "/r"}, true)
	c := o.Open.(*createOverlay)
	c.op = 7
	if cmd, _ := l.Update(createValidatedMsg{op: 6}, c); cmd != nil || c.askBranch != nil {
		t.Fatal("a stale check started the create")
	}
}

func TestTheProjectEditorOpensOnWhatTheRegistryHolds(t *testing.T) {
	l := testOwner(t)
	out := l.projectEditLoaded(projectEditLoadedMsg{repo: "/r", name: "api", env: map[string]string{"BETA": "2", "ALPHA": "1"}})
	e, ok := out.Open.(*projectEditOverlay)
	if !ok || out.Say != "" {
		t.Fatalf("%+v", out)
	}
	if got := e.View(100, 30); strings.Index(got, "ALPHA") < 0 || strings.Index(got, "ALPHA") > strings.Index(got, "BETA") || !strings.Contains(got, "Environment of api") {
		t.Fatalf("the pairs are not sorted:\n%s", got)
	}
	out = l.projectEditLoaded(projectEditLoadedMsg{name: "api", err: workspace.ErrCorrupt})
	if out.Open == nil || out.SayLevel != modal.LevelWarn || !strings.Contains(out.Say, "replaces the whole file") {
		t.Fatalf("a corrupt registry: %+v", out)
	}
	out = l.projectEditLoaded(projectEditLoadedMsg{name: "api", err: errors.New("permission denied")})
	if out.Open != nil || out.SayLevel != modal.LevelError {
		t.Fatalf("an unreadable registry opened an editor: %+v", out)
	}
	_, saved := e.Update(projectEditSavedMsg{})
	if !saved.Close || saved.Say != "saved the environment of api" {
		t.Fatalf("%+v", saved)
	}
	_, refused := e.Update(projectEditSavedMsg{err: errors.New("locked")})
	if refused.Close || refused.SayLevel != modal.LevelError {
		t.Fatalf("a refused save closed the editor: %+v", refused)
	}
}

func TestAnAddedProjectIsSelectedAfterTheReload(t *testing.T) {
	_, out := testOwner(t).OpenAddProject()
	o := out.Open.(*addProjectOverlay)
	_, failed := o.Update(projectAddedMsg{err: errors.New("not a git repository")})
	if failed.Close || !strings.Contains(o.View(100, 30), "not a git repository") {
		t.Fatalf("a refused path closed the picker: %+v", failed)
	}
	_, added := o.Update(projectAddedMsg{project: workspace.Project{Name: "api", Path: "/r/api"}})
	r, ok := reloadOf(added)
	if !added.Close || !ok || r.SelectAfter != "p:/r/api" || !r.Projects || added.Say != "added project api" {
		t.Fatalf("%+v", added)
	}
}

// otherDialog stands for a dialog the person opened meanwhile.
type otherDialog struct{}

func (otherDialog) Update(tea.Msg) (tea.Cmd, modal.Outcome) { return nil, modal.Outcome{} }
func (otherDialog) View(int, int) string                    { return "" }
