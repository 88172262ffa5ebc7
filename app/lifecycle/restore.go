package lifecycle

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/pump"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/workspace"
)

type restoredMsg struct {
	id, name string
	// rec is the workspace's record when the restore started (zero when it
	// was not loaded): what an approval question names and where it runs.
	rec      workspace.Record
	approved bool  // the run was of a setup approved in place
	setupErr error // restored, but setup-workspace did not finish
	err      error
}

// restoreProgressMsg carries a restore's latest step or setup line.
type restoreProgressMsg struct {
	id     string
	p      *pump.Pump[string]
	latest []string
	done   bool
}

// restoreSetupReq asks the owner to run the setup-workspace approved in
// place after a restore (the approval dialog's outcome).
type restoreSetupReq struct {
	rec    workspace.Record
	script workspace.Script
}

// restore brings shelved workspace id back, off the update loop. Its row
// says how far it got — the worktree, then each line setup-workspace
// prints — and O follows the setup's output meanwhile. rec is its loaded
// record (zero if none).
func (l *Owner) Restore(id, name string, rec workspace.Record) (tea.Cmd, modal.Outcome) {
	life := l.d.of(id).life
	return l.followRestore(id, name, rec, false, "restoring…",
		func(ctx context.Context, step func(string), out io.Writer) (workspace.CreateResult, error) {
			return life.Restore(ctx, id, workspace.RestoreOptions{
				Output: out,
				Observe: func(_, s, _ string) {
					if l := restoreStepLabel(s); l != "" {
						step(l)
					}
				},
			})
		})
}

// restoreSetup runs the setup approved after a restore, like the restore.
func (l *Owner) restoreSetup(r restoreSetupReq) (tea.Cmd, modal.Outcome) {
	id, sc := r.rec.WorkspaceID(), r.script
	trust := l.d.of(id).trust
	return l.followRestore(id, r.rec.Name, r.rec, true, "restoring: running the approved setup-workspace…",
		func(ctx context.Context, _ func(string), out io.Writer) (workspace.CreateResult, error) {
			res, err := trust.ApproveSetup(ctx, id, sc, out)
			return workspace.CreateResult{Setup: res, SetupErr: err}, nil
		})
}

// followRestore runs a restore's work (the restore, or the setup approved
// after it) off the update loop, its row saying first, then each step run
// reports and each line setup prints.
func (l *Owner) followRestore(id, name string, rec workspace.Record, approved bool, first string,
	run func(ctx context.Context, step func(string), out io.Writer) (workspace.CreateResult, error)) (tea.Cmd, modal.Outcome) {
	l.busy[id] = first
	p := pump.New[string](1)
	work := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), createTimeout)
		defer cancel()
		lw := &lineWriter{emit: func(l string) { p.Add("setup: " + l) }}
		res, err := run(ctx, p.Add, lw)
		lw.flush()
		p.Close()
		return restoredMsg{id: id, name: name, rec: rec, approved: approved, setupErr: res.SetupErr, err: err}
	}
	return tea.Batch(work, waitRestore(id, p)), modal.Outcome{}.Then(Rows{})
}

// restoreStepLabel says, on the workspace's row, what a restore is doing
// after step ("" for a step not worth a word).
func restoreStepLabel(step string) string {
	switch step {
	case workspace.StepIntent:
		return "restoring: checking out the worktree…"
	case workspace.StepWorktree:
		return "restoring: worktree back"
	case workspace.StepRecord:
		return "restoring: running setup-workspace…"
	}
	return ""
}

func waitRestore(id string, p *pump.Pump[string]) tea.Cmd {
	return p.Wait(func(items []string, done bool) tea.Msg { return restoreProgressMsg{id, p, items, done} })
}

// restoreProgress shows a restore's latest step on its row.
func (l *Owner) restoreProgress(msg restoreProgressMsg) (tea.Cmd, modal.Outcome) {
	if _, busy := l.busy[msg.id]; !busy {
		return nil, modal.Outcome{} // finished meanwhile
	}
	var out modal.Outcome
	if n := len(msg.latest); n > 0 {
		l.busy[msg.id] = msg.latest[n-1]
		out = out.Then(Rows{})
	}
	if msg.done {
		return nil, out
	}
	return waitRestore(msg.id, msg.p), out
}

// restored applies a restore's outcome. An approval setup waits for is
// asked at once when no dialog is shown (one the person opened meanwhile
// is not taken away; the notice says how to approve later).
func (l *Owner) restored(msg restoredMsg, shown modal.Modal) (tea.Cmd, modal.Outcome) {
	delete(l.busy, msg.id)
	// The tree is back, maybe with its uncommitted work: the "*" is
	// recomputed from it once the load lists the workspace as unshelved.
	reload := scene.Reload{List: true, Dirty: true}
	if msg.err != nil {
		return nil, modal.Outcome{Say: msg.name + ": " + msg.err.Error(), SayLevel: modal.LevelError}.Then(reload)
	}
	ue, ok := UntrustedKind(msg.setupErr, workspace.KindSetup)
	if !ok {
		ue, ok = UntrustedKind(msg.setupErr, workspace.KindWorktreeFiles)
	}
	if ok && shown == nil && msg.rec.WorkspaceID() == msg.id {
		return nil, modal.Outcome{Open: l.restoreApproval(msg.rec, ue)}.Then(reload)
	}
	switch {
	case msg.setupErr != nil:
		return nil, modal.Outcome{Say: msg.name + ": restored, but " + l.d.setupNote(msg.setupErr), SayLevel: modal.LevelWarn}.Then(reload)
	case msg.approved:
		return nil, modal.Outcome{Say: "restored workspace " + msg.name + "; setup-workspace approved and finished"}.Then(reload)
	}
	return nil, modal.Outcome{Say: "restored workspace " + msg.name}.Then(reload)
}
