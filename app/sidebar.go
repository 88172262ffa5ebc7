package app

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/projecttree"
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

// sidebar is the right-hand panel of the selected workspace: its changes
// and its files. One watcher runs, for the workspace shown; a refresh of
// the changes runs only when the watcher says something changed, at most
// one at a time (a change meanwhile asks for one more).
type sidebar struct {
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
	landings map[string]landing
	// main watches the project's main checkout while the shown
	// workspace's merge is stopped there (sidebar_mainwatch.go).
	main mainWatch

	terms    map[string]*tab // workspace → its sidebar terminal
	changes  changes.Model
	tree     projecttree.Model
	dragging bool // the left border is being dragged
}

// landing is a workspace's stopped merge or rebase: how ("merge",
// "rebase"; "" when none) and its unmerged paths.
type landing struct {
	how       string
	conflicts []string
}

// noteLanding records what a review of ws says is stopped.
func (m *Model) noteLanding(ws string, r workspace.Review) {
	if m.side.landings == nil {
		m.side.landings = map[string]landing{}
	}
	m.side.landings[ws] = landing{how: r.Landing, conflicts: r.Conflicts}
}

type sideWatchMsg struct {
	ws  string
	gen int
	w   workspace.ChangeWatch
	err error
}

type sideChangedMsg struct {
	ws  string
	gen int
}

type sideReviewMsg struct {
	ws     string
	gen    int
	review workspace.Review
	err    error
}

// sideWidth is the sidebar's width now, 0 when it is not shown.
func (m *Model) sideWidth() int {
	if m.sideWorkspace() == "" || m.list.zoomed {
		return 0
	}
	switch m.side.show {
	case sideHidden:
		return 0
	case sideAuto:
		if m.width < sideAutoMinWidth {
			return 0
		}
	}
	w := m.side.width
	if w == 0 {
		w = sideDefaultWidth
	}
	return max(sideMinWidth, min(w, m.width-m.listWidth()-centerMinWidth)) // the tabs keep room
}

// sideWorkspace is the workspace the sidebar can show: the selected one,
// with a worktree.
func (m *Model) sideWorkspace() string {
	w, ok := m.dash.SelectedWorkspace()
	if !ok || w.Shelved {
		return ""
	}
	return w.ID
}

// sideTarget is the workspace the sidebar should show now: none while it
// is not shown (then nothing is watched).
func (m *Model) sideTarget() string {
	if m.sideWidth() == 0 {
		return ""
	}
	return m.sideWorkspace()
}

// syncSidebar follows the selection: a newly selected workspace gets its
// watcher, a first refresh and its tree; the last one's watcher stops.
func (m *Model) syncSidebar() tea.Cmd {
	id := m.sideTarget()
	if id == m.side.ws {
		return nil
	}
	if m.side.watcher != nil {
		m.side.watcher.Close()
		m.side.watcher = nil
	}
	m.stopMainWatch()
	m.side.ws, m.side.gen = id, m.side.gen+1
	m.side.review, m.side.err, m.side.loading, m.side.again, m.side.toConflict = workspace.Review{}, nil, false, false, false
	m.side.changes.SetData(changes.Data{})
	if m.focus == focusSidebar && id == "" {
		m.focus = focusCenter
	}
	if id == "" {
		return nil
	}
	rec, _ := m.record(id)
	m.side.changes.SetLoading(true)
	gen, stat := m.side.gen, m.deps.Status
	start := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		w, err := stat.Watch(ctx, id)
		return sideWatchMsg{ws: id, gen: gen, w: w, err: err}
	}
	var term tea.Cmd
	if m.side.tab == sideTerminal {
		term = m.openSideTerm()
	}
	return tea.Batch(start, m.refreshReview(), m.side.tree.SetWorkspace(id, rec.Root), term, m.syncSideTerm())
}

// refreshReview reads the shown workspace's changes, unless a read is in
// flight already (then one more follows it).
func (m *Model) refreshReview() tea.Cmd {
	if m.side.ws == "" {
		return nil
	}
	if m.side.loading {
		m.side.again = true
		return nil
	}
	m.side.loading = true
	m.side.changes.SetLoading(true)
	id, gen, rev := m.side.ws, m.side.gen, m.deps.Review
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		r, err := rev.Review(ctx, id)
		return sideReviewMsg{ws: id, gen: gen, review: r, err: err}
	}
}

func (m *Model) onSideWatch(msg sideWatchMsg) tea.Cmd {
	if msg.gen != m.side.gen {
		if msg.w != nil {
			msg.w.Close() // the selection moved on meanwhile
		}
		return nil
	}
	if msg.err != nil {
		return m.say(levelWarn, "changes are not watched: "+msg.err.Error()+" ("+m.keyName(actRefresh)+" refreshes them)")
	}
	m.side.watcher = msg.w
	// A change made after the first review but before the watcher was
	// armed sends no signal: one review now closes that gap.
	return tea.Batch(m.refreshReview(), waitChange(msg.ws, msg.gen, msg.w))
}

// waitChange waits for the watcher's next signal. A closed watcher ends
// the wait with no message.
func waitChange(ws string, gen int, w workspace.ChangeWatch) tea.Cmd {
	return func() tea.Msg {
		if _, ok := <-w.Changed(); !ok {
			return nil
		}
		return sideChangedMsg{ws: ws, gen: gen}
	}
}

func (m *Model) onSideChanged(msg sideChangedMsg) tea.Cmd {
	if msg.gen != m.side.gen || m.side.watcher == nil {
		return nil
	}
	return tea.Batch(m.refreshReview(), waitChange(msg.ws, msg.gen, m.side.watcher))
}

func (m *Model) onSideReview(msg sideReviewMsg) tea.Cmd {
	if msg.gen != m.side.gen {
		return nil
	}
	m.side.loading = false
	m.side.review, m.side.err = msg.review, msg.err
	if msg.err != nil {
		m.side.changes.SetError(msg.err)
	} else {
		m.side.changes.SetData(changesData(msg.review))
		if m.side.toConflict && m.side.changes.SelectFirst(changes.Conflicted) {
			m.side.toConflict = false
		}
		m.noteLanding(msg.ws, msg.review)
		m.dirty[msg.ws] = !msg.review.Changes.Empty()
		m.rebuildDashboard()
	}
	watch := m.syncMainWatch()
	if m.side.again {
		m.side.again = false
		return tea.Batch(watch, m.refreshReview())
	}
	return watch
}

// changesData is a review as the Changes list shows it.
func changesData(r workspace.Review) changes.Data {
	c := r.Changes
	d := changes.Data{Branch: c.Branch, Base: r.Base, CommitCount: r.CommitCount}
	conv := func(g changes.Group, list []git.Change, n int) {
		for _, ch := range list {
			d.Files[g] = append(d.Files[g], changes.File{Path: ch.Path, OrigPath: ch.OrigPath, Code: ch.Code})
		}
		d.Counts[g] = n
	}
	conv(changes.Conflicted, c.Conflicted, c.ConflictedCount)
	conv(changes.Staged, c.Staged, c.StagedCount)
	conv(changes.Unstaged, c.Unstaged, c.UnstagedCount)
	conv(changes.Untracked, c.Untracked, c.UntrackedCount)
	if r.Landing != "" && c.ConflictedCount == 0 && len(r.Conflicts) > 0 {
		// A merge stopped in the main checkout: its conflicts are there.
		for _, p := range r.Conflicts {
			d.Files[changes.Conflicted] = append(d.Files[changes.Conflicted], changes.File{Path: p, Code: 'U', InMain: r.Landing == "merge"})
		}
		d.Counts[changes.Conflicted] = len(r.Conflicts)
	}
	for _, cm := range r.Commits {
		d.Commits = append(d.Commits, changes.Commit{Hash: cm.Hash, Short: cm.Short, Subject: cm.Subject})
	}
	return d
}
