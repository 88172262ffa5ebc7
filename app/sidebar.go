package app

import (
	"amux.dev/amux/workspace/remote/fleet"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/review"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/config"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/projecttree"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// sideTab is one of the sidebar's tabs.
type sideTab int

const (
	sideChanges sideTab = iota
	sideProject
	sideTerminal
	sideTabCount
)

var sideTabNames = [sideTabCount]string{"Changes", "Project", "Terminal"}

// sideShow is the person's choice: auto shows the sidebar when the screen
// is wide enough for it beside the tabs.
type sideShow int

const (
	sideAuto sideShow = iota
	sideShown
	sideHidden
)

// Sidebar sizes, in columns.
const (
	sideAutoMinWidth = 140 // auto shows the sidebar from this screen width
	sideMinWidth     = 24
	sideDefaultWidth = 40
)

// sidebarOwner is the right-hand panel of the selected workspace and the
// owner of everything in it: its Changes list, its Project tree, its
// terminal, the watchers of the worktree and of the main checkout, and its
// width. One watcher runs, for the workspace shown; a refresh of the
// changes runs only when the watcher says something changed, at most one
// at a time (a change meanwhile asks for one more). It never sees the root
// model: the root tells it what it needs of the screen (sideEnv) and
// applies what it asks for (its outcome).
type sidebarOwner struct {
	deps sideDeps

	show  sideShow
	width int
	tab   sideTab

	ws      string // the workspace shown
	gen     int    // bumped per workspace switch: stale results are dropped
	watcher workspace.ChangeWatch
	loading bool // a review refresh is in flight
	again   bool // the tree changed while it was
	review  workspace.Review
	err     error
	// toConflict: the next review with conflicts puts the cursor on the
	// first (a merge stopped; a review read before it may come first).
	toConflict bool

	// landings is what amux last learned of each workspace's stopped
	// merge or rebase, from a review or a landing's own answer: the abort
	// key and the conflict list work with the sidebar hidden. A workspace
	// not in it is unknown.
	landings map[string]scene.Landing
	// main watches the project's main checkout while the shown
	// workspace's merge is stopped there (sidebar_mainwatch.go).
	main mainWatch

	terms    map[string]*tab // workspace → its sidebar terminal
	changes  changes.Model
	tree     projecttree.Model
	dirs     projecttree.Reader // this machine's directories
	dragging bool               // the left border is being dragged
}

// sideDeps are the services the sidebar reaches, given at construction:
// nothing else of the root.
type sideDeps struct {
	status   workspace.StatusService  // the watchers of worktree and main checkout
	review   workspace.ReviewService  // a workspace's changes
	sessions workspace.SessionService // its terminal's session
	tmux     *tmux.Client             // attaching that session
	th       theme.Theme
	km       keys.Map
	route    *router // a host's workspace is reviewed there (nil: the services above)
}

// svc is the services that show workspace ws: its host's when it lives
// on one, else the ones above.
func (d sideDeps) svc(ws string) route {
	if d.route == nil {
		return route{Services: fleet.Services{Review: d.review, Status: d.status, Session: d.sessions}, tmux: d.tmux}
	}
	return d.route.of(ws)
}

// newSidebar builds the sidebar with its components.
func newSidebar(d sideDeps) sidebarOwner {
	dirs := projecttree.NewDirReader()
	return sidebarOwner{deps: d,
		changes: changes.New(d.th, d.km),
		dirs:    dirs,
		tree:    projecttree.New(d.th, d.km, dirs)}
}

// sideEnv is what the root tells the sidebar at each call of what it does
// not own: where the sidebar is on the screen, whether it has the focus,
// and the shell its terminal runs (Settings may change the config).
type sideEnv struct {
	width      int  // its columns, 0 while it is not shown
	x, y, w, h int  // the inside of its frame on the screen
	focused    bool // it has the focus
	shell      config.Assistant
	hasShell   bool // the config has a "shell" assistant
}

// leaveSidebar asks the root to move the focus off the sidebar, if it has
// it: what had it (the shown workspace, its shell) is gone.
type leaveSidebar struct{}

// enterSidebar asks the root to give the sidebar the focus: a stopped
// landing's conflicts are listed in it.
type enterSidebar struct{}

// dirtyNoted tells the root what a review says of ws's uncommitted
// changes, for its row in the list.
type dirtyNoted struct {
	ws    string
	dirty bool
}

// noteLanding records what a review of ws says is stopped.
func (s *sidebarOwner) noteLanding(ws string, r workspace.Review) {
	if s.landings == nil {
		s.landings = map[string]scene.Landing{}
	}
	s.landings[ws] = scene.Landing{How: r.Landing, Conflicts: r.Conflicts}
}

// knownNoLanding reports whether amux knows that no merge or rebase of ws
// is stopped (unknown, never reviewed since the start, is false).
func (s *sidebarOwner) knownNoLanding(ws string) bool {
	l, known := s.landings[ws]
	return known && l.How == ""
}

// widthIn is the sidebar's width on a screen screenW wide, 0 when it is
// not shown; canShow: a workspace with a worktree is selected and no tab
// is zoomed; room: the most it may take, leaving the tabs theirs.
func (s *sidebarOwner) widthIn(canShow bool, screenW, room int) int {
	if !canShow {
		return 0
	}
	switch s.show {
	case sideHidden:
		return 0
	case sideAuto:
		if screenW < sideAutoMinWidth {
			return 0
		}
	}
	w := s.width
	if w == 0 {
		w = sideDefaultWidth
	}
	return max(sideMinWidth, min(w, room))
}

// toggle shows the sidebar, or hides it when it is shown; the choice holds
// until the next toggle, whatever the screen's width.
func (s *sidebarOwner) toggle(shown bool) {
	if shown {
		s.show = sideHidden
	} else {
		s.show = sideShown
	}
}

// resize sets its width (at least sideMinWidth) and shows it.
func (s *sidebarOwner) resize(width int) {
	s.width = max(sideMinWidth, width)
	s.show = sideShown
}

// step moves to the next (d=1) or previous (d=-1) tab; the Terminal tab
// starts its shell on first show.
func (s *sidebarOwner) step(d int, env sideEnv) (tea.Cmd, modal.Outcome) {
	s.tab = (s.tab + sideTab(d) + sideTabCount) % sideTabCount
	if s.tab == sideTerminal {
		open, out := s.openTerm(env)
		return tea.Batch(open, s.syncTerm(env)), out
	}
	return s.syncTerm(env), modal.Outcome{}
}

// Update handles the sidebar's own messages: its watchers' and reviews'
// results, its terminal's attach and frames, what its components ask for,
// and what the review owner learned of a landing.
func (s *sidebarOwner) Update(msg tea.Msg, env sideEnv) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case sideWatchMsg:
		return s.onWatch(msg)
	case sideChangedMsg:
		return s.onChanged(msg), modal.Outcome{}
	case sideReviewMsg:
		return s.onReview(msg)
	case mainWatchMsg:
		return s.onMainWatch(msg)
	case mainChangedMsg:
		return s.onMainChanged(msg), modal.Outcome{}
	case sideTermMsg:
		return s.onTerm(msg, env)
	case changes.RequestMsg:
		return s.onChangesRequest(msg)
	case projecttree.RequestMsg:
		return s.onTreeRequest(msg)
	case projecttree.LoadedMsg:
		var cmd tea.Cmd
		s.tree, cmd = s.tree.Update(msg)
		return cmd, modal.Outcome{}
	case review.LandingSeen:
		s.landingSeen(msg)
	case review.ConflictsInSide:
		return nil, s.showConflicts(msg, env)
	case termview.Msg:
		if ws, t := s.termOf(msg.Terminal()); t != nil {
			return s.onTermMsg(ws, t, msg)
		}
	}
	return nil, modal.Outcome{}
}

// What the sidebar's components ask of the other owners goes as requests
// in the sidebar's outcome: the root routes them to the review owner
// (review.OpenFileDiff and the others; an editor to the tabs owner, as
// editorReq). Each names the workspace shown.

// onChangesRequest answers what the Changes list asks for.
func (s *sidebarOwner) onChangesRequest(r changes.RequestMsg) (tea.Cmd, modal.Outcome) {
	switch r.Op {
	case changes.OpOpenDiff:
		return nil, modal.Outcome{}.Then(review.OpenFileDiff{WS: s.ws, File: r.File, Group: r.Group})
	case changes.OpOpenCommit:
		return nil, modal.Outcome{}.Then(review.OpenCommitDiff{WS: s.ws, Commit: r.Commit})
	case changes.OpToggleStage:
		if r.Group == changes.Conflicted {
			// Staged where the conflict is (a merge's: the main
			// checkout), only once its markers are gone.
			return nil, modal.Outcome{}.Then(review.MarkResolved{WS: s.ws, Path: r.File.Path})
		}
		return nil, modal.Outcome{}.Then(review.Stage{WS: s.ws, Path: r.File.Path, Unstage: r.Group == changes.Staged})
	case changes.OpCommit:
		return nil, modal.Outcome{}.Then(review.OpenCommit{})
	case changes.OpRefresh:
		return s.refresh(), modal.Outcome{}
	}
	return nil, modal.Outcome{}
}

// onTreeRequest answers what the Project tree asks for, if it is of the
// workspace shown.
func (s *sidebarOwner) onTreeRequest(r projecttree.RequestMsg) (tea.Cmd, modal.Outcome) {
	if r.Workspace != s.ws {
		return nil, modal.Outcome{}
	}
	switch r.Op {
	case projecttree.OpEditor:
		return nil, modal.Outcome{}.Then(editorReq{WS: r.Workspace, Path: r.Path})
	case projecttree.OpExplain:
		return nil, modal.Outcome{Say: r.Path + " " + r.Why, SayLevel: modal.LevelInfo}
	}
	return nil, modal.Outcome{}.Then(review.OpenFileView{WS: r.Workspace, Path: r.Path})
}
