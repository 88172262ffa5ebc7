package lifecycle

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/pump"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/projectlist"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// createTimeout bounds a whole create, setup-workspace included.
const createTimeout = 30 * time.Minute

// createOverlay is the create-workspace dialog: name and base ref, inline
// validation, then the running view with the setup output tail. A modal:
// it runs the engine's checks and the create itself in its commands, and
// asks the root (its outcome) to select and reload.
type createOverlay struct {
	d       deps
	form    dialog.Form
	project string // repository path
	op      int
	out     *pump.Pump[string]
	// While the new workspace's setup waits for approval, the dialog asks
	// for it in place (create_approve.go).
	approve   *dialog.Confirm
	untrusted *workspace.UntrustedError
	created   workspace.Record
	// A branch of the name exists (kept by an earlier delete): askBranch
	// asks whether to continue it or start fresh (create_kept.go);
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

// openCreate opens the dialog for a workspace in project p (ok: one is
// selected).
func (l *Owner) OpenCreate(p projectlist.Project, ok bool) (tea.Cmd, modal.Outcome) {
	if !ok {
		return nil, modal.Outcome{}
	}
	f := dialog.NewForm(l.d.th, l.d.km, "New workspace in "+p.Name,
		dialog.FieldSpec{Label: "Name", Placeholder: "feature-x", Hint: "also the branch name"},
		dialog.FieldSpec{Label: "Base ref", Placeholder: "default branch", Hint: "branch, tag, commit or origin/…; empty = the default branch"},
	).WithSubmitLabel("create")
	return nil, modal.Outcome{Open: &createOverlay{d: l.d, form: f, project: p.Path}}
}

func (o *createOverlay) request() workspace.CreateRequest {
	v := o.form.Values()
	return workspace.CreateRequest{Repo: o.project, Name: v[0], Base: v[1], Branch: o.branch}
}

// Update takes the dialog's own results first (they come whatever step
// it shows), then input for the step on screen.
func (o *createOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case createValidatedMsg:
		return o.validated(msg), modal.Outcome{}
	case createOutputMsg:
		return o.output(msg), modal.Outcome{}
	case createDoneMsg:
		return o.done(msg)
	case approvedSetupMsg:
		return o.approvedSetup(msg)
	}
	if o.approve != nil {
		return o.updateApproval(msg)
	}
	if o.askBranch != nil {
		return o.updateBranch(msg), modal.Outcome{}
	}
	f, cmd, out := o.form.Update(msg)
	o.form = f
	switch out {
	case dialog.Cancelled:
		return cmd, modal.Closed()
	case dialog.Submitted:
		return tea.Batch(cmd, o.check()), modal.Outcome{}
	}
	return cmd, modal.Outcome{}
}

// check validates the name and base ref off the update loop, and asks
// whether a branch of the name is kept from an earlier workspace.
func (o *createOverlay) check() tea.Cmd {
	o.form.ClearErrors()
	req := o.request()
	if req.Name == "" {
		o.form.SetFieldError(0, "a name is required")
		return nil
	}
	o.op, o.branch = o.d.ops.next(), workspace.BranchAttach // a new name asks again
	op, life := o.op, o.d.life
	return tea.Batch(o.form.SetBusy("checking "+req.Name+"…"), func() tea.Msg {
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

func (o *createOverlay) View(w, h int) string {
	if o.approve != nil {
		return o.approve.View(min(w, 80))
	}
	if o.askBranch != nil {
		return o.askBranch.View(min(w, 80))
	}
	return o.form.View(min(w, 72))
}

// startCreate runs the create after validation passed.
func (o *createOverlay) startCreate() tea.Cmd {
	req, op, life := o.request(), o.op, o.d.life
	o.out = pump.New[string](8)
	out := o.out
	spin := o.form.SetBusy("creating " + req.Name + " (worktree, then setup-workspace)…")
	run := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), createTimeout)
		defer cancel()
		lw := &lineWriter{emit: out.Add}
		req.Output = lw
		res, err := life.Create(ctx, req)
		lw.flush()
		out.Close()
		return createDoneMsg{op, res, err}
	}
	return tea.Batch(spin, run, waitCreateOutput(op, out))
}

func waitCreateOutput(op int, p *pump.Pump[string]) tea.Cmd {
	return p.Wait(func(lines []string, done bool) tea.Msg { return createOutputMsg{op, lines, done} })
}

// validated applies a createValidatedMsg.
func (o *createOverlay) validated(msg createValidatedMsg) tea.Cmd {
	if o.op != msg.op {
		return nil
	}
	if msg.err != nil {
		o.form.SetFieldError(msg.field, msg.err.Error())
		return nil
	}
	if msg.kept.Exists {
		o.askKept(msg.kept)
		return nil
	}
	return o.startCreate()
}

// output applies a createOutputMsg.
func (o *createOverlay) output(msg createOutputMsg) tea.Cmd {
	if o.op != msg.op {
		return nil
	}
	o.form.SetTail(msg.lines)
	if msg.done {
		return nil
	}
	return waitCreateOutput(o.op, o.out)
}

// done applies a createDoneMsg while the dialog is shown: it says how the
// create ended, or asks for the approval setup waits on, or closes.
func (o *createOverlay) done(msg createDoneMsg) (tea.Cmd, modal.Outcome) {
	if o.op != msg.op {
		return nil, createDoneUnseen(o.d, msg)
	}
	if msg.err != nil {
		var rb *workspace.RolledBackError
		var undone []string
		if errors.As(msg.err, &rb) {
			undone = rb.Undone // nothing is said when nothing was made
		}
		o.form.SetFailed(msg.err.Error(), undone...)
		return nil, modal.Outcome{}.Then(scene.Reload{List: true})
	}
	// Created: select it, it is there, whatever its setup did.
	reload := scene.Reload{List: true, SelectAfter: msg.res.Workspace.WorkspaceID()}
	if msg.res.SetupErr != nil {
		var ue *workspace.UntrustedError
		if errors.As(msg.res.SetupErr, &ue) && setupApprovable(ue) {
			o.askApproval(msg.res.Workspace, ue)
			return nil, modal.Outcome{}.Then(reload)
		}
		o.form.SetWarned("created workspace "+msg.res.Workspace.Name+"; "+o.d.setupNote(msg.res.SetupErr), o.tail()...)
		return nil, modal.Outcome{}.Then(reload)
	}
	return nil, modal.Outcome{Close: true, Say: "created workspace " + msg.res.Workspace.Name}.Then(reload)
}

// createDone applies a createDoneMsg: to dialog o when it is the one on
// screen, else only what it means for the rest.
func (l *Owner) createDone(o *createOverlay, msg createDoneMsg) (tea.Cmd, modal.Outcome) {
	if o != nil {
		return o.done(msg)
	}
	return nil, createDoneUnseen(l.d, msg)
}

// createDoneUnseen is a create's end when its dialog was closed meanwhile:
// the list is reloaded (selecting what was made), and the notice says it.
func createDoneUnseen(d deps, msg createDoneMsg) modal.Outcome {
	if msg.err != nil {
		return modal.Outcome{Say: "create: " + msg.err.Error(), SayLevel: modal.LevelError}.Then(scene.Reload{List: true})
	}
	name := msg.res.Workspace.Name
	out := modal.Outcome{Say: "created workspace " + name}
	if msg.res.SetupErr != nil {
		out.Say, out.SayLevel = "created workspace "+name+"; "+d.setupNote(msg.res.SetupErr), modal.LevelWarn
	}
	return out.Then(scene.Reload{List: true, SelectAfter: msg.res.Workspace.WorkspaceID()})
}

// setupNote says why setup-workspace did not finish after a create or a
// restore, telling the person what to press where approval is what it waits
// for (key names from the registry).
func (d deps) setupNote(err error) string {
	switch {
	case errors.Is(err, workspace.ErrUntrusted):
		what := "its setup-workspace script"
		var ue *workspace.UntrustedError
		if errors.As(err, &ue) && ue.Script.Kind == workspace.KindWorktreeFiles {
			what = "its list of files to copy from the main checkout (" + workspace.RepoWorktreeFile + ")"
		}
		return what + " comes from the repository and waits for your approval: select it, press " +
			d.keyName(d.status, string(d.status)) + ", then " + d.keyName(d.approveScripts, string(d.approveScripts))
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
