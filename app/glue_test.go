package app

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/review"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/workspace"
)

// kinds names the types of msgs, sorted by first appearance, deduplicated.
func kinds(msgs []tea.Msg) string {
	var out []string
	seen := map[string]bool{}
	for _, m := range msgs {
		k := fmt.Sprintf("%T", m)
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return strings.Join(out, " ")
}

// One reload request stands for what the lifecycle, the review and the
// tabs owners each used to ask in their own words: through the root's
// switch, list loads the workspace list, changes reads the sidebar's
// review again, projects checks the projects' places, and nothing else
// runs.
func TestOneReloadRequestReadsWhatItNames(t *testing.T) {
	cases := []struct {
		name string
		q    scene.Reload
		want []string // message types the commands answer with
	}{
		{"a tab's session appeared", scene.Reload{List: true}, []string{"app.loadedMsg"}},
		{"a commit", scene.Reload{Changes: true}, []string{"app.sideReviewMsg"}},
		{"a landing", scene.Reload{List: true, Changes: true}, []string{"app.loadedMsg", "app.sideReviewMsg"}},
		{"a project added", scene.Reload{List: true, Projects: true}, []string{"app.loadedMsg", "app.projectsCheckedMsg"}},
		{"nothing named", scene.Reload{}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, rec := realWorkspace(t, 160, 40) // wide: the sidebar follows the workspace
			if m.side.ws != rec.WorkspaceID() {
				t.Fatalf("the sidebar follows %q", m.side.ws)
			}
			m.side.loading = false // the follow's own read was not run
			got := runCmd(t, m.update(c.q))
			for _, w := range c.want {
				if !strings.Contains(kinds(got), w) {
					t.Fatalf("%+v answered %s, want %s among them", c.q, kinds(got), w)
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("%+v answered %s, want only %v", c.q, kinds(got), c.want)
			}
		})
	}
}

// A reload's selection and dirty recount wait for the load it starts, and
// the load applies them once.
func TestAReloadSelectsAfterTheLoadItStarts(t *testing.T) {
	m, rec := realWorkspace(t, 120, 40)
	ws := rec.WorkspaceID()
	m.list.rows.SelectProject(rec.Repo)
	if m.list.selectedID() == ws {
		t.Fatal("the workspace is still selected")
	}
	cmd := m.update(scene.Reload{List: true, SelectAfter: ws, Dirty: true})
	if m.list.pendingSelect != ws || !m.list.dirtyAfterLoad {
		t.Fatalf("before the load: pending %q, dirty after load %v", m.list.pendingSelect, m.list.dirtyAfterLoad)
	}
	settle(t, m, cmd)
	if m.list.selectedID() != ws || m.list.pendingSelect != "" || m.list.dirtyAfterLoad {
		t.Fatalf("after the load: selected %q, pending %q, dirty after load %v",
			m.list.selectedID(), m.list.pendingSelect, m.list.dirtyAfterLoad)
	}
	if !m.list.dirty[ws] {
		t.Fatal("the recount does not mark the changed tree dirty")
	}
}

// What the sidebar's Changes list asks of the review owner reaches it
// through the root and works on the real repository: each request names
// its workspace, so the owner needs nothing of the sidebar.
func TestTheSidebarsRequestsReachTheReviewOwner(t *testing.T) {
	m, rec := realWorkspace(t, 120, 40)
	ws := rec.WorkspaceID()
	notes := changes.File{Path: "notes.txt"}
	cases := []struct {
		name string
		req  tea.Msg
		open string // the dialog it opens ("" none)
		msg  string // the message its command answers with ("" none)
		git  string // what is staged after it
	}{
		{"a stage", review.Stage{WS: ws, Path: "notes.txt"}, "", "review.stagedMsg", "notes.txt"},
		{"an unstage", review.Stage{WS: ws, Path: "notes.txt", Unstage: true}, "", "review.stagedMsg", ""},
		{"a file's diff", review.OpenFileDiff{WS: ws, File: notes, Group: changes.Unstaged}, "*review.diffOverlay", "review.diffLoadedMsg", ""},
		{"a file's view", review.OpenFileView{WS: ws, Path: "notes.txt"}, "*review.diffOverlay", "review.diffLoadedMsg", ""},
		{"the commit dialog", review.OpenCommit{}, "", "review.commitReadyMsg", ""},
		// No landing is stopped: the engine refuses, and the answer says so.
		{"a conflict resolved", review.MarkResolved{WS: ws, Path: "notes.txt"}, "", "review.resolvedMsg", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m.overlay = nil
			gitIn(t, rec.Root, "reset", "-q")
			cmd := m.update(c.req)
			if got := fmt.Sprintf("%T", m.overlay); c.open != "" && got != c.open {
				t.Fatalf("opened %s, want %s", got, c.open)
			}
			if c.open == "" && m.overlay != nil {
				t.Fatalf("opened %T", m.overlay)
			}
			if got := kinds(runCmd(t, cmd)); !strings.Contains(got, c.msg) {
				t.Fatalf("answered %s, want %s", got, c.msg)
			}
			if got := gitIn(t, rec.Root, "diff", "--cached", "--name-only"); got != c.git {
				t.Fatalf("staged %q, want %q", got, c.git)
			}
		})
	}
}

// The sidebar owner takes what the review owner learned of a landing: a
// known one is kept and shown in Changes when the sidebar shows its
// workspace; an unknown one is forgotten.
func TestTheSidebarKeepsWhatALandingLearned(t *testing.T) {
	s := testSidebar(t, nil, nil)
	s.ws = "w1"
	stopped := workspace.Review{Landing: "merge", Conflicts: []string{"a.go"}}
	s.Update(review.LandingSeen{WS: "w2", Review: stopped, Known: true, InSide: true}, shownEnv)
	if s.landings["w2"].How != "merge" || s.review.Landing != "" {
		t.Fatalf("another workspace's landing: kept %+v, shown %+v", s.landings["w2"], s.review)
	}
	s.Update(review.LandingSeen{WS: "w1", Review: stopped, Known: true, InSide: true}, shownEnv)
	if s.landings["w1"].How != "merge" || s.review.Landing != "merge" {
		t.Fatalf("the shown workspace's landing: kept %+v, shown %+v", s.landings["w1"], s.review)
	}
	if s.knownNoLanding("w1") {
		t.Fatal("a stopped merge is known as none")
	}
	s.Update(review.LandingSeen{WS: "w1"}, shownEnv)
	if _, ok := s.landings["w1"]; ok {
		t.Fatal("an unknown landing is still kept")
	}
}

// A stopped landing's conflicts are listed in Changes, the cursor on the
// first, and the sidebar asks for the focus, only while it is on screen
// showing that workspace; otherwise it only turns to Changes.
func TestTheSidebarListsALandingsConflictsOnlyWhereShown(t *testing.T) {
	stopped := workspace.Review{Landing: "merge", Conflicts: []string{"b.go"}}
	cases := []struct {
		name  string
		ws    string
		env   sideEnv
		focus bool
	}{
		{"shown", "w1", shownEnv, true},
		{"hidden", "w1", sideEnv{}, false},
		{"another workspace", "w2", shownEnv, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testSidebar(t, nil, nil)
			s.ws, s.tab = "w1", sideProject
			_, out := s.Update(review.ConflictsInSide{WS: c.ws, Review: stopped, Reviewed: true}, c.env)
			if s.tab != sideChanges {
				t.Fatalf("on tab %v", s.tab)
			}
			asked := len(out.Do) == 1 && out.Do[0] == (enterSidebar{})
			if asked != c.focus || s.toConflict != c.focus {
				t.Fatalf("asked for the focus %v (%+v), to the conflict %v; want %v", asked, out, s.toConflict, c.focus)
			}
			if c.focus && s.review.Landing != "merge" {
				t.Fatalf("the review shown %+v", s.review)
			}
		})
	}
}

// Through the root, a landing's conflicts move the focus to the sidebar
// when it shows them, and leave it where it is when it is hidden.
func TestTheRootFocusesTheSidebarOnALandingsConflicts(t *testing.T) {
	for _, width := range []int{160, 120} {
		m, rec := realWorkspace(t, width, 40)
		m.focus = focusTabArea
		m.update(review.ConflictsInSide{WS: rec.WorkspaceID(), Review: workspace.Review{Landing: "merge"}, Reviewed: true})
		if want := map[int]focusArea{160: focusSidebar, 120: focusTabArea}[width]; m.focus != want {
			t.Fatalf("at %d columns the focus is %v, want %v", width, m.focus, want)
		}
	}
}

// An editor is the tabs owner's to open: a workspace that is not loaded
// is said, and one that is gets a terminal tab in its worktree (or its
// main checkout), the dialog it was asked from closed.
func TestTheTabsOwnerOpensTheEditor(t *testing.T) {
	m := newTestModel(t, 120, 40)
	ws := "1111111111111111"
	rec, _ := m.list.record(ws)
	cases := []struct {
		name  string
		q     editorReq
		say   string
		close bool
		dir   string
	}{
		{"not loaded", editorReq{WS: "nope", Path: "x"}, "editor: the workspace is not loaded", false, ""},
		{"in the worktree", editorReq{WS: ws, Path: "a.go"}, "", true, rec.Root},
		{"in the main checkout", editorReq{WS: ws, Path: "a.go", InMain: true}, "", true, rec.Repo},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd, out := m.tabs.Update(c.q, m.tabScene())
			if out.Say != c.say || out.Close != c.close || (cmd != nil) != c.close {
				t.Fatalf("said %q, closed %v, command %v", out.Say, out.Close, cmd != nil)
			}
			if c.dir == "" {
				return
			}
			req, ok := m.tabs.editorTab(m.tabScene(), ws, c.q.InMain, c.q.Path)
			w, h := m.layout().termSize(m.width)
			if !ok || req.width != w || req.height != h || req.assistant != "editor" ||
				!strings.HasSuffix(req.command, shellQuote(c.dir+"/a.go")) {
				t.Fatalf("the editor tab %+v (terminal area %d×%d)", req, w, h)
			}
		})
	}
	// Through the root: the dialog it came from goes.
	pressAction(t, m, actHelp)
	if m.overlay == nil {
		t.Fatal("the key list did not open")
	}
	m.update(editorReq{WS: ws, Path: "a.go"})
	if m.overlay != nil {
		t.Fatalf("the editor left %T open", m.overlay)
	}
}

// A path is one shell word whatever it holds.
func TestShellQuoteKeepsAPathOneWord(t *testing.T) {
	for in, want := range map[string]string{
		"a.go":        `'a.go'`,
		"it's.go":     `'it'\''s.go'`,
		"$(rm -rf) x": `'$(rm -rf) x'`,
	} {
		if got := shellQuote(in); got != want {
			t.Fatalf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// Only a shown tab whose program still runs in a live view takes keys.
func TestOnlyARunningShownTabIsLive(t *testing.T) {
	m := newTestModel(t, 120, 40)
	ws := "1111111111111111"
	if tab, live := m.tabs.liveIn(ws); tab != nil || live {
		t.Fatal("no tab, yet live")
	}
	withTabs(m, 2)
	tab, live := m.tabs.liveIn(ws)
	if tab == nil || tab != m.activeTab() || live {
		t.Fatalf("a tab without a view: %v, live %v", tab, live)
	}
	tab.state.State = agentstate.Stopped
	if _, live := m.tabs.liveIn(ws); live {
		t.Fatal("a stopped tab is live")
	}
	if _, live := m.tabs.liveIn("nope"); live {
		t.Fatal("an unknown workspace has a live tab")
	}
}
