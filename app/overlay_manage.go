package app

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// Actions that manage projects and workspaces.
const (
	actRemoveProject   keys.ActionID = "remove-project"
	actRenameWorkspace keys.ActionID = "rename-workspace"
	actMainWorkspace   keys.ActionID = "main-checkout-workspace"
)

// manageTimeout bounds a project refresh, a rename or a removal.
const manageTimeout = time.Minute

func manageRows() []action {
	k := func(id keys.ActionID, ks []string, label, help string) keys.Action {
		return keys.Action{ID: id, Scope: scopeDashboard, Keys: ks, Label: label, Help: help, Palette: true}
	}
	return []action{
		{Action: k(actRemoveProject, []string{"X"}, "remove project", "Remove the selected project (typed confirm; its workspaces and worktrees are kept)"),
			run: (*Model).openRemoveProject, why: whyNoProject},
		{Action: k(actRenameWorkspace, []string{"E"}, "rename", "Rename the selected workspace (its branch keeps its name)"),
			run: (*Model).openRenameWorkspace, why: whyNoWorkspace},
		{Action: k(actMainWorkspace, []string{"m"}, "main checkout", "Use the project's main checkout as a workspace of its own (never deleted)"),
			run: (*Model).mainWorkspace, why: whyNoProject},
	}
}

type managedMsg struct {
	text     string
	selectWS string
	err      error
}

type projectsCheckedMsg struct {
	states []workspace.ProjectState
	err    error
}

// checkProjects asks the engine whether every project is still where it
// was and imports worktrees made outside amux (start and refresh).
func (m *Model) checkProjects() tea.Cmd {
	eng := m.deps.Engine
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), manageTimeout)
		defer cancel()
		states, err := eng.RefreshProjects(ctx)
		return projectsCheckedMsg{states: states, err: err}
	}
}

func (m *Model) onProjectsChecked(msg projectsCheckedMsg) tea.Cmd {
	if msg.err != nil {
		return m.say(levelError, "projects: "+msg.err.Error())
	}
	m.projectErrs = map[string]string{}
	imported := 0
	for _, st := range msg.states {
		imported += len(st.Imported)
		if st.Err != nil {
			m.projectErrs[st.Project.Path] = noticeLine(st.Err.Error())
		}
	}
	m.rebuildDashboard()
	if imported > 0 {
		return tea.Batch(m.load(), m.say(levelInfo, fmt.Sprintf("imported %d existing worktree(s) as workspaces", imported)))
	}
	return nil
}

func (m *Model) onManaged(msg managedMsg) tea.Cmd {
	if msg.err != nil {
		return m.say(levelError, msg.err.Error())
	}
	if msg.selectWS != "" {
		m.pendingSelect = msg.selectWS
	}
	return tea.Batch(m.load(), m.say(levelInfo, msg.text))
}

// manageOverlay is a removal's typed confirm or a rename's form.
type manageOverlay struct {
	confirm *dialog.TypedConfirm
	form    *dialog.Form
	submit  func(m *Model, value string) tea.Cmd
}

func (m *Model) openRemoveProject() tea.Cmd {
	p, _ := m.dash.SelectedProject()
	body := []string{
		"amux forgets this project. Its " + fmt.Sprint(len(p.Workspaces)) + " workspace(s) are kept: records,",
		"worktrees, branches and running agents stay, and stay listed under the repository.",
		"Delete them one by one first if they should go too.",
		"Type the project's name to remove it.",
	}
	d := dialog.NewTypedConfirm(m.th, m.km, "Remove project "+p.Name, body, p.Name)
	path, name := p.Path, p.Name
	m.overlay = &manageOverlay{confirm: &d, submit: func(m *Model, _ string) tea.Cmd {
		eng := m.deps.Engine
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), manageTimeout)
			defer cancel()
			res, err := eng.RemoveProject(ctx, path, false, workspace.DeleteOptions{})
			return managedMsg{text: fmt.Sprintf("removed project %s; %d workspace(s) kept", name, res.Kept), err: err}
		}
	}}
	return nil
}

func (m *Model) openRenameWorkspace() tea.Cmd {
	w, _ := m.dash.SelectedWorkspace()
	f := dialog.NewForm(m.th, m.km, "Rename "+w.Name,
		dialog.FieldSpec{Label: "Name", Placeholder: w.Name, Hint: "the branch keeps its name; sessions show the new one after their next attach"},
	).WithSubmitLabel("rename")
	f.SetValue(0, w.Name)
	id := w.ID
	m.overlay = &manageOverlay{form: &f, submit: func(m *Model, name string) tea.Cmd {
		eng := m.deps.Engine
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), manageTimeout)
			defer cancel()
			_, err := eng.RenameWorkspace(ctx, id, name, false)
			return managedMsg{text: "renamed to " + name, selectWS: id, err: err}
		}
	}}
	return nil
}

func (m *Model) mainWorkspace() tea.Cmd {
	p, _ := m.dash.SelectedProject()
	path, eng := p.Path, m.deps.Engine
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), manageTimeout)
		defer cancel()
		rec, err := eng.MainWorkspace(ctx, path)
		return managedMsg{text: "the main checkout is workspace " + rec.Name + " (never deleted; closing it closes its sessions)",
			selectWS: rec.ID, err: err}
	}
}

func (o *manageOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	var out dialog.Outcome
	value := ""
	if o.confirm != nil {
		var d dialog.TypedConfirm
		d, cmd, out = o.confirm.Update(msg)
		o.confirm = &d
	} else {
		var f dialog.Form
		f, cmd, out = o.form.Update(msg)
		o.form = &f
		value = f.Values()[0]
	}
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		m.closeOverlay()
		return tea.Batch(cmd, o.submit(m, value))
	}
	return cmd
}

func (o *manageOverlay) view(m *Model, w, h int) string {
	if o.confirm != nil {
		return o.confirm.View(w)
	}
	return o.form.View(w)
}
