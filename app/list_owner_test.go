package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/config"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/projectlist"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// The project list's owner driven through its Update and its named calls
// with real values: a real engine over a real git repository, the
// engine's answers run from the owner's commands, and the snapshot the
// other tests share.

// listFixture is a real engine with one project (a repository of one
// commit) and workspaces of the given names in it.
type listFixture struct {
	eng  *workspace.Engine
	repo string
	ws   map[string]string // name → workspace ID
}

func newListFixture(t *testing.T, names ...string) listFixture {
	t.Helper()
	t.Setenv("HOME", t.TempDir()) // git reads none of the person's config
	repo := t.TempDir()
	lifeGit(t, repo, "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(repo, "README"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lifeGit(t, repo, "add", "-A")
	lifeGit(t, repo, "commit", "-qm", "start")
	f := listFixture{eng: testEngine(t), repo: repo, ws: map[string]string{}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := f.eng.AddProject(ctx, repo); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		res, err := f.eng.Create(ctx, workspace.CreateRequest{Repo: repo, Name: n})
		if err != nil {
			t.Fatal(err)
		}
		f.ws[n] = res.Workspace.WorkspaceID()
	}
	return f
}

// owner is a list built over the fixture's engine, as New builds it.
func (f listFixture) owner() *listOwner {
	rows := actionRows()
	reg := keys.MustRegistry(registryOf(rows)...)
	return newListOwner(listDeps{life: f.eng, sessions: f.eng, status: f.eng, views: f.eng,
		km: reg.Map(), reg: reg, zone: time.UTC})
}

// testScene is a scene with no other owner's marks.
func testScene() listScene {
	th, _ := theme.Lookup(config.Defaults(), "")
	return listScene{th: th, busy: map[string]string{}, landings: map[string]scene.Landing{}}
}

// runMsg runs a command the owner returned and gives back its message.
func runMsg(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	if cmd == nil {
		t.Fatal("no command to run")
	}
	return cmd()
}

// loadInto runs one load of l to its end, settle included, and returns
// the settle's outcome.
func loadInto(t *testing.T, l *listOwner) modal.Outcome {
	t.Helper()
	_, out := l.Update(runMsg(t, l.load()), testScene())
	req, ok := firstReq[listLoadedReq](out)
	if !ok {
		t.Fatalf("the load was not taken: %+v", out)
	}
	_, settled := l.settle(testScene(), req.first)
	return settled
}

// firstReq is the first request of type T an outcome carries.
func firstReq[T any](out modal.Outcome) (T, bool) {
	for _, r := range out.Do {
		if v, ok := r.(T); ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// A load's result is taken only if no newer load was asked since: the
// older answer is dropped whichever arrives first.
func TestAStaleLoadIsDropped(t *testing.T) {
	f := newListFixture(t, "feat-a")
	l := f.owner()
	older := runMsg(t, l.load())
	newer := runMsg(t, l.load())
	if _, out := l.Update(older, testScene()); l.loaded || len(out.Do) != 0 {
		t.Fatalf("the older load was taken: loaded %v, asked %v", l.loaded, out.Do)
	}
	_, out := l.Update(newer, testScene())
	req, ok := firstReq[listLoadedReq](out)
	if !ok || !req.first || !l.loaded {
		t.Fatalf("the newest load was not taken as the first: %+v, loaded %v", out, l.loaded)
	}
	if _, ok := l.record(f.ws["feat-a"]); !ok {
		t.Fatal("the snapshot lacks the workspace")
	}
	// A second load is not the first: no dirty check is asked for it.
	_, out = l.Update(runMsg(t, l.load()), testScene())
	if req, _ := firstReq[listLoadedReq](out); req.first {
		t.Fatal("a later load was called the first")
	}
	if cmd, _ := l.settle(testScene(), false); cmd != nil {
		t.Fatal("a later load asked for git status with nothing changed")
	}
}

// The first load's settle checks git status, and the marks land on the
// rows.
func TestTheFirstLoadMarksDirtyWorkspaces(t *testing.T) {
	f := newListFixture(t, "feat-a", "feat-b")
	l := f.owner()
	_, out := l.Update(runMsg(t, l.load()), testScene())
	req, _ := firstReq[listLoadedReq](out)
	cmd, _ := l.settle(testScene(), req.first)
	rec, _ := l.record(f.ws["feat-b"])
	if err := os.WriteFile(filepath.Join(rec.Root, "new.txt"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l.Update(runMsg(t, cmd), testScene())
	dirty := map[string]bool{}
	for _, p := range l.rows.Projects() {
		for _, w := range p.Workspaces {
			dirty[w.Name] = w.Dirty
		}
	}
	if !dirty["feat-b"] || dirty["feat-a"] {
		t.Fatalf("dirty marks %v, want feat-b alone", dirty)
	}
	l.noteDirty(f.ws["feat-b"], false, testScene())
	if w := l.rows.Projects()[0].Workspaces[1]; w.Name != "feat-b" || w.Dirty {
		t.Fatalf("the sidebar's word did not clear the mark: %+v", w)
	}
}

// A selection asked for (a workspace, or a project as "p:<path>") waits
// for the load that shows it, then applies once.
func TestASelectionWaitsForTheLoadThatShowsIt(t *testing.T) {
	f := newListFixture(t, "feat-a", "feat-b")
	l := f.owner()
	loadInto(t, l)
	cases := []struct {
		name, pending string
		want          func(l *listOwner) bool
	}{
		{"workspace", f.ws["feat-b"], func(l *listOwner) bool { return l.selectedID() == f.ws["feat-b"] }},
		{"project", "p:" + f.repo, func(l *listOwner) bool {
			r, ok := l.selected()
			return ok && r.Kind == projectlist.ProjectRow
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l.top()
			l.move(1) // feat-a
			l.pendingSelect = c.pending
			if c.want(l) {
				t.Fatal("already selected before the load")
			}
			loadInto(t, l)
			if !c.want(l) || l.pendingSelect != "" {
				t.Fatalf("after the load: selected %q, pending %q", l.selectedID(), l.pendingSelect)
			}
		})
	}
}

// A management result says how it went and loads again, selecting the
// workspace it names; its error says why and loads nothing.
func TestAManagedResultLoadsAndSelects(t *testing.T) {
	f := newListFixture(t, "feat-a", "feat-b")
	l := f.owner()
	loadInto(t, l)
	cmd, out := l.Update(managedMsg{text: "renamed", selectWS: f.ws["feat-b"]}, testScene())
	if out.Say != "renamed" || out.SayLevel != modal.LevelInfo || l.pendingSelect != f.ws["feat-b"] {
		t.Fatalf("said %q at %v, pending %q", out.Say, out.SayLevel, l.pendingSelect)
	}
	_, taken := l.Update(runMsg(t, cmd), testScene())
	l.settle(testScene(), false)
	if len(taken.Do) != 1 || l.selectedID() != f.ws["feat-b"] {
		t.Fatalf("the load after it: asked %v, selected %q", taken.Do, l.selectedID())
	}
	cmd, out = l.Update(managedMsg{err: os.ErrPermission}, testScene())
	if cmd != nil || out.SayLevel != modal.LevelError || !strings.Contains(out.Say, "permission") {
		t.Fatalf("an error: command %v, said %q at %v", cmd != nil, out.Say, out.SayLevel)
	}
}

// The saved layout applies once, on the first load after it was read, in
// either order; a later read or load leaves the person's cursor alone.
func TestTheSavedViewIsAppliedOnce(t *testing.T) {
	for _, readFirst := range []bool{true, false} {
		name := map[bool]string{true: "read before the load", false: "read after the load"}[readFirst]
		t.Run(name, func(t *testing.T) {
			f := newListFixture(t, "feat-a", "feat-b")
			l := f.owner()
			saved := workspace.ViewState{SelectedWorkspace: f.ws["feat-b"], ActiveTabs: map[string]string{f.ws["feat-b"]: "tab-2"}}
			var out modal.Outcome
			if readFirst {
				_, early := l.Update(viewStateMsg{v: saved}, testScene())
				if len(early.Do) != 0 || l.viewApplied {
					t.Fatal("applied before any load")
				}
				out = loadInto(t, l)
			} else {
				loadInto(t, l)
				_, out = l.Update(viewStateMsg{v: saved}, testScene())
			}
			tabs, ok := firstReq[savedTabsReq](out)
			if !ok || tabs.tabs[f.ws["feat-b"]] != "tab-2" || l.selectedID() != f.ws["feat-b"] {
				t.Fatalf("not applied: selected %q, asked %+v", l.selectedID(), out.Do)
			}
			l.move(-1)
			if again := loadInto(t, l); len(again.Do) != 0 || l.selectedID() != f.ws["feat-a"] {
				t.Fatalf("applied again: selected %q, asked %v", l.selectedID(), again.Do)
			}
			if _, again := l.Update(viewStateMsg{v: saved}, testScene()); len(again.Do) != 0 || l.selectedID() != f.ws["feat-a"] {
				t.Fatalf("a second read applied it: selected %q", l.selectedID())
			}
		})
	}
}

// The layout is written only once the saved one was applied (it would
// be lost), and only when it changed; what is written reads back.
func TestTheLayoutIsSavedWhenItChanged(t *testing.T) {
	f := newListFixture(t, "feat-a", "feat-b")
	l := f.owner()
	loadInto(t, l)
	root := workspace.ViewState{ListWidth: 50}
	if l.save(root) != nil {
		t.Fatal("saved before the saved layout was read")
	}
	l.Update(runMsg(t, l.readViewState()), testScene())
	l.move(2) // feat-b
	save := l.save(root)
	if save == nil {
		t.Fatal("a changed layout was not saved")
	}
	save()
	if l.save(root) != nil {
		t.Fatal("an unchanged layout was saved again")
	}
	got, err := f.eng.ViewState(context.Background())
	if err != nil || got.SelectedWorkspace != f.ws["feat-b"] || got.ListWidth != 50 {
		t.Fatalf("read back %+v (%v)", got, err)
	}
}

// A project whose repository vanished shows as missing, and the tab area
// says why with retry and remove; a worktree made outside amux is
// imported and loaded.
func TestProjectChecksMarkMissingAndImport(t *testing.T) {
	f := newListFixture(t, "feat-a")
	l := f.owner()
	loadInto(t, l)
	outside := filepath.Join(t.TempDir(), "by-hand")
	lifeGit(t, f.repo, "worktree", "add", "-q", "-b", "by-hand", outside)
	cmd, out := l.Update(runMsg(t, l.checkProjects()), testScene())
	if cmd == nil || !strings.Contains(out.Say, "imported 1 existing worktree") {
		t.Fatalf("the import: load %v, said %q", cmd != nil, out.Say)
	}
	l.Update(cmd(), testScene())
	l.settle(testScene(), false)
	if n := len(l.rows.Projects()[0].Workspaces); n != 2 {
		t.Fatalf("%d workspaces listed after the import, want 2", n)
	}

	moved := f.repo + "-moved"
	if err := os.Rename(f.repo, moved); err != nil {
		t.Fatal(err)
	}
	l.Update(runMsg(t, l.checkProjects()), testScene())
	l.top()
	if p := l.rows.Projects()[0]; p.Error != "missing" || l.projectErrs[f.repo] == "" {
		t.Fatalf("the moved project: row error %q, why %q", p.Error, l.projectErrs[f.repo])
	}
	_, body := l.tabAreaText(testScene(), 0)
	if !strings.Contains(body, "✗") || !strings.Contains(body, l.keyName(actRefresh)+": retry") ||
		!strings.Contains(body, l.keyName(actRemoveProject)+": remove") {
		t.Fatalf("the center does not say what to do:\n%s", body)
	}
	// Back where it was, a retry clears the mark.
	if err := os.Rename(moved, f.repo); err != nil {
		t.Fatal(err)
	}
	l.Update(runMsg(t, l.checkProjects()), testScene())
	if p := l.rows.Projects()[0]; p.Error != "" || len(l.projectErrs) != 0 {
		t.Fatalf("the retry left the mark: %q %v", p.Error, l.projectErrs)
	}
}

// The filter field filters as it is typed; Enter keeps the filter, Esc
// clears it; the list's up and down still move while it is open.
func TestTheFilterFieldFiltersAsItIsTyped(t *testing.T) {
	esc := tea.KeyPressMsg{Code: tea.KeyEscape}
	down := tea.KeyPressMsg{Code: tea.KeyDown}
	cases := []struct {
		name   string
		end    tea.KeyPressMsg
		filter string
	}{
		{"enter keeps it", enter, "feat-b"},
		{"esc clears it", esc, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newListFixture(t, "feat-a", "feat-b")
			l := f.owner()
			loadInto(t, l)
			l.openFilter(30)
			if !l.typing() {
				t.Fatal("the field did not open")
			}
			for _, r := range "feat-b" {
				l.Update(tea.KeyPressMsg{Code: r, Text: string(r)}, testScene())
			}
			if l.filterText() != "feat-b" || !strings.Contains(l.filterView(), "feat-b") {
				t.Fatalf("typed filter %q, field %q", l.filterText(), l.filterView())
			}
			l.Update(down, testScene())
			if l.selectedID() != f.ws["feat-b"] {
				t.Fatalf("down in the filter selected %q", l.selectedID())
			}
			l.Update(c.end, testScene())
			if l.typing() || l.filterText() != c.filter {
				t.Fatalf("after %s: typing %v, filter %q", c.name, l.typing(), l.filterText())
			}
			l.openFilter(30)
			if !strings.Contains(l.filterView(), c.filter) {
				t.Fatalf("reopened on %q, want the filter in force %q", l.filterView(), c.filter)
			}
		})
	}
}

// Another owner's marks reach the rows through the scene: a running
// operation, a tab's badge, a stopped merge.
func TestTheRowsCarryTheOtherOwnersMarks(t *testing.T) {
	l := newListOwner(listDeps{})
	l.snap, l.loaded = sampleSnapshot(), true
	sc := testScene()
	sc.busy = map[string]string{"1111111111111111": "deleting"}
	sc.badge = func(id string) (projectlist.Badge, string) {
		if id == "4444444444444444" {
			return projectlist.BadgeBlocked, "blocked: question"
		}
		return projectlist.BadgeNone, ""
	}
	sc.landings = map[string]scene.Landing{"2222222222222222": {How: "merge"}}
	l.rebuild(sc)
	detail := map[string]string{}
	for _, p := range l.rows.Projects() {
		for _, w := range p.Workspaces {
			detail[w.Name] = w.Detail
		}
	}
	want := map[string]string{"auth-fix": "deleting", "perf-pass": "merge stopped", "old-spike": "shelved", "redesign": "blocked: question"}
	for name, d := range want {
		if detail[name] != d {
			t.Errorf("%s: detail %q, want %q", name, detail[name], d)
		}
	}
}
