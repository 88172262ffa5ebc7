package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"sync"

	"amux.dev/amux/git"
	"amux.dev/amux/ports"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// engineAdapter gives the app's Workspaces view of the workspace engine:
// it adds create validation, setup output streaming and per-call teardown
// progress on top of the engine's own API.
type engineAdapter struct {
	eng   *workspace.Engine
	git   *git.Runner
	ports *ports.Registry // nil in tests that need no ports
	tmux  tmux.Runner
}

// newEngineAdapter wires an engine using the given git runner.
func newEngineAdapter(opts workspace.Options, g *git.Runner) (*engineAdapter, error) {
	a := &engineAdapter{git: g, tmux: opts.Tmux}
	opts.Git = g
	eng, err := workspace.New(opts)
	if err != nil {
		return nil, err
	}
	a.eng = eng
	return a, nil
}

// stepNames are the engine's teardown steps as the progress view shows them.
var stepNames = []struct{ id, label string }{
	{workspace.StepTombstone, "write tombstone"},
	{workspace.StepDrain, "stop lifecycle processes"},
	{workspace.StepKillRuns, "kill agent and run sessions"},
	{workspace.StepArchive, "run archive"},
	{workspace.StepRemoveWorktree, "remove worktree"},
	{workspace.StepRemoveRecord, "remove record"},
}

func stepLabel(op, id string) (string, int) {
	if op == "shelve" && id == workspace.StepRemoveRecord {
		return "mark shelved", len(stepNames) - 1
	}
	for i, s := range stepNames {
		if s.id == id {
			return s.label, i
		}
	}
	return id, -1
}

// stepObserver turns the engine's step reports into progress events: the
// step done, and the next one running.
func stepObserver(fn func(StepEvent)) func(op, step, id string) {
	return func(op, step, _ string) { reportStep(fn, op, step) }
}

func reportStep(fn func(StepEvent), op, step string) {
	label, i := stepLabel(op, step)
	fn(StepEvent{Step: label, Done: true})
	if i >= 0 && i+1 < len(stepNames) {
		next, _ := stepLabel(op, stepNames[i+1].id)
		fn(StepEvent{Step: next})
	}
}

// teardownLabels lists the steps a delete or shelve will report, in order.
func teardownLabels(shelve bool) []string {
	op := "delete"
	if shelve {
		op = "shelve"
	}
	var out []string
	for _, s := range stepNames {
		l, _ := stepLabel(op, s.id)
		out = append(out, l)
	}
	return out
}

func (a *engineAdapter) Projects() ([]workspace.Project, error) { return a.eng.Store().Projects() }
func (a *engineAdapter) Records() ([]workspace.Record, error)   { return a.eng.Store().List() }

func (a *engineAdapter) AddProject(ctx context.Context, path string) (workspace.Project, error) {
	p, err := a.eng.AddProject(ctx, path)
	if errors.Is(err, git.ErrNotRepo) {
		return p, fmt.Errorf("%s is not inside a git repository", path)
	}
	return p, err
}

func (a *engineAdapter) Dirty(ctx context.Context, root string) (bool, error) {
	st, err := a.git.Status(ctx, root)
	return st.Dirty, err
}

// ValidateCreate runs the engine's own pre-create checks; a refused base
// ref points the dialog at the base field (1), anything else at the name.
func (a *engineAdapter) ValidateCreate(ctx context.Context, req CreateRequest) (int, error) {
	_, err := a.eng.CheckCreate(ctx, workspace.CreateRequest{Repo: req.Repo, Name: req.Name, Base: req.Base})
	if err != nil && errors.Is(err, git.ErrInvalidRef) && !errors.Is(err, workspace.ErrBadName) {
		return 1, err
	}
	return 0, err
}

// Create runs the engine's create with the setup output copied, line by
// line, to output as it is printed.
func (a *engineAdapter) Create(ctx context.Context, req CreateRequest, output func(string)) (CreateResult, error) {
	lw := &lineWriter{emit: output}
	res, err := a.eng.Create(workspace.WithScriptOutput(ctx, lw), workspace.CreateRequest{Repo: req.Repo, Name: req.Name, Base: req.Base})
	lw.flush()
	out := CreateResult{Record: res.Workspace}
	if err != nil {
		out.Rollback = []string{"the worktree was removed", "a branch that existed before was kept; one created by this attempt was deleted"}
		return out, err
	}
	if errors.Is(res.SetupErr, workspace.ErrUntrusted) {
		return out, fmt.Errorf("workspace created, but its setup-workspace script comes from the repository and waits for your approval: select it, press i, then A")
	}
	if errors.Is(res.SetupErr, workspace.ErrRepoScripts) {
		return out, fmt.Errorf("workspace created, but setup-workspace did not run: %w", res.SetupErr)
	}
	if res.SetupErr != nil {
		return out, fmt.Errorf("workspace created, but setup-workspace failed: %w", res.SetupErr)
	}
	return out, nil
}

// lineWriter turns a script's output stream into lines, each made safe to
// draw by safetext.Line as it enters the model. The script's stdout and stderr share
// one pipe, so writes never overlap.
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

func (a *engineAdapter) AtRisk(ctx context.Context, id string) (git.AtRisk, error) {
	return a.eng.AtRisk(ctx, id)
}

// Teardown runs a delete or shelve. Its note says what was kept or skipped
// and, after a failure, what the next start will do about it — read from
// the state the failure left (is there a tombstone?), never assumed.
func (a *engineAdapter) Teardown(ctx context.Context, id string, shelve bool, dirty workspace.DirtyChoice, step func(StepEvent)) (string, error) {
	ctx = workspace.WithStepObserver(ctx, stepObserver(step))
	var (
		res workspace.TeardownResult
		err error
	)
	// Both write a tombstone first: a delete's .deleting, a shelve's .shelving.
	step(StepEvent{Step: "write tombstone"})
	opts := workspace.DeleteOptions{Dirty: dirty}
	if shelve {
		res, err = a.eng.Shelve(ctx, id, opts)
	} else {
		res, err = a.eng.Delete(ctx, id, opts)
	}
	if err != nil {
		return unfinishedNote(a.eng, id), err
	}
	var notes []string
	if res.Work != "" {
		notes = append(notes, res.Work)
	}
	if res.BranchKept {
		notes = append(notes, "its branch has unmerged commits and was kept")
	}
	if res.ArchiveErr != nil {
		notes = append(notes, "the archive script failed: "+res.ArchiveErr.Error())
	}
	if res.ArchiveSkipped != nil {
		notes = append(notes, "the archive script was skipped: "+res.ArchiveSkipped.Error())
	}
	return strings.Join(notes, "; "), nil
}

// unfinishedNote says truthfully what a failed delete or shelve left: a
// tombstone the next start acts on, or none, so nothing is retried.
func unfinishedNote(eng *workspace.Engine, id string) string {
	switch op, _ := eng.UnfinishedTeardown(id); op {
	case workspace.OpDelete:
		return "The .deleting tombstone stays: the next start finishes the delete."
	case workspace.OpShelve:
		return "The .shelving tombstone stays: the next start finishes the shelve."
	}
	return "No tombstone is left, so nothing is retried on the next start: fix the cause and try again."
}

func (a *engineAdapter) Recover(ctx context.Context) (RecoveryReport, error) {
	rep, err := a.eng.Recover(ctx)
	var out RecoveryReport
	note := func(n int, format string) {
		if n > 0 {
			out.Notes = append(out.Notes, fmt.Sprintf(format, n))
		}
	}
	note(len(rep.Finished), "finished %d interrupted delete(s)")
	note(len(rep.Shelved), "finished %d interrupted shelve(s)")
	note(len(rep.RolledBack), "undid %d interrupted create(s)")
	note(len(rep.Restored), "finished %d interrupted restore(s) (setup-workspace did not run)")
	note(len(rep.Unrestored), "undid %d interrupted restore(s) (still shelved)")
	if len(rep.Reaped) > 0 {
		var which []string
		for _, p := range rep.Reaped {
			name := p.Name
			if name == "" {
				name = p.Workspace
			}
			which = append(which, string(p.Script)+" of "+name)
		}
		out.Notes = append(out.Notes, "stopped what a crash left running: "+strings.Join(which, ", "))
	}
	for id := range rep.Failed {
		out.Failed = append(out.Failed, id)
	}
	return out, err
}

func (a *engineAdapter) OpenSession(ctx context.Context, req workspace.SessionRequest) (workspace.Session, error) {
	return a.eng.OpenSession(ctx, req)
}

func (a *engineAdapter) RelaunchSession(ctx context.Context, session string, req workspace.SessionRequest) error {
	return a.eng.RelaunchSession(ctx, session, req)
}

func (a *engineAdapter) SetTabs(ctx context.Context, id string, tabs []workspace.Tab) error {
	_, err := a.eng.Store().SetTabs(ctx, id, tabs)
	return err
}

func (a *engineAdapter) Restore(ctx context.Context, id string) error {
	res, err := a.eng.Restore(ctx, id, false)
	if err != nil {
		return err
	}
	if errors.Is(res.SetupErr, workspace.ErrUntrusted) {
		return fmt.Errorf("restored, but its setup-workspace script waits for your approval: press i, then A")
	}
	if errors.Is(res.SetupErr, workspace.ErrRepoScripts) {
		return fmt.Errorf("restored, but setup-workspace did not run: %w", res.SetupErr)
	}
	if res.SetupErr != nil {
		return fmt.Errorf("restored, but setup-workspace failed: %w", res.SetupErr)
	}
	return nil
}

func (a *engineAdapter) StartRun(ctx context.Context, id string) (string, error) {
	rs, err := a.eng.StartRun(ctx, id)
	if errors.Is(err, workspace.ErrUntrusted) {
		return "", fmt.Errorf("the run script comes from the repository and waits for your approval: press i, then A")
	}
	return rs.Name, err
}

func (a *engineAdapter) ScriptOutput(id, kind string, maxBytes int) (string, error) {
	b, err := workspace.ReadTail(a.eng.OutputPath(id, workspace.ScriptKind(kind)), maxBytes)
	return string(b), err
}
