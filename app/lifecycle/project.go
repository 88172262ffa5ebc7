package lifecycle

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/picker"
	"amux.dev/amux/workspace"
)

// addProjectOverlay is the path picker that adds a project: a modal
// that adds through the lifecycle service and asks the root to reload,
// selecting the new project.
type addProjectOverlay struct {
	p       picker.Model
	life    workspace.LifecycleService
	pending bool // an add is running
}

type candidatesMsg struct{ paths []string }

type projectAddedMsg struct {
	project workspace.Project
	err     error
}

// addProject adds the project at path through life off the update loop:
// both add dialogs (a picker here, a typed path on a host) end in it.
func addProject(life workspace.LifecycleService, path string, timeout time.Duration) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		p, err := life.AddProject(ctx, path)
		return projectAddedMsg{p, err}
	}
}

// OpenAddProject opens the picker and looks for repositories to offer
// (off the update loop: it reads directories); on a host, the form that
// adds one by its path there.
func (l *Owner) OpenAddProject() (tea.Cmd, modal.Outcome) {
	if l.d.host != "" {
		return l.openAddHostProject(l.d.host)
	}
	o := &addProjectOverlay{p: picker.New(l.d.th, l.d.km, "Add project", l.d.home, l.d.cwd, nil), life: l.d.life}
	home, cwd := l.d.home, l.d.cwd
	return func() tea.Msg { return candidatesMsg{findRepos(home, cwd)} }, modal.Outcome{Open: o}
}

func (o *addProjectOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case candidatesMsg:
		o.p.SetRows(msg.paths)
		return nil, modal.Outcome{}
	case projectAddedMsg:
		o.pending = false
		if msg.err != nil {
			o.p.SetError(msg.err.Error())
			return nil, modal.Outcome{}
		}
		// Selected after the load, so the next n creates there.
		return nil, modal.Outcome{Close: true, Say: "added project " + msg.project.Name}.
			Then(scene.Reload{List: true, SelectAfter: "p:" + msg.project.Path, Projects: true})
	}
	if o.pending {
		return nil, modal.Outcome{}
	}
	p, cmd, out := o.p.Update(msg)
	o.p = p
	switch out {
	case dialog.Cancelled:
		return cmd, modal.Closed()
	case dialog.Submitted:
		o.pending = true
		return addProject(o.life, o.p.Chosen(), 10*time.Second), modal.Outcome{}
	}
	return cmd, modal.Outcome{}
}

func (o *addProjectOverlay) View(w, h int) string { return o.p.View(w, min(h, 24)) }

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
