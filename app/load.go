package app

import (
	"context"
	"errors"
	"sort"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/projectlist"
)

// loadTimeout bounds one project list load (store reads and one list-sessions).
const loadTimeout = 5 * time.Second

type loadedMsg struct {
	gen  int
	snap snapshot
	err  error
}

type dirtyMsg struct{ dirty map[string]bool } // workspace ID → uncommitted changes

// load reads projects, records and live sessions off the update loop. A
// newer load supersedes an older one still in flight (generation token).
func (l *listOwner) load() tea.Cmd {
	l.loadGen++
	gen, life, sess := l.loadGen, l.d.life, l.d.sessions
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
		return loadedMsg{gen: gen, snap: scene.NewSnapshot(projects, records, sessions), err: errors.Join(errs...)}
	}
}

// dirtyWorkers bounds concurrent git status calls: 500 workspaces must not
// mean 500 git processes at once.
const dirtyWorkers = 4

// refreshDirty checks git status of every present worktree, a few at a
// time, and reports them together. It runs after the first load and on
// refresh, never on a timer: idle costs nothing.
func (l *listOwner) refreshDirty() tea.Cmd {
	var ids []string
	for _, r := range l.localSnap().Records { // a host's trees are not this machine's to check
		if !r.Shelved && r.Root != "" {
			ids = append(ids, r.WorkspaceID())
		}
	}
	if len(ids) == 0 {
		return func() tea.Msg { return dirtyMsg{map[string]bool{}} }
	}
	stat := l.d.status
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

// onLoaded takes the newest load's snapshot; the root then lets the tabs
// follow its sessions before the rows are drawn (listLoadedReq, settle).
func (l *listOwner) onLoaded(msg loadedMsg) (tea.Cmd, modal.Outcome) {
	if msg.gen != l.loadGen {
		return nil, modal.Outcome{} // a newer load is on its way
	}
	first := !l.loaded
	l.takeLocal(msg.snap) // with the hosts' records and sessions after it
	l.loaded = true
	out := modal.Outcome{}.Then(listLoadedReq{first: first, live: len(msg.snap.Sessions) > 0})
	if msg.err != nil {
		out.Say, out.SayLevel = "load: "+msg.err.Error(), modal.LevelError
	}
	return nil, out
}

// settle draws the rows of the load just taken, applies the saved layout
// (once) and the selection a flow asked for, and checks git status after
// the first load or when a flow changed a tree.
func (l *listOwner) settle(sc listScene, first bool) (tea.Cmd, modal.Outcome) {
	l.rebuild(sc)
	out := l.applySavedView()
	if p, ok := strings.CutPrefix(l.pendingSelect, "p:"); ok {
		l.rows.SelectProject(p)
	} else if l.pendingSelect != "" && !l.rows.SelectWorkspace(l.pendingSelect) && len(l.hosts) > 0 {
		// Made on a host, whose push may come after this machine's load:
		// the next push selects it (hostPushed).
		l.awaitPush = l.pendingSelect
	}
	l.pendingSelect = ""
	var cmd tea.Cmd
	if first || l.dirtyAfterLoad {
		l.dirtyAfterLoad = false
		cmd = l.refreshDirty()
	}
	return cmd, out
}

// noteDirty marks one workspace's row as having uncommitted changes or
// not, as the sidebar saw.
func (l *listOwner) noteDirty(ws string, dirty bool, sc listScene) {
	l.dirty[ws] = dirty
	l.rebuild(sc)
}

// rebuild converts the snapshot into the list's rows, with the marks the
// other owners put on them.
func (l *listOwner) rebuild(sc listScene) {
	projects := buildProjects(l.localSnap(), l.dirty, sc.busy)
	decorate(projects, sc)
	for i := range projects {
		if l.projectErrs[projects[i].Path] != "" {
			projects[i].Error = "missing" // the tab area says what and what to do
		}
	}
	l.rows.SetProjects(projects)
	l.rows.SetHosts(l.hostRows(sc)) // none without hosts: the list as it always was
}

// decorate gives every workspace row of projects the marks of sc: its
// tabs' badge, shelved, a stopped landing (a busy row keeps its
// operation's word).
func decorate(projects []projectlist.Project, sc listScene) {
	for pi := range projects {
		for wi := range projects[pi].Workspaces {
			w := &projects[pi].Workspaces[wi]
			if w.Busy {
				continue
			}
			if sc.badge != nil {
				w.Badge, w.Detail = sc.badge(w.ID)
			}
			if w.Detail == "" && w.Shelved {
				w.Detail = "shelved"
			}
			if lg := sc.landings[w.ID]; w.Detail == "" && lg.How != "" {
				w.Detail = lg.How + " stopped" // until it is finished or aborted
			}
		}
	}
}

// buildProjects groups records under their projects, sorted by name, with
// each workspace's live-session badge. Records of unregistered repositories
// still show, under their repository's name, so nothing is ever hidden.
func buildProjects(s snapshot, dirty map[string]bool, busy map[string]string) []projectlist.Project {
	byRepo := map[string]*projectlist.Project{}
	var order []string
	add := func(path string) *projectlist.Project {
		if p, ok := byRepo[path]; ok {
			return p
		}
		byRepo[path] = &projectlist.Project{Name: s.Shown.Projects[path].Name, Path: path}
		order = append(order, path)
		return byRepo[path]
	}
	for _, p := range s.Projects {
		add(p.Path)
	}
	live := map[string]int{}
	for _, ses := range s.Sessions {
		if ses.Managed && ses.Workspace != "" && ses.Type != tmux.TypeRun {
			live[ses.Workspace]++
		}
	}
	for _, r := range s.Records {
		if r.Archived {
			continue
		}
		id := r.WorkspaceID()
		shown := s.Shown.Records[id]
		w := projectlist.Workspace{
			ID: id, Name: shown.Name, Branch: shown.Branch, Dirty: dirty[id] && !r.Shelved,
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
	out := make([]projectlist.Project, 0, len(order))
	for _, path := range order {
		p := byRepo[path]
		sort.SliceStable(p.Workspaces, func(i, j int) bool { return p.Workspaces[i].Name < p.Workspaces[j].Name })
		out = append(out, *p)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
