package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// Actions that manage projects and workspaces.
const (
	actRemoveProject   keys.ActionID = "remove-project"
	actRenameWorkspace keys.ActionID = "rename-workspace"
	actMainWorkspace   keys.ActionID = "main-checkout-workspace"
	actCloseMain       keys.ActionID = "close-main-workspace"
)

// manageTimeout bounds a project refresh, a rename or a removal.
const manageTimeout = time.Minute

func manageRows() []action {
	k := func(id keys.ActionID, ks []string, label, help string) keys.Action {
		return keys.Action{ID: id, Scope: scopeProjectList, Keys: ks, Label: label, Help: help, Palette: true}
	}
	return []action{
		{Action: k(actRemoveProject, []string{"X"}, "remove project", "Remove the selected project (typed confirm; its workspaces are kept unless you ask)"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.list.openRemoveProject(m.modalKit())) }, why: whyNoProject},
		{Action: k(actRenameWorkspace, []string{"E"}, "rename", "Rename the selected workspace (its branch too, only if you ask)"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.list.openRenameWorkspace(m.modalKit())) }, why: whyNoWorkspace},
		{Action: k(actMainWorkspace, []string{"m"}, "main checkout", "Use the project's main checkout as a workspace of its own (never deleted)"),
			run: func(m *Model) tea.Cmd { p, _ := m.list.selectedProject(); return m.list.mainWorkspace(p.Path) }, why: whyNoProject},
		{Action: k(actCloseMain, nil, "close main checkout", "Close the main checkout's workspace: its sessions end and amux forgets it; the checkout is untouched"),
			run: func(m *Model) tea.Cmd { return m.applyOwned(m.list.openCloseMain(m.modalKit())) }, why: whyNotMain},
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
func (l *listOwner) checkProjects() tea.Cmd {
	life := l.d.life
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), manageTimeout)
		defer cancel()
		states, err := life.RefreshProjects(ctx)
		return projectsCheckedMsg{states: states, err: err}
	}
}

// onProjectsChecked marks the projects that cannot be used, and loads
// again when worktrees made outside amux were imported. Of its notices
// the refused worktrees' is the one shown: it must not be covered by the
// count.
func (l *listOwner) onProjectsChecked(msg projectsCheckedMsg, sc listScene) (tea.Cmd, modal.Outcome) {
	if msg.err != nil {
		return nil, modal.Outcome{Say: "projects: " + msg.err.Error(), SayLevel: modal.LevelError}
	}
	l.projectErrs = map[string]string{}
	imported := 0
	var refused []workspace.RefusedWorktree
	for _, st := range msg.states {
		imported += len(st.Imported)
		refused = append(refused, st.Refused...)
		if st.Err != nil {
			l.projectErrs[st.Project.Path] = paint.NoticeLine(st.Err.Error())
		}
	}
	l.rebuild(sc)
	var cmd tea.Cmd
	var out modal.Outcome
	if imported > 0 {
		cmd = l.load()
		out.Say, out.SayLevel = "imported "+paint.Plural(imported, "existing worktree")+" as workspaces", modal.LevelInfo
	}
	if len(refused) > 0 {
		text := refused[0].Error()
		if len(refused) > 1 {
			text += fmt.Sprintf(" (and %d more; the log names them)", len(refused)-1)
		}
		out.Say, out.SayLevel = paint.NoticeLine(text), modal.LevelWarn
	}
	return cmd, out
}

// onManaged says how a removal, a rename or a main checkout went, and
// loads again (selecting the workspace it names).
func (l *listOwner) onManaged(msg managedMsg) (tea.Cmd, modal.Outcome) {
	if msg.err != nil {
		return nil, modal.Outcome{Say: msg.err.Error(), SayLevel: modal.LevelError}
	}
	if msg.selectWS != "" {
		l.pendingSelect = msg.selectWS
	}
	return l.load(), modal.Outcome{Say: msg.text, SayLevel: modal.LevelInfo}
}

// manageOverlay is a removal's or a rename's dialog: an optional question
// first (keep or delete the workspaces, keep or rename the branch), then a
// typed confirm or a form, then the engine call. Its steps are closures
// made when it opens, over the engine services and texts they need.
type manageOverlay struct {
	modal.Kit
	choice  *dialog.Choice
	chosen  func(o *manageOverlay, i int) (tea.Cmd, modal.Outcome) // the next step, once a choice is made
	confirm *dialog.TypedConfirm
	form    *dialog.Form
	// submit runs once the confirm or the form is submitted: the engine
	// call (closing the dialog), or a next step (leaving it open).
	submit func(o *manageOverlay, value string) (tea.Cmd, modal.Outcome)
}

// call is a submit's outcome when it runs an engine call: the dialog
// closes and cmd does the work.
func call(cmd tea.Cmd) (tea.Cmd, modal.Outcome) { return cmd, modal.Closed() }

// openRemoveProject asks how to remove the selected project: what of its
// workspaces, then its name typed.
func (l *listOwner) openRemoveProject(kit modal.Kit) (tea.Cmd, modal.Outcome) {
	p, _ := l.rows.SelectedProject()
	n := len(p.Workspaces)
	path, name, life, del := p.Path, p.Name, l.lifeOnSelected(), l.keyName(actDelete)
	if life == nil {
		return nil, modal.Outcome{Say: "that host is no longer configured", SayLevel: modal.LevelWarn}
	}
	names := map[string]string{}
	for _, w := range p.Workspaces {
		names[w.ID] = w.Name
	}
	confirm := func(o *manageOverlay, deleteThem bool) {
		body := []string{
			"amux forgets this project. Its " + paint.Plural(n, "workspace") + " " + paint.IsAre(n) + " kept: records,",
			"worktrees, branches and running agents stay, and stay listed under the repository.",
		}
		if deleteThem {
			body = []string{
				"amux deletes its " + paint.Plural(n, "workspace") + ", each as " + del + " would (agents and runs",
				"stopped, archive run, worktree removed, a branch with unmerged commits kept), then",
				"forgets the project. A workspace holding uncommitted work is not deleted: the",
				"project then stays, and " + del + " on that workspace asks what to do with its work.",
				"A main checkout workspace only has its sessions closed.",
			}
		}
		d := dialog.NewTypedConfirm(o.Th, o.KM, "Remove project "+name, append(body, "Type the project's name to remove it."), name)
		o.confirm = &d
		o.submit = func(*manageOverlay, string) (tea.Cmd, modal.Outcome) {
			return call(func() tea.Msg {
				ctx, cancel := context.WithTimeout(context.Background(), manageTimeout)
				defer cancel()
				res, err := life.RemoveProject(ctx, path, deleteThem, workspace.DeleteOptions{})
				text := fmt.Sprintf("removed project %s; %s kept", name, paint.Plural(res.Kept, "workspace"))
				if deleteThem {
					text = fmt.Sprintf("removed project %s and its %s", name, paint.Plural(len(res.Deleted), "workspace"))
				}
				if len(res.Failed) > 0 {
					var kept []string
					for id, ferr := range res.Failed {
						why := "could not be deleted: " + ferr.Error()
						if errors.Is(ferr, workspace.ErrWorkAtRisk) {
							why = "holds uncommitted work"
						}
						kept = append(kept, names[id]+" "+why)
					}
					slices.Sort(kept)
					err = fmt.Errorf("project %s stays: %s (%d deleted)", name, strings.Join(kept, "; "), len(res.Deleted))
				}
				return managedMsg{text: text, err: err}
			})
		}
	}
	o := &manageOverlay{Kit: kit}
	if n == 0 {
		confirm(o, false)
		return nil, modal.Outcome{Open: o}
	}
	c := dialog.NewChoice(kit.Th, kit.KM, "Remove project "+name, []string{"It has " + paint.Plural(n, "workspace") + ". What should happen to " + paint.ThemIt(n) + "?"},
		[]dialog.Option{{Key: "w", Label: "keep the workspaces: records, worktrees, branches and agents stay"},
			{Key: "d", Label: "delete them too, each as " + del + " would (work is never discarded)"}}, 0)
	o.choice = &c
	o.chosen = func(o *manageOverlay, i int) (tea.Cmd, modal.Outcome) {
		confirm(o, i == 1)
		return nil, modal.Outcome{}
	}
	return nil, modal.Outcome{Open: o}
}

// openRenameWorkspace asks the selected workspace's new name, then, when
// it has a branch of another name, whether the branch is renamed too.
func (l *listOwner) openRenameWorkspace(kit modal.Kit) (tea.Cmd, modal.Outcome) {
	w, _ := l.rows.SelectedWorkspace()
	rec, _ := l.record(w.ID)
	f := dialog.NewForm(kit.Th, kit.KM, "Rename "+w.Name,
		dialog.FieldSpec{Label: "Name", Placeholder: w.Name, Hint: "sessions show the new name after their next attach"},
	).WithSubmitLabel("rename")
	f.SetValue(0, w.Name)
	id, branch, life := w.ID, rec.Branch, l.lifeOf(w.ID)
	rename := func(name string, renameBranch bool) tea.Cmd {
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), manageTimeout)
			defer cancel()
			_, err := life.RenameWorkspace(ctx, id, name, renameBranch)
			text := "renamed to " + name
			if renameBranch {
				text += " (and its branch)"
			}
			return managedMsg{text: text, selectWS: id, err: err}
		}
	}
	o := &manageOverlay{Kit: kit, form: &f}
	o.submit = func(o *manageOverlay, name string) (tea.Cmd, modal.Outcome) {
		if rec.Main || name == branch || name == w.Name {
			return call(rename(name, false))
		}
		// The branch is the person's to keep: ask before renaming it too.
		c := dialog.NewChoice(o.Th, o.KM, "Rename "+w.Name+" to "+name, []string{"Its branch is " + branch + "."},
			[]dialog.Option{{Key: "o", Label: "keep the branch's old name " + branch},
				{Key: "r", Label: "rename the branch to " + name + " too"}}, 0)
		o.form, o.choice = nil, &c
		o.chosen = func(_ *manageOverlay, i int) (tea.Cmd, modal.Outcome) { return call(rename(name, i == 1)) }
		return nil, modal.Outcome{}
	}
	return nil, modal.Outcome{Open: o}
}

// Update gives the message to the step on screen: the choice, else the
// typed confirm or the form; what they answer is the next step's.
func (o *manageOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	if o.choice != nil {
		c, out := o.choice.Update(msg)
		o.choice = &c
		switch out {
		case dialog.Cancelled:
			return nil, modal.Closed()
		case dialog.Submitted:
			o.choice = nil
			return o.chosen(o, c.Selected())
		}
		return nil, modal.Outcome{}
	}
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
		return cmd, modal.Closed()
	case dialog.Submitted:
		next, res := o.submit(o, value)
		return tea.Batch(cmd, next), res
	}
	return cmd, modal.Outcome{}
}

func (o *manageOverlay) View(w, h int) string {
	if o.choice != nil {
		return o.choice.View(w)
	}
	if o.confirm != nil {
		return o.confirm.View(w)
	}
	return o.form.View(w)
}
