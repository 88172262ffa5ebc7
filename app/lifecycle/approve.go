package lifecycle

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// A repository script that waits for approval is asked about where it
// would run — F5's run script, a restore's setup-workspace — with the
// commands shown exactly as they would run, like the create dialog does
// (create_approve.go). Approved, it runs there at once: the run in its
// tab, the setup with its output on the row and in O.

// approveOverlay is that question, a modal. approved is what approving
// the shown script does (its approval is recorded by the engine call it
// makes): a command, and requests for the root; declined says what now
// waits, and how to approve it later. Both only build what they return.
type approveOverlay struct {
	confirm  dialog.Confirm
	script   workspace.Script
	approved func(sc workspace.Script) (tea.Cmd, modal.Outcome)
	declined modal.Outcome
}

func (o *approveOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	c, out := o.confirm.Update(msg)
	o.confirm = c
	switch out {
	case dialog.Cancelled:
		no := o.declined
		no.Close = true
		return nil, no
	case dialog.Submitted:
		cmd, yes := o.approved(o.script)
		yes.Close = true
		return cmd, yes
	}
	return nil, modal.Outcome{}
}

func (o *approveOverlay) View(w, _ int) string { return o.confirm.View(min(w, 80)) }

// Approval asks what, the approval of exactly the commands of ue's
// script as they would run in rec's tree (approvalQuestion): approved
// says what approving it does (its approval is recorded by the engine call
// it makes), declined what now waits and how to approve it later. The
// root asks F5's run script this way.
func Approval(th theme.Theme, km keys.Map, what string, rec workspace.Record, ue *workspace.UntrustedError,
	approved func(workspace.Script) (tea.Cmd, modal.Outcome), declined modal.Outcome) modal.Modal {
	return &approveOverlay{confirm: approvalQuestion(th, km, what, rec, ue), script: ue.Script, approved: approved, declined: declined}
}

// UntrustedKind returns the *UntrustedError in err when it is about a
// script of kind.
func UntrustedKind(err error, kind workspace.ScriptKind) (*workspace.UntrustedError, bool) {
	var ue *workspace.UntrustedError
	if !errors.As(err, &ue) || ue.Script.Kind != kind {
		return nil, false
	}
	return ue, true
}

// restoreApproval asks for the approval of the setup-workspace a restore
// of rec would run; approved, the owner runs it with its output on the
// row (restoreSetupReq).
func (l *Owner) restoreApproval(rec workspace.Record, ue *workspace.UntrustedError) *approveOverlay {
	what := "Restored. Its setup"
	if ue.Script.Kind == workspace.KindWorktreeFiles {
		what = "Restored. Its list of files to bring from the main checkout"
	}
	return &approveOverlay{
		confirm: approvalQuestion(l.d.th, l.d.km, what, rec, ue),
		script:  ue.Script,
		approved: func(sc workspace.Script) (tea.Cmd, modal.Outcome) {
			return nil, modal.Outcome{}.Then(restoreSetupReq{rec: rec, script: sc})
		},
		declined: modal.Outcome{Say: rec.Name + ": restored, but " + l.d.setupNote(ue), SayLevel: modal.LevelWarn},
	}
}
