package app

import (
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/projectlist"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/client"
	"amux.dev/amux/workspace/remote/fleet"
)

// listOwner is the project list (on screen "Projects"): the snapshot a
// load read, the rows drawn from it, the selection, the filter being
// typed, the projects that cannot be used, and the layout saved at the
// last quit. The root asks it what is selected and draws its rows; it
// answers its messages with a command and an outcome the root applies.
// The list's size and the zoom are layout, and stay the root's (listPane).
type listOwner struct {
	d listDeps

	rows   projectlist.Model
	filter *textinput.Model // non-nil while the filter is being typed
	snap   snapshot         // every machine's: this one's load, then each host's pushed state
	local  snapshot         // this machine's load alone (remote_list.go)
	hosts  []fleet.Host
	// forwarded are the remote workspaces whose ports reach this machine
	// (remote_forward.go), drawn on their rows.
	forwarded map[string][]client.Forwarding
	loadGen   int // the newest load's token: older results are dropped
	loaded    bool
	dirty     map[string]bool // workspace ID → uncommitted changes
	// pendingSelect is a workspace (or, as "p:<path>", a project) to select
	// once the next load shows it.
	pendingSelect string
	// awaitPush is a workspace a flow selected that no load showed: one
	// made on a host, selected when the host's push brings it.
	awaitPush string
	// dirtyAfterLoad asks the next load to recompute dirty: a restore or a
	// teardown changed a tree the map describes.
	dirtyAfterLoad bool
	// projectErrs says, by project path, why a project cannot be used
	// (moved or vanished): its row shows it with retry and remove.
	projectErrs map[string]string

	// The layout saved at the last quit (viewstate.go): applied once, on
	// the first load after it was read. lastSavedView is what was written
	// last, so an unchanged layout is not written again.
	savedView     *workspace.ViewState
	viewApplied   bool
	lastSavedView *workspace.ViewState
}

// listDeps is what the list is built with: the engine services it reads
// and calls, and how it names keys. The theme is the root's (Settings
// changes it): the scene brings it.
type listDeps struct {
	life     workspace.LifecycleService // projects, records, removal, rename
	sessions workspace.SessionService   // the live sessions a load lists
	status   workspace.StatusService    // dirty marks
	views    workspace.ViewStateService // the saved layout (nil: none kept)
	km       keys.Map
	reg      *keys.Registry // key names in the text it shows
	zone     *time.Location // where times are shown
	route    *router        // a host's workspaces and projects are managed there (nil: life)
}

// listScene is what the list reads of the root for one call: the marks
// other owners put on its rows.
type listScene struct {
	th       theme.Theme
	busy     map[string]string // a running lifecycle operation, by workspace
	badge    func(wsID string) (projectlist.Badge, string)
	landings map[string]scene.Landing // a stopped merge or rebase, by workspace
}

// listLoadedReq asks the root to settle a load the list took: the tabs
// follow its sessions first, then the rows are drawn (onListLoaded).
type listLoadedReq struct {
	first bool // the first load since start
	live  bool // it lists sessions: the monitor has something to watch
}

// savedTabsReq asks the root to show each workspace's saved tab again.
type savedTabsReq struct{ tabs map[string]string } // workspace ID → tab ID

// newListOwner is an empty list, not yet loaded.
func newListOwner(d listDeps) *listOwner {
	if d.zone == nil {
		d.zone = time.Local
	}
	return &listOwner{d: d, rows: projectlist.New(), dirty: map[string]bool{}}
}

// Update answers one of the list's messages.
func (l *listOwner) Update(msg tea.Msg, sc listScene) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case loadedMsg:
		return l.onLoaded(msg)
	case dirtyMsg:
		l.dirty = msg.dirty
		l.rebuild(sc)
	case projectsCheckedMsg:
		return l.onProjectsChecked(msg, sc)
	case managedMsg:
		return l.onManaged(msg)
	case viewStateMsg:
		return l.onViewState(msg)
	case tea.KeyPressMsg:
		return l.filterKey(msg), modal.Outcome{}
	}
	return nil, modal.Outcome{}
}

// selected is the row under the cursor.
func (l *listOwner) selected() (projectlist.Row, bool) { return l.rows.Selected() }

// selectedProject is the selected row's project (a workspace row's too).
func (l *listOwner) selectedProject() (projectlist.Project, bool) { return l.rows.SelectedProject() }

// selectedWorkspace is the selected workspace row's workspace.
func (l *listOwner) selectedWorkspace() (projectlist.Workspace, bool) {
	return l.rows.SelectedWorkspace()
}

// selectedID is the selected workspace's ID, "" on a project row or none.
func (l *listOwner) selectedID() string {
	if w, ok := l.rows.SelectedWorkspace(); ok {
		return w.ID
	}
	return ""
}

// move, top and bottom move the cursor; toggle folds the selected project.
func (l *listOwner) move(d int) { l.rows.Move(d) }
func (l *listOwner) top()       { l.rows.Top() }
func (l *listOwner) bottom()    { l.rows.Bottom() }
func (l *listOwner) toggle()    { l.rows.Toggle() }

// click selects the row at y in the list (0 is its first row).
func (l *listOwner) click(y int) { l.rows.ClickRow(y) }

// selectWorkspace puts the cursor on workspace id, if it is listed.
func (l *listOwner) selectWorkspace(id string) { l.rows.SelectWorkspace(id) }

// reveal selects workspace id even when the filter hides it: the filter
// is dropped.
func (l *listOwner) reveal(id string) {
	l.rows.SetFilter("")
	l.rows.SelectWorkspace(id)
}

// rowsView draws the rows width × height in th, the cursor's row marked
// when focused; spinner is the frame busy rows show.
func (l *listOwner) rowsView(th theme.Theme, width, height int, focused bool, spinner string) string {
	return l.rows.View(th, width, height, focused, spinner)
}

// record finds a loaded record by workspace ID.
func (l *listOwner) record(id string) (workspace.Record, bool) {
	for _, r := range l.snap.Records {
		if r.WorkspaceID() == id {
			return r, true
		}
	}
	return workspace.Record{}, false
}

// keyName is the first key of action id as text tells a person to press
// it, from the registry.
func (l *listOwner) keyName(id keys.ActionID) string {
	a, ok := l.d.reg.Get(id)
	if !ok || len(a.Keys) == 0 {
		return string(id)
	}
	return keys.KeyLabel(a.Keys[:1])
}

// sideWorkspace is the workspace the sidebar can show: the selected one,
// with a worktree.
func (l *listOwner) sideWorkspace() string {
	w, ok := l.selectedWorkspace()
	if !ok || w.Shelved {
		return ""
	}
	return w.ID
}

// foldSelected folds or unfolds the selected row when it is a project's,
// reporting whether it was.
func (l *listOwner) foldSelected() bool {
	if r, ok := l.selected(); ok && r.Kind == projectlist.ProjectRow {
		l.toggle()
		return true
	}
	return false
}
