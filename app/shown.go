package app

import (
	"path/filepath"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// What the screen draws of outside text (paths, names, tags, reported
// messages, git and script output) is a display copy made by
// safetext.Line once, where the text enters the model: a load, a scan, a
// result message. The originals stay where they are identities — a
// worktree path to open, a branch git resolves, a session name tmux
// targets — and are never drawn directly.

// shownText is the display copy of a snapshot's projects and records.
type shownText struct {
	projects map[string]shownProject // by repository path
	records  map[string]shownRecord  // by workspace ID
}

// shownProject is a project's name and path as drawn.
type shownProject struct{ name, path string }

// shownRecord is a record's outside strings as drawn.
type shownRecord struct {
	name, branch, base, root string
	tabs                     map[string]string // tab ID → saved title
}

// newSnapshot holds what a load read, with its display copy.
func newSnapshot(projects []workspace.Project, records []workspace.Record, sessions []tmux.SessionInfo) snapshot {
	return snapshot{projects: projects, records: records, sessions: sessions, shown: showSnapshot(projects, records)}
}

// showSnapshot makes the display copy of what a load read. A record whose
// repository is not registered is shown under its repository's base name.
func showSnapshot(projects []workspace.Project, records []workspace.Record) shownText {
	st := shownText{projects: map[string]shownProject{}, records: map[string]shownRecord{}}
	for _, p := range projects {
		name := p.Name
		if name == "" {
			name = filepath.Base(p.Path)
		}
		st.projects[p.Path] = shownProject{name: safetext.Line(name), path: safetext.Line(p.Path)}
	}
	for _, r := range records {
		if _, ok := st.projects[r.Repo]; !ok {
			st.projects[r.Repo] = shownProject{name: safetext.Line(filepath.Base(r.Repo)), path: safetext.Line(r.Repo)}
		}
		sr := shownRecord{name: safetext.Line(r.Name), branch: safetext.Line(r.Branch),
			base: safetext.Line(r.Base), root: safetext.Line(r.Root), tabs: map[string]string{}}
		for _, t := range r.Tabs {
			sr.tabs[t.ID] = safetext.Line(t.Title)
		}
		st.records[r.WorkspaceID()] = sr
	}
	return st
}

// shownState is the display copy of a scan's classification: the kind,
// message, app and detail a program reported (or a screen rule quoted).
func shownState(r agentstate.Result) agentstate.Result {
	r.Kind = safetext.Line(r.Kind)
	r.Message = safetext.Line(r.Message)
	r.App = safetext.Line(r.App)
	r.Detail = safetext.Line(r.Detail)
	return r
}

// shownStatus is the display copy of a workspace's status: the script
// commands come from the repository, and are shown for approval with their
// escapes removed, so nothing in them can hide the rest of the line.
func shownStatus(st workspace.Status) workspace.Status {
	scripts := make([]workspace.ScriptInfo, len(st.Scripts))
	for i, s := range st.Scripts {
		s.Commands = append([]string(nil), s.Commands...)
		for j, c := range s.Commands {
			s.Commands[j] = safetext.Line(c)
		}
		s.Source = workspace.Source(safetext.Line(string(s.Source)))
		scripts[i] = s
	}
	st.Scripts = scripts
	st.Ports = safetext.Line(st.Ports)
	return st
}
