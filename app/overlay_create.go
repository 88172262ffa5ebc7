package app

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
)

// createTimeout bounds a whole create, setup-workspace included.
const createTimeout = 30 * time.Minute

// createOverlay is the create-workspace dialog: name and base ref, inline
// validation, then the running view with the setup output tail.
type createOverlay struct {
	form    dialog.Form
	project string // repository path
	op      int
	out     *pump[string]
}

type createValidatedMsg struct {
	op    int
	field int
	err   error
}

type createOutputMsg struct {
	op    int
	lines []string
	done  bool
}

type createDoneMsg struct {
	op  int
	res CreateResult
	err error
}

func (m *Model) openCreate() tea.Cmd {
	p, ok := m.dash.SelectedProject()
	if !ok {
		return nil
	}
	f := dialog.NewForm(m.th, "New workspace in "+p.Name,
		dialog.FieldSpec{Label: "Name", Placeholder: "feature-x", Hint: "also the branch name"},
		dialog.FieldSpec{Label: "Base ref", Placeholder: "default branch", Hint: "branch, tag, commit or origin/…; empty = the default branch"},
	).WithSubmitLabel("create")
	m.overlay = &createOverlay{form: f, project: p.Path}
	return nil
}

func (o *createOverlay) request() CreateRequest {
	v := o.form.Values()
	return CreateRequest{Repo: o.project, Name: v[0], Base: v[1]}
}

func (o *createOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	f, cmd, out := o.form.Update(msg)
	o.form = f
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		o.form.ClearErrors()
		req := o.request()
		if req.Name == "" {
			o.form.SetFieldError(0, "a name is required")
			return cmd
		}
		m.opSeq++
		o.op = m.opSeq
		op, eng := o.op, m.deps.Engine
		return tea.Batch(cmd, o.form.SetBusy("checking "+req.Name+"…"), func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			field, err := eng.ValidateCreate(ctx, req)
			return createValidatedMsg{op, field, err}
		})
	}
	return cmd
}

func (o *createOverlay) view(m *Model, w, h int) string { return o.form.View(min(w, 72)) }

// startCreate runs the create after validation passed.
func (m *Model) startCreate(o *createOverlay) tea.Cmd {
	req, op, eng := o.request(), o.op, m.deps.Engine
	o.out = newPump[string](8)
	out := o.out
	spin := o.form.SetBusy("creating " + req.Name + " (worktree, then setup-workspace)…")
	run := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), createTimeout)
		defer cancel()
		res, err := eng.Create(ctx, req, out.add)
		out.close()
		return createDoneMsg{op, res, err}
	}
	return tea.Batch(spin, run, m.waitCreateOutput(op, out))
}

func (m *Model) waitCreateOutput(op int, p *pump[string]) tea.Cmd {
	return p.wait(func(lines []string, done bool) tea.Msg { return createOutputMsg{op, lines, done} })
}

// handleCreateResult applies the create messages to the dialog.
func (m *Model) handleCreateResult(msg tea.Msg) (tea.Cmd, bool) {
	o, _ := m.overlay.(*createOverlay)
	switch msg := msg.(type) {
	case createValidatedMsg:
		if o == nil || o.op != msg.op {
			return nil, true
		}
		if msg.err != nil {
			o.form.SetFieldError(msg.field, msg.err.Error())
			return nil, true
		}
		return m.startCreate(o), true
	case createOutputMsg:
		if o == nil || o.op != msg.op {
			return nil, true
		}
		o.form.SetTail(msg.lines)
		if msg.done {
			return nil, true
		}
		return m.waitCreateOutput(o.op, o.out), true
	case createDoneMsg:
		if msg.err != nil {
			if o != nil && o.op == msg.op {
				o.form.SetFailed(msg.err.Error(), msg.res.Rollback...)
			}
			if msg.res.Record.ID != "" {
				// Created, but its setup did not run: select it, it is there.
				m.pendingSelect = msg.res.Record.ID
			}
			return m.load(), true
		}
		if o != nil && o.op == msg.op {
			m.closeOverlay()
		}
		id := msg.res.Record.WorkspaceID()
		m.pendingSelect = id
		return tea.Batch(m.load(), m.say(levelInfo, "created workspace "+msg.res.Record.Name)), true
	}
	return nil, false
}
