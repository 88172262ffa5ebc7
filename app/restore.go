package app

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/workspace"
)

type restoredMsg struct {
	id, name string
	approved bool  // the run was of a setup approved in place
	setupErr error // restored, but setup-workspace did not finish
	err      error
}

// restoreProgressMsg carries a restore's latest step or setup line.
type restoreProgressMsg struct {
	id     string
	p      *pump[string]
	latest []string
	done   bool
}

// restoreWorkspace brings the selected shelved workspace back, off the
// update loop. Its row says how far it got — the worktree, then each line
// setup-workspace prints — and O follows the setup's output meanwhile.
func (m *Model) restoreWorkspace() tea.Cmd {
	w, ok := m.dash.SelectedWorkspace()
	if !ok {
		return nil
	}
	id, life := w.ID, m.deps.Lifecycle
	return m.followRestore(id, w.Name, false, "restoring…",
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

// followRestore runs a restore's work (the restore, or the setup approved
// after it) off the update loop, its row saying first, then each step run
// reports and each line setup prints.
func (m *Model) followRestore(id, name string, approved bool, first string,
	run func(ctx context.Context, step func(string), out io.Writer) (workspace.CreateResult, error)) tea.Cmd {
	m.busy[id] = first
	m.rebuildDashboard()
	p := newPump[string](1)
	work := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), createTimeout)
		defer cancel()
		lw := &lineWriter{emit: func(l string) { p.add("setup: " + l) }}
		res, err := run(ctx, p.add, lw)
		lw.flush()
		p.close()
		return restoredMsg{id: id, name: name, approved: approved, setupErr: res.SetupErr, err: err}
	}
	return tea.Batch(work, m.waitRestore(id, p))
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

func (m *Model) waitRestore(id string, p *pump[string]) tea.Cmd {
	return p.wait(func(items []string, done bool) tea.Msg { return restoreProgressMsg{id, p, items, done} })
}

// onRestoreProgress shows a restore's latest step on its row.
func (m *Model) onRestoreProgress(msg restoreProgressMsg) tea.Cmd {
	if _, busy := m.busy[msg.id]; !busy {
		return nil // finished meanwhile
	}
	if n := len(msg.latest); n > 0 {
		m.busy[msg.id] = msg.latest[n-1]
		m.rebuildDashboard()
	}
	if msg.done {
		return nil
	}
	return m.waitRestore(msg.id, msg.p)
}

// onRestored applies a restore's outcome.
func (m *Model) onRestored(msg restoredMsg) tea.Cmd {
	delete(m.busy, msg.id)
	// The tree is back, maybe with its uncommitted work: the "*" is
	// recomputed from it once the load lists the workspace as unshelved.
	m.dirtyAfterLoad = true
	if msg.err != nil {
		return tea.Batch(m.load(), m.say(levelError, msg.name+": "+msg.err.Error()))
	}
	ue, rec, ok := m.untrustedOf(msg.setupErr, workspace.KindSetup, msg.id)
	if !ok {
		ue, rec, ok = m.untrustedOf(msg.setupErr, workspace.KindWorktreeFiles, msg.id)
	}
	if ok {
		return tea.Batch(m.load(), m.askRestoreApproval(rec, ue))
	}
	if msg.setupErr != nil {
		return tea.Batch(m.load(), m.say(levelWarn, msg.name+": restored, but "+m.setupNote(msg.setupErr)))
	}
	if msg.approved {
		return tea.Batch(m.load(), m.say(levelInfo, "restored workspace "+msg.name+"; setup-workspace approved and finished"))
	}
	return tea.Batch(m.load(), m.say(levelInfo, "restored workspace "+msg.name))
}
