package app

import (
	"context"
	"errors"
	"sort"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/dashboard"
	"amux.dev/amux/workspace"
)

// loadTimeout bounds one dashboard load (store reads and one list-sessions).
const loadTimeout = 5 * time.Second

type loadedMsg struct {
	gen  int
	snap snapshot
	err  error
}

type dirtyMsg struct{ dirty map[string]bool } // workspace ID → uncommitted changes

// load reads projects, records and live sessions off the update loop. A
// newer load supersedes an older one still in flight (generation token).
func (m *Model) load() tea.Cmd {
	m.loadGen++
	gen, life, sess := m.loadGen, m.deps.Lifecycle, m.deps.Sessions
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), loadTimeout)
		defer cancel()
		var errs []error
		projects, err := life.Projects(ctx)
		if err != nil {
			errs = append(errs, err)
		}
		records, err := life.Workspaces(ctx)
		if err != nil {
			errs = append(errs, err)
		}
		sessions, err := sess.Sessions(ctx)
		if err != nil {
			errs = append(errs, err)
		}
		return loadedMsg{gen: gen, snap: newSnapshot(projects, records, sessions), err: errors.Join(errs...)}
	}
}

// dirtyWorkers bounds concurrent git status calls: 500 workspaces must not
// mean 500 git processes at once.
const dirtyWorkers = 4

// refreshDirty checks git status of every present worktree, a few at a
// time, and reports them together. It runs after the first load and on
// refresh, never on a timer: idle costs nothing.
func (m *Model) refreshDirty() tea.Cmd {
	var ids []string
	for _, r := range m.snap.records {
		if !r.Shelved && r.Root != "" {
			ids = append(ids, r.WorkspaceID())
		}
	}
	if len(ids) == 0 {
		return func() tea.Msg { return dirtyMsg{map[string]bool{}} }
	}
	stat := m.deps.Status
	return func() tea.Msg {
		jobs := make(chan string)
		var mu sync.Mutex
		dirty := map[string]bool{}
		var wg sync.WaitGroup
		for range min(dirtyWorkers, len(ids)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for id := range jobs {
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					d, err := stat.Dirty(ctx, id)
					cancel()
					mu.Lock()
					dirty[id] = err == nil && d
					mu.Unlock()
				}
			}()
		}
		for _, id := range ids {
			jobs <- id
		}
		close(jobs)
		wg.Wait()
		return dirtyMsg{dirty}
	}
}

// onLoaded applies a loadedMsg.
func (m *Model) onLoaded(msg loadedMsg) tea.Cmd {
	if msg.gen != m.loadGen {
		return nil // a newer load is on its way
	}
	first := !m.loaded
	m.snap, m.loaded = msg.snap, true
	if len(msg.snap.sessions) > 0 {
		m.watch.wake() // there is something to watch (maybe made by someone else)
	}
	m.reconcileTabs()
	m.rebuildDashboard()
	m.applySavedView()
	if p, ok := strings.CutPrefix(m.pendingSelect, "p:"); ok {
		m.dash.SelectProject(p)
	} else if m.pendingSelect != "" {
		m.dash.SelectWorkspace(m.pendingSelect)
	}
	m.pendingSelect = ""
	var cmds []tea.Cmd
	if msg.err != nil {
		cmds = append(cmds, m.say(levelError, "load: "+msg.err.Error()))
	}
	if first || m.dirtyAfterLoad {
		m.dirtyAfterLoad = false
		cmds = append(cmds, m.refreshDirty())
	}
	cmds = append(cmds, m.showPendingTab(), m.saveViewState())
	return tea.Batch(cmds...)
}

// onDirty applies a dirtyMsg.
func (m *Model) onDirty(msg dirtyMsg) tea.Cmd {
	m.dirty = msg.dirty
	m.rebuildDashboard()
	return nil
}

// onNoticeExpired applies a noticeExpiredMsg.
func (m *Model) onNoticeExpired(msg noticeExpiredMsg) tea.Cmd {
	if msg.gen == m.noticeGen {
		m.notice = notice{}
	}
	return nil
}

// rebuildDashboard converts the snapshot into dashboard rows.
func (m *Model) rebuildDashboard() {
	projects := buildProjects(m.snap, m.dirty, m.life.busy)
	for pi := range projects {
		for wi := range projects[pi].Workspaces {
			w := &projects[pi].Workspaces[wi]
			if w.Busy {
				continue
			}
			w.Badge, w.Detail = m.tabs.badge(w.ID)
			if w.Detail == "" && w.Shelved {
				w.Detail = "shelved"
			}
			if l := m.side.landings[w.ID]; w.Detail == "" && l.how != "" {
				w.Detail = l.how + " stopped" // until it is finished or aborted
			}
		}
	}
	for i := range projects {
		if m.projectErrs[projects[i].Path] != "" {
			projects[i].Error = "missing" // the center says what and what to do
		}
	}
	m.dash.SetProjects(projects)
}

// buildProjects groups records under their projects, sorted by name, with
// each workspace's live-session badge. Records of unregistered repositories
// still show, under their repository's name, so nothing is ever hidden.
func buildProjects(s snapshot, dirty map[string]bool, busy map[string]string) []dashboard.Project {
	byRepo := map[string]*dashboard.Project{}
	var order []string
	add := func(path string) *dashboard.Project {
		if p, ok := byRepo[path]; ok {
			return p
		}
		byRepo[path] = &dashboard.Project{Name: s.shown.projects[path].name, Path: path}
		order = append(order, path)
		return byRepo[path]
	}
	for _, p := range s.projects {
		add(p.Path)
	}
	live := map[string]int{}
	for _, ses := range s.sessions {
		if ses.Managed && ses.Workspace != "" && ses.Type != tmux.TypeRun {
			live[ses.Workspace]++
		}
	}
	for _, r := range s.records {
		if r.Archived {
			continue
		}
		id := r.WorkspaceID()
		shown := s.shown.records[id]
		w := dashboard.Workspace{
			ID: id, Name: shown.name, Branch: shown.branch, Dirty: dirty[id] && !r.Shelved,
			Shelved: r.Shelved, Attached: live[id],
		}
		if op, ok := busy[id]; ok {
			w.Busy, w.Detail = true, op
		} else if r.Shelved {
			w.Detail = "shelved"
		}
		p := add(r.Repo)
		p.Workspaces = append(p.Workspaces, w)
	}
	out := make([]dashboard.Project, 0, len(order))
	for _, path := range order {
		p := byRepo[path]
		sort.SliceStable(p.Workspaces, func(i, j int) bool { return p.Workspaces[i].Name < p.Workspaces[j].Name })
		out = append(out, *p)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// record finds a loaded record by workspace ID.
func (m *Model) record(id string) (workspace.Record, bool) {
	for _, r := range m.snap.records {
		if r.WorkspaceID() == id {
			return r, true
		}
	}
	return workspace.Record{}, false
}
