package app

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/review"
	"amux.dev/amux/git"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/projecttree"
	"amux.dev/amux/workspace"
)

// The sidebar follows the selected workspace: its worktree is watched, and
// each change the watcher reports reads the workspace's review again.

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

// follow shows workspace id (root: its worktree; "" shows none): a newly
// shown workspace gets its watcher, a first refresh and its tree; the last
// one's watcher stops.
func (s *sidebarOwner) follow(id, root string, env sideEnv) (tea.Cmd, modal.Outcome) {
	if id == s.ws {
		return nil, modal.Outcome{}
	}
	if s.watcher != nil {
		s.watcher.Close()
		s.watcher = nil
	}
	s.stopMainWatch()
	s.ws, s.gen = id, s.gen+1
	s.review, s.err, s.loading, s.again, s.toConflict = workspace.Review{}, nil, false, false, false
	s.changes.SetData(changes.Data{})
	if id == "" {
		return nil, modal.Outcome{}.Then(leaveSidebar{})
	}
	s.changes.SetLoading(true)
	gen, stat := s.gen, s.deps.svc(id).Status
	start := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		w, err := stat.Watch(ctx, id)
		return sideWatchMsg{ws: id, gen: gen, w: w, err: err}
	}
	var term tea.Cmd
	var out modal.Outcome
	if s.tab == sideTerminal {
		term, out = s.openTerm(env)
	}
	s.tree.SetReader(s.dirs)
	if h := s.deps.svc(id).host; h != "" {
		s.tree.SetReader(hostDirs(h))
	}
	return tea.Batch(start, s.refresh(), s.tree.SetWorkspace(id, root), term, s.syncTerm(env)), out
}

// refresh reads the shown workspace's changes, unless a read is in flight
// already (then one more follows it).
func (s *sidebarOwner) refresh() tea.Cmd {
	if s.ws == "" {
		return nil
	}
	if s.loading {
		s.again = true
		return nil
	}
	s.loading = true
	s.changes.SetLoading(true)
	id, gen, rev := s.ws, s.gen, s.deps.svc(s.ws).Review
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		r, err := rev.Review(ctx, id)
		return sideReviewMsg{ws: id, gen: gen, review: r, err: err}
	}
}

func (s *sidebarOwner) onWatch(msg sideWatchMsg) (tea.Cmd, modal.Outcome) {
	if msg.gen != s.gen {
		if msg.w != nil {
			msg.w.Close() // the selection moved on meanwhile
		}
		return nil, modal.Outcome{}
	}
	if msg.err != nil {
		return nil, modal.Outcome{SayLevel: modal.LevelWarn,
			Say: "changes are not watched: " + msg.err.Error() + " (" + s.deps.km.First(actRefresh) + " refreshes them)"}
	}
	s.watcher = msg.w
	// A change made after the first review but before the watcher was
	// armed sends no signal: one review now closes that gap.
	return tea.Batch(s.refresh(), waitChange(msg.ws, msg.gen, msg.w)), modal.Outcome{}
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

func (s *sidebarOwner) onChanged(msg sideChangedMsg) tea.Cmd {
	if msg.gen != s.gen || s.watcher == nil {
		return nil
	}
	return tea.Batch(s.refresh(), waitChange(msg.ws, msg.gen, s.watcher))
}

// onReview shows a review of the shown workspace; the row's dirty mark
// follows it (the root's, asked for in the outcome).
func (s *sidebarOwner) onReview(msg sideReviewMsg) (tea.Cmd, modal.Outcome) {
	if msg.gen != s.gen {
		return nil, modal.Outcome{}
	}
	s.loading = false
	s.review, s.err = msg.review, msg.err
	var out modal.Outcome
	if msg.err != nil {
		s.changes.SetError(msg.err)
	} else {
		s.changes.SetData(changesData(msg.review))
		if s.toConflict && s.changes.SelectFirst(changes.Conflicted) {
			s.toConflict = false
		}
		s.noteLanding(msg.ws, msg.review)
		out = out.Then(dirtyNoted{ws: msg.ws, dirty: !msg.review.Changes.Empty()})
	}
	watch := s.syncMainWatch()
	if s.again {
		s.again = false
		return tea.Batch(watch, s.refresh()), out
	}
	return watch, out
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

// landingSeen records what the review owner learned of a landing: known
// false forgets it (the engine decides next time); with inSide the review
// shows in Changes when the sidebar shows its workspace.
func (s *sidebarOwner) landingSeen(q review.LandingSeen) {
	if !q.Known {
		delete(s.landings, q.WS)
		return
	}
	s.noteLanding(q.WS, q.Review)
	if q.InSide && s.ws == q.WS {
		s.review = q.Review
		s.changes.SetData(changesData(q.Review))
	}
}

// showConflicts lists a stopped landing's conflicts in Changes, the cursor
// on the first, when the sidebar is on screen showing q.WS; then it asks
// for the focus. Hidden or on another workspace, it only turns to Changes.
func (s *sidebarOwner) showConflicts(q review.ConflictsInSide, env sideEnv) modal.Outcome {
	s.tab = sideChanges
	if env.width == 0 || s.ws != q.WS {
		return modal.Outcome{}
	}
	if q.Reviewed { // the conflicts at once, the cursor on the first
		s.review = q.Review
		s.changes.SetData(changesData(q.Review))
	}
	s.changes.SelectFirst(changes.Conflicted)
	s.toConflict = true // a review read before the merge may arrive first
	return modal.Outcome{}.Then(enterSidebar{})
}

// hostDirs is the Project tree's reader for a workspace on a host: a
// host's paths are never read on this machine, and the host does not list
// its directories over the connection (its Changes are listed: review
// there reads them).
type hostDirs string

// ReadDir implements projecttree.Reader.
func (h hostDirs) ReadDir(context.Context, string, string) (projecttree.Listing, error) {
	return projecttree.Listing{}, errors.New("the files of a workspace on " + string(h) + " are not listed here: its Changes are, and a terminal tab there opens the rest")
}
