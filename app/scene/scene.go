// Package scene holds the values app's owners and dialogs pass around and
// read of each other, below all of them: the load's snapshot with its
// display copy, the request to read things again, and what is known of a
// workspace's stopped landing. An owner outside the root (review, say)
// reads these instead of the root's own types; nothing here imports app.
package scene

import (
	"path/filepath"
	"strings"

	"amux.dev/amux/app/paint"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// Snapshot is the data the project list shows, loaded off the update
// loop. Projects, Records and Sessions are byte-exact; Shown is what the
// screen draws of them.
type Snapshot struct {
	Projects []workspace.Project
	Records  []workspace.Record
	Sessions []tmux.SessionInfo
	Shown    Shown
}

// What the screen draws of outside text (paths, names, tags, reported
// messages, git and script output) is a display copy made by
// safetext.Line once, where the text enters the model: a load, a scan, a
// result message. The originals stay where they are identities — a
// worktree path to open, a branch git resolves, a session name tmux
// targets — and are never drawn directly.

// Shown is the display copy of a snapshot's projects and records.
type Shown struct {
	Projects map[string]ShownProject // by repository path
	Records  map[string]ShownRecord  // by workspace ID
}

// ShownProject is a project's name and path as drawn.
type ShownProject struct{ Name, Path string }

// ShownRecord is a record's outside strings as drawn.
type ShownRecord struct {
	Name, Branch, Base, Root string
	Tabs                     map[string]string // tab ID → saved title
}

// NewSnapshot holds what a load read, with its display copy.
func NewSnapshot(projects []workspace.Project, records []workspace.Record, sessions []tmux.SessionInfo) Snapshot {
	return Snapshot{Projects: projects, Records: records, Sessions: sessions, Shown: show(projects, records)}
}

// show makes the display copy of what a load read. A record whose
// repository is not registered is shown under its repository's base name.
func show(projects []workspace.Project, records []workspace.Record) Shown {
	st := Shown{Projects: map[string]ShownProject{}, Records: map[string]ShownRecord{}}
	for _, p := range projects {
		name := p.Name
		if name == "" {
			name = filepath.Base(p.Path)
		}
		st.Projects[p.Path] = ShownProject{Name: safetext.Line(name), Path: safetext.Line(p.Path)}
	}
	for _, r := range records {
		if _, ok := st.Projects[r.Repo]; !ok {
			st.Projects[r.Repo] = ShownProject{Name: safetext.Line(filepath.Base(r.Repo)), Path: safetext.Line(r.Repo)}
		}
		sr := ShownRecord{Name: safetext.Line(r.Name), Branch: safetext.Line(r.Branch),
			Base: safetext.Line(r.Base), Root: safetext.Line(r.Root), Tabs: map[string]string{}}
		for _, t := range r.Tabs {
			sr.Tabs[t.ID] = safetext.Line(t.Title)
		}
		st.Records[r.WorkspaceID()] = sr
	}
	return st
}

// Record finds a loaded record by workspace ID.
func (s Snapshot) Record(id string) (workspace.Record, bool) {
	for _, r := range s.Records {
		if r.WorkspaceID() == id {
			return r, true
		}
	}
	return workspace.Record{}, false
}

// ProjectPath is the display copy of a project's path; a repository the
// load did not read is made drawable here.
func (s Snapshot) ProjectPath(repo string) string {
	if p, ok := s.Shown.Projects[repo]; ok {
		return p.Path
	}
	return strings.TrimSpace(paint.NoticeLine(repo))
}

// Reload is the one request every owner makes when its work changed what
// the root shows: a created or torn-down workspace, a commit, a landing, a
// resumed tab, a run's session. List loads the workspace list (sessions
// made meanwhile show as tabs); Changes reads the sidebar's review of the
// workspace it shows again. With the list: SelectAfter is a workspace (or,
// as "p:<path>", a project) to select once the load shows it; Dirty asks
// the load to recompute which trees hold uncommitted work (a teardown or a
// restore changed one); Projects also checks every project's place (a
// project was added).
type Reload struct {
	List, Changes bool
	SelectAfter   string
	Dirty         bool
	Projects      bool
}

// Landing is a workspace's stopped merge or rebase: How ("merge",
// "rebase"; "" when none) and its unmerged paths.
type Landing struct {
	How       string
	Conflicts []string
}

// Editor asks for Path in $EDITOR in a tab of workspace WS (from the main
// checkout with InMain): the diff viewer and the Project tree ask it, the
// tabs owner answers.
type Editor struct {
	WS, Path string
	InMain   bool
}
