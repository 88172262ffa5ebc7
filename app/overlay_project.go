package app

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/picker"
	"amux.dev/amux/workspace"
)

// addProjectOverlay is the path picker that adds a project.
type addProjectOverlay struct {
	p       picker.Model
	pending bool // an add is running
}

type candidatesMsg struct{ paths []string }

type projectAddedMsg struct {
	project workspace.Project
	err     error
}

func (m *Model) openAddProject() tea.Cmd {
	o := &addProjectOverlay{p: picker.New(m.th, m.km, "Add project", m.deps.Home, m.deps.Cwd, nil)}
	m.overlay = o
	home, cwd := m.deps.Home, m.deps.Cwd
	return func() tea.Msg { return candidatesMsg{findRepos(home, cwd)} }
}

func (o *addProjectOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case candidatesMsg:
		o.p.SetRows(msg.paths)
		return nil
	case projectAddedMsg:
		o.pending = false
		if msg.err != nil {
			o.p.SetError(msg.err.Error())
			return nil
		}
		m.closeOverlay()
		m.pendingSelect = "p:" + msg.project.Path // the next n creates there
		// checkProjects says which listed worktrees were not imported, and why.
		return tea.Batch(m.load(), m.say(levelInfo, "added project "+msg.project.Name), m.checkProjects())
	}
	if o.pending {
		return nil
	}
	p, cmd, out := o.p.Update(msg)
	o.p = p
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		o.pending = true
		path, life := o.p.Chosen(), m.deps.Lifecycle
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			p, err := life.AddProject(ctx, path)
			return projectAddedMsg{p, err}
		}
	}
	return cmd
}

func (o *addProjectOverlay) view(m *Model, w, h int) string { return o.p.View(w, min(h, 24)) }

// findRepos offers git repositories near the user: the start directory and
// its children, and the children of home and of a few usual code folders.
// It only stats, never runs git.
func findRepos(home, cwd string) []string {
	seen := map[string]bool{}
	var out []string
	consider := func(dir string) {
		if seen[dir] {
			return
		}
		seen[dir] = true
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			out = append(out, dir)
		}
	}
	scan := func(dir string) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			if e.IsDir() && e.Name()[0] != '.' {
				consider(filepath.Join(dir, e.Name()))
			}
		}
	}
	if cwd != "" {
		consider(cwd)
		scan(cwd)
	}
	if home != "" {
		scan(home)
		for _, sub := range []string{"code", "src", "projects", "dev", "work", "git"} {
			scan(filepath.Join(home, sub))
		}
	}
	sort.Strings(out)
	return out
}
