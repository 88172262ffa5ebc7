package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
)

// typeInto sends s to the root key by key, as a person types it.
func typeInto(m *Model, s string) {
	for _, r := range s {
		m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// The palette's choice runs through the root once the palette is closed:
// Enter asks for the chosen action, and the root applying it opens that
// action's dialog in the palette's place.
func TestThePalettesChoiceRunsThroughTheRoot(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.run(actPalette)
	p := m.overlay.(*dialogs.Palette)
	typeInto(m, "show every key")
	a, ok := p.Chosen()
	if !ok || a.ID != actHelp {
		t.Fatalf("\"show every key\" chose %q, want %q", a.ID, actHelp)
	}
	if _, out := p.Update(modalKey("enter")); !out.Close || len(out.Do) != 1 || out.Do[0] != (modal.RunAction{ID: actHelp}) {
		t.Fatalf("enter asked for %+v, want close, then the help action", out)
	}
	m.Update(modalKey("enter"))
	if _, ok := m.overlay.(*dialogs.Help); !ok {
		t.Fatalf("the chosen action opened %T, want the key list", m.overlay)
	}
}

// The timeline reads off the update loop; a read overtaken by a refresh is
// dropped, and its keys are requests the root runs (refresh reads again,
// with what the root sees now).
func TestTheTimelineDropsAnOvertakenReadAndRefreshesThroughTheRoot(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.rows.SelectWorkspace("1111111111111111")
	first := m.run(actTimeline)
	o := m.overlay.(*dialogs.Lines)
	if !o.Waiting() || !m.watch.animating(m.watchScene()) {
		t.Fatal("the timeline does not spin while it reads")
	}
	_, out := o.Update(press("r"))
	if len(out.Do) != 1 || out.Do[0] != (modal.RunAction{ID: actRefreshTimeline}) {
		t.Fatalf("r asked for %+v, want the refresh action", out)
	}
	m.Update(press("r")) // the root runs the refresh: a newer read
	m.Update(first())    // the first read, overtaken
	if !o.Waiting() {
		t.Fatalf("an overtaken read was shown:\n%s", screenText(m))
	}
	settle(t, m, o.Refresh(timelineRead(m.deps, m.th, o.About(), m.tabs.of(o.About()))))
	if screen := screenText(m); !strings.Contains(screen, "no history is kept") || !strings.Contains(screen, "Timeline of auth-fix") {
		t.Fatalf("the timeline's read is not shown:\n%s", screen)
	}
	if o.Waiting() {
		t.Fatal("the timeline still waits after its read")
	}
}

// The status dialog's keys are requests the root runs; approve opens its
// typed confirm, whose name starts the engine call and holds the keys
// until the result, which asks the root to read the status again (a new
// sight of the tabs) and says what was done.
func TestTheStatusDialogApprovesThroughTheRootAndRefreshes(t *testing.T) {
	m, o := statusAt80x24(t)
	if o.Waiting() || len(o.sight.agents) != 3 {
		t.Fatalf("after its read the dialog waits (%v) or shows %d agents, want 3", o.Waiting(), len(o.sight.agents))
	}
	if _, out := o.Update(press("A")); len(out.Do) != 1 || out.Do[0] != (modal.RunAction{ID: actApproveScripts}) {
		t.Fatalf("A asked for %+v, want the approve action", out)
	}
	m.Update(press("A"))
	if o.confirm == nil || o.pending != "approve" {
		t.Fatal("approve did not open its typed confirm")
	}
	typeInto(m, "auth-fix")
	_, act := m.Update(modalKey("enter"))
	if act == nil || !o.working || o.confirm != nil {
		t.Fatalf("the typed name did not start the approval (working %v)", o.working)
	}
	if _, out := o.Update(press("U")); len(out.Do) != 0 {
		t.Fatalf("a key while the approval runs asked for %+v", out)
	}
	withTabs(m, 1) // a fourth tab opens meanwhile
	gen := o.gen
	_, out := o.Update(statusActionMsg{what: "approve", text: "scripts approved"})
	if out.Say != "scripts approved" || len(out.Do) != 1 || out.Do[0] != (modal.RunAction{ID: actRefreshStatus}) {
		t.Fatalf("the result asked for %+v, want a notice and a refresh", out)
	}
	m.applyOutcome(o, out)
	if o.gen != gen+1 || len(o.sight.agents) != 4 || m.notice.text != "scripts approved" {
		t.Fatalf("the refresh did not read again with a new sight (gen %d→%d, %d agents, notice %q)",
			gen, o.gen, len(o.sight.agents), m.notice.text)
	}
}

// The install dialog opens from its action over the running binary, and
// the restart it asks for after an install ends the program so Run can
// start the installed binary (the dialog's own steps: its package's tests).
func TestTheRootOpensTheInstallDialogAndRestartsOnItsRequest(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.deps.AmuxBin = filepath.Join(t.TempDir(), "amux")
	if err := os.WriteFile(m.deps.AmuxBin, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	m.run(actInstall)
	if _, ok := m.overlay.(*dialogs.Install); !ok {
		t.Fatalf("the install action opened %T", m.overlay)
	}
	quit := m.applyOutcome(m.overlay, modal.Outcome{}.Then(dialogs.RestartRequest{}))
	if !m.restartRequested || quit == nil {
		t.Fatal("the root did not restart on the request")
	}
}

// Renaming a workspace to a name its branch does not have asks about the
// branch as a second step of the same dialog; the answer closes it and
// starts the engine call, whose result the root says.
func TestRenameAsksAboutTheBranchThenCallsTheEngine(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.rows.SelectWorkspace("1111111111111111")
	m.run(actRenameWorkspace)
	o := m.overlay.(*manageOverlay)
	o.form.SetValue(0, "login-fix")
	cmd, out := o.Update(modalKey("enter"))
	if out.Close || o.choice == nil || cmd != nil {
		t.Fatalf("a new name closed the dialog (%+v) instead of asking about the branch", out)
	}
	if screen := screenText(m); !strings.Contains(screen, "rename the branch to login-fix too") {
		t.Fatalf("the branch question is not shown:\n%s", screen)
	}
	_, rename := m.Update(press("r"))
	if m.overlay != nil || rename == nil {
		t.Fatalf("the answer did not close the dialog and call the engine: %T open", m.overlay)
	}
	settle(t, m, rename) // the sample's workspace is not the engine's: it refuses
	if m.notice.level != modal.LevelError || m.notice.text == "" {
		t.Fatalf("the engine's answer was not said: %q", m.notice.text)
	}
}

// Removing a project with workspaces asks what becomes of them first; the
// answer is the typed confirm's text.
func TestRemoveProjectAsksAboutItsWorkspacesFirst(t *testing.T) {
	for _, c := range []struct {
		key, says string
	}{{"w", "are kept"}, {"d", "amux deletes its"}} {
		m := newTestModel(t, 120, 40)
		m.run(actRemoveProject)
		o := m.overlay.(*manageOverlay)
		if o.choice == nil {
			t.Fatal("removing a project with workspaces did not ask about them")
		}
		m.Update(press(c.key))
		if o.confirm == nil || !strings.Contains(screenText(m), c.says) {
			t.Fatalf("after %q the confirm does not say %q:\n%s", c.key, c.says, screenText(m))
		}
		typeInto(m, "api")
		cmd, out := o.Update(modalKey("enter"))
		if !out.Close || cmd == nil {
			t.Fatalf("the typed name did not close and call the engine: %+v", out)
		}
	}
}

// Health reads its checks off the update loop and shows each with its
// fix; r asks the root to run them again, on what it sees then.
func TestHealthShowsABrokenRegistryAndChecksAgainThroughTheRoot(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.deps.StateHome = t.TempDir()
	m.watch.d.stateHome = m.deps.StateHome // the supervision owner took it at New
	reg := filepath.Join(m.deps.StateHome, "projects.json")
	if err := os.WriteFile(reg, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	settle(t, m, m.run(actHealth))
	o := m.overlay.(*dialogs.Lines)
	if screen := screenText(m); !strings.Contains(screen, "registry: projects.json is not valid JSON") || !strings.Contains(screen, "to keep its entries") {
		t.Fatalf("Health does not name the broken registry with its fix:\n%s", screen)
	}
	if err := os.WriteFile(reg, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, out := o.Update(press("r"))
	if len(out.Do) != 1 || out.Do[0] != (modal.RunAction{ID: actRefreshHealth}) {
		t.Fatalf("r asked for %+v, want the check-again action", out)
	}
	_, again := m.Update(press("r"))
	settle(t, m, again)
	if screen := screenText(m); strings.Contains(screen, "projects.json is not valid") || !strings.Contains(screen, "launch payloads") {
		t.Fatalf("checked again, Health still shows the repaired registry's fix:\n%s", screen)
	}
}
