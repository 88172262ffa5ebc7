package app

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
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
	// While the new workspace's setup waits for approval, the dialog asks
	// for it in place (overlay_approve.go).
	approve   *dialog.Confirm
	untrusted *workspace.UntrustedError
	created   workspace.Record
	// A branch of the name exists (kept by an earlier delete): askBranch
	// asks whether to continue it or start fresh (overlay_create_kept.go);
	// branch is the answer.
	askBranch *dialog.Choice
	branch    workspace.BranchChoice
}

type createValidatedMsg struct {
	op    int
	field int
	err   error
	kept  workspace.KeptBranch
}

type createOutputMsg struct {
	op    int
	lines []string
	done  bool
}

type createDoneMsg struct {
	op  int
	res workspace.CreateResult
	err error
}

func (m *Model) openCreate() tea.Cmd {
	p, ok := m.dash.SelectedProject()
	if !ok {
		return nil
	}
	f := dialog.NewForm(m.th, m.km, "New workspace in "+p.Name,
		dialog.FieldSpec{Label: "Name", Placeholder: "feature-x", Hint: "also the branch name"},
		dialog.FieldSpec{Label: "Base ref", Placeholder: "default branch", Hint: "branch, tag, commit or origin/…; empty = the default branch"},
	).WithSubmitLabel("create")
	m.overlay = &createOverlay{form: f, project: p.Path}
	return nil
}

func (o *createOverlay) request() workspace.CreateRequest {
	v := o.form.Values()
	return workspace.CreateRequest{Repo: o.project, Name: v[0], Base: v[1], Branch: o.branch}
}

func (o *createOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	if o.approve != nil {
		return o.updateApproval(m, msg)
	}
	if o.askBranch != nil {
		return o.updateBranch(m, msg)
	}
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
		o.op, o.branch = m.opSeq, workspace.BranchAttach // a new name asks again
		op, life := o.op, m.deps.Lifecycle
		return tea.Batch(cmd, o.form.SetBusy("checking "+req.Name+"…"), func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			_, err := life.CheckCreate(ctx, req)
			field := 0 // the name, unless the engine refused the base ref
			if errors.Is(err, workspace.ErrBadBase) {
				field = 1
			}
			var kept workspace.KeptBranch
			if err == nil {
				kept, err = life.KeptBranch(ctx, req)
			}
			return createValidatedMsg{op, field, err, kept}
		})
	}
	return cmd
}

func (o *createOverlay) view(m *Model, w, h int) string {
	if o.approve != nil {
		return o.approve.View(min(w, 80))
	}
	if o.askBranch != nil {
		return o.askBranch.View(min(w, 80))
	}
	return o.form.View(min(w, 72))
}

// startCreate runs the create after validation passed.
func (m *Model) startCreate(o *createOverlay) tea.Cmd {
	req, op, life := o.request(), o.op, m.deps.Lifecycle
	o.out = newPump[string](8)
	out := o.out
	spin := o.form.SetBusy("creating " + req.Name + " (worktree, then setup-workspace)…")
	run := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), createTimeout)
		defer cancel()
		lw := &lineWriter{emit: out.add}
		req.Output = lw
		res, err := life.Create(ctx, req)
		lw.flush()
		out.close()
		return createDoneMsg{op, res, err}
	}
	return tea.Batch(spin, run, m.waitCreateOutput(op, out))
}

func (m *Model) waitCreateOutput(op int, p *pump[string]) tea.Cmd {
	return p.wait(func(lines []string, done bool) tea.Msg { return createOutputMsg{op, lines, done} })
}

// onCreateValidated applies a createValidatedMsg.
func (m *Model) onCreateValidated(msg createValidatedMsg) tea.Cmd {
	o, _ := m.overlay.(*createOverlay)
	if o == nil || o.op != msg.op {
		return nil
	}
	if msg.err != nil {
		o.form.SetFieldError(msg.field, msg.err.Error())
		return nil
	}
	if msg.kept.Exists {
		o.askKept(m, msg.kept)
		return nil
	}
	return m.startCreate(o)
}

// onCreateOutput applies a createOutputMsg.
func (m *Model) onCreateOutput(msg createOutputMsg) tea.Cmd {
	o, _ := m.overlay.(*createOverlay)
	if o == nil || o.op != msg.op {
		return nil
	}
	o.form.SetTail(msg.lines)
	if msg.done {
		return nil
	}
	return m.waitCreateOutput(o.op, o.out)
}

// onCreateDone applies a createDoneMsg.
func (m *Model) onCreateDone(msg createDoneMsg) tea.Cmd {
	o, _ := m.overlay.(*createOverlay)
	if msg.err != nil {
		if o != nil && o.op == msg.op {
			var rb *workspace.RolledBackError
			var undone []string
			if errors.As(msg.err, &rb) {
				undone = rb.Undone // nothing is said when nothing was made
			}
			o.form.SetFailed(msg.err.Error(), undone...)
		}
		return m.load()
	}
	// Created: select it, it is there, whatever its setup did.
	m.pendingSelect = msg.res.Workspace.WorkspaceID()
	if msg.res.SetupErr != nil {
		if o != nil && o.op == msg.op {
			var ue *workspace.UntrustedError
			if errors.As(msg.res.SetupErr, &ue) && setupApprovable(ue) {
				return tea.Batch(m.load(), o.askApproval(m, msg.res.Workspace, ue))
			}
			o.form.SetWarned("created workspace "+msg.res.Workspace.Name+"; "+m.setupNote(msg.res.SetupErr), o.tail()...)
		}
		return m.load()
	}
	if o != nil && o.op == msg.op {
		m.closeOverlay()
	}
	return tea.Batch(m.load(), m.say(levelInfo, "created workspace "+msg.res.Workspace.Name))
}

// setupNote says why setup-workspace did not finish after a create or a
// restore, telling the person what to press where approval is what it waits
// for (key names from the registry).
func (m *Model) setupNote(err error) string {
	switch {
	case errors.Is(err, workspace.ErrUntrusted):
		what := "its setup-workspace script"
		var ue *workspace.UntrustedError
		if errors.As(err, &ue) && ue.Script.Kind == workspace.KindWorktreeFiles {
			what = "its list of files to copy from the main checkout (" + workspace.RepoWorktreeFile + ")"
		}
		return what + " comes from the repository and waits for your approval: select it, press " +
			m.keyName(actStatus) + ", then " + m.keyName(actApproveScripts)
	case errors.Is(err, workspace.ErrRepoScripts):
		return "setup-workspace did not run: " + err.Error()
	}
	return "setup-workspace failed: " + err.Error()
}

// lineWriter turns a script's output stream into lines, each made safe to
// draw by safetext.Line as it enters the model. The script's stdout and
// stderr share one pipe, so writes never overlap.
type lineWriter struct {
	mu      sync.Mutex
	partial []byte
	emit    func(string)
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		w.emit(safetext.Line(string(w.partial[:i])))
		w.partial = w.partial[i+1:]
	}
	if len(w.partial) > 4096 { // a line that never ends still shows
		w.emit(safetext.Line(string(w.partial)))
		w.partial = w.partial[:0]
	}
	return len(p), nil
}

func (w *lineWriter) flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.partial) > 0 {
		w.emit(safetext.Line(string(w.partial)))
		w.partial = nil
	}
}
