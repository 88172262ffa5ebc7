package app

import (
	"context"
	"errors"
	"io"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/workspace"
)

// A repository script that waits for approval is asked about where it
// would run — F5's run script, a restore's setup-workspace — with the
// commands shown exactly as they would run, like the create dialog does
// (overlay_approve.go). Approved, it runs there at once: the run in its
// tab, the setup with its output on the row and in O.

// approveOverlay is that question. approved runs the shown script (its
// approval is recorded by the engine call it makes); declined says what
// now waits, and how to approve it later.
type approveOverlay struct {
	confirm  dialog.Confirm
	script   workspace.Script
	approved func(m *Model, sc workspace.Script) tea.Cmd
	declined func(m *Model) tea.Cmd
}

func (o *approveOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	c, out := o.confirm.Update(msg)
	o.confirm = c
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
		return o.declined(m)
	case dialog.Submitted:
		m.closeOverlay()
		return o.approved(m, o.script)
	}
	return nil
}

func (o *approveOverlay) view(_ *Model, w, _ int) string { return o.confirm.View(min(w, 80)) }

// untrustedOf returns the *UntrustedError in err when it is about a script
// of kind and the question can be asked now: the workspace is loaded and
// no other dialog is open (one the person opened meanwhile is not taken
// away from them; the notice then says how to approve later).
func (m *Model) untrustedOf(err error, kind workspace.ScriptKind, id string) (*workspace.UntrustedError, workspace.Record, bool) {
	var ue *workspace.UntrustedError
	if !errors.As(err, &ue) || ue.Script.Kind != kind || m.overlay != nil {
		return nil, workspace.Record{}, false
	}
	rec, ok := m.record(id)
	return ue, rec, ok
}

// askRunApproval asks for the approval of the run script F5 would start;
// approved, the run starts in its tab at once.
func (m *Model) askRunApproval(rec workspace.Record, ue *workspace.UntrustedError) tea.Cmd {
	id, trust := rec.WorkspaceID(), m.deps.Trust
	m.overlay = &approveOverlay{
		confirm: approvalQuestion(m, "Its run script", rec, ue),
		script:  ue.Script,
		approved: func(m *Model, sc workspace.Script) tea.Cmd {
			return tea.Batch(m.say(levelInfo, "starting the approved run script…"), func() tea.Msg {
				ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
				defer cancel()
				rs, err := trust.ApproveRun(ctx, id, sc)
				return runStartedMsg{id, rs.Name, err}
			})
		},
		declined: func(m *Model) tea.Cmd { return m.say(levelInfo, m.runNote()) },
	}
	return nil
}

// askRestoreApproval asks for the approval of the setup-workspace a
// restore would run; approved, it runs with its output on the row.
func (m *Model) askRestoreApproval(rec workspace.Record, ue *workspace.UntrustedError) tea.Cmd {
	id, name, trust := rec.WorkspaceID(), rec.Name, m.deps.Trust
	what := "Restored. Its setup"
	if ue.Script.Kind == workspace.KindWorktreeFiles {
		what = "Restored. Its list of files to bring from the main checkout"
	}
	m.overlay = &approveOverlay{
		confirm: approvalQuestion(m, what, rec, ue),
		script:  ue.Script,
		approved: func(m *Model, sc workspace.Script) tea.Cmd {
			return m.followRestore(id, name, true, "restoring: running the approved setup-workspace…",
				func(ctx context.Context, _ func(string), out io.Writer) (workspace.CreateResult, error) {
					res, err := trust.ApproveSetup(ctx, id, sc, out)
					return workspace.CreateResult{Setup: res, SetupErr: err}, nil
				})
		},
		declined: func(m *Model) tea.Cmd {
			return m.say(levelWarn, name+": restored, but "+m.setupNote(ue))
		},
	}
	return nil
}

// runNote says the run script waits for approval and how to give it later.
func (m *Model) runNote() string {
	return "the run script comes from the repository and waits for your approval: press " +
		m.keyName(actRunScript) + " again, or " + m.keyName(actStatus) + ", then " + m.keyName(actApproveScripts)
}
