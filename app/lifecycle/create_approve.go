package lifecycle

import (
	"context"
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/pump"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// A workspace was created but its setup-workspace comes from the
// repository and is not approved yet: the create dialog asks for the
// approval in place — the commands shown, exactly as they would run — and,
// approved, runs setup there with its output, instead of sending the
// person through the status dialog.

type approvedSetupMsg struct {
	op  int
	res workspace.ScriptResult
	err error
}

// askApproval turns the dialog into the question the setup waits on.
func (o *createOverlay) askApproval(rec workspace.Record, ue *workspace.UntrustedError) {
	what := "Created. Its setup"
	if ue.Script.Kind == workspace.KindWorktreeFiles {
		what = "Created. Its list of files to bring from the main checkout"
	}
	c := approvalQuestion(o.d.th, o.d.km, what, rec, ue)
	o.approve, o.untrusted, o.created = &c, ue, rec
}

// approvalQuestion asks for the approval of exactly the commands of ue's
// script, as they would run in rec's tree; what introduces the script
// ("Created. Its setup"). Create, restore and F5 ask the same question.
func approvalQuestion(th theme.Theme, km keys.Map, what string, rec workspace.Record, ue *workspace.UntrustedError) dialog.Confirm {
	source, verb := workspace.RepoScriptsFile, "would run"
	if ue.Script.Kind == workspace.KindWorktreeFiles {
		source, verb = workspace.RepoWorktreeFile, "would be applied before setup-workspace"
	}
	body := []string{what + " comes from the repository (" + source + ") and " + verb + ", in " + rec.Root + ":"}
	for _, c := range ue.Script.Commands {
		body = append(body, "  $ "+strings.ReplaceAll(c, "\n", " ⏎ "))
	}
	body = append(body, "", "amux runs it only once you approve this exact content; a later change asks again.")
	noun := string(ue.Script.Kind)
	switch ue.Script.Kind {
	case workspace.KindRun:
		noun = "the run script"
	case workspace.KindWorktreeFiles:
		noun = "the files to copy and link"
	}
	return dialog.NewConfirm(th, km, "Approve "+noun+" for "+rec.Name+"?", body, "approve and run it")
}

func (o *createOverlay) updateApproval(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	c, out := o.approve.Update(msg)
	o.approve = &c
	switch out {
	case dialog.Cancelled:
		return nil, modal.Outcome{Close: true, Say: "created workspace " + o.created.Name + "; " + o.d.setupNote(o.untrusted)}
	case dialog.Submitted:
		return o.runApproved(), modal.Outcome{}
	}
	return nil, modal.Outcome{}
}

// runApproved records the approval and runs setup, its output in the tail.
func (o *createOverlay) runApproved() tea.Cmd {
	o.approve = nil
	o.op = o.d.ops.next()
	o.out = pump.New[string](8)
	op, out, trust, id, sc := o.op, o.out, o.d.trust, o.created.WorkspaceID(), o.untrusted.Script
	spin := o.form.SetBusy("running the approved setup-workspace of " + o.created.Name + "…")
	run := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), createTimeout)
		defer cancel()
		lw := &lineWriter{emit: out.Add}
		res, err := trust.ApproveSetup(ctx, id, sc, lw)
		lw.flush()
		out.Close()
		return approvedSetupMsg{op, res, err}
	}
	return tea.Batch(spin, run, waitCreateOutput(op, out))
}

// approvedSetup applies the approved setup's outcome.
func (o *createOverlay) approvedSetup(msg approvedSetupMsg) (tea.Cmd, modal.Outcome) {
	if o.op != msg.op {
		return nil, modal.Outcome{}
	}
	if msg.err != nil {
		var ue *workspace.UntrustedError
		if errors.As(msg.err, &ue) && setupApprovable(ue) {
			// One approval led to the next: setup's list of files, then its
			// script (or the other way round).
			o.askApproval(o.created, ue)
			return nil, modal.Outcome{}
		}
		o.form.SetWarned("created workspace "+o.created.Name+"; "+o.d.setupNote(msg.err), o.tail()...)
		return nil, modal.Outcome{}
	}
	return nil, modal.Outcome{Close: true, Say: "created workspace " + o.created.Name + "; setup-workspace approved and finished"}
}

// tail is the last lines setup printed, for a dialog that stays open.
func (o *createOverlay) tail() []string {
	if o.out == nil {
		return nil
	}
	return o.out.Snapshot()
}

// setupApprovable reports an approval the create dialog asks for in place:
// setup-workspace's script, or the list of files setup brings first.
func setupApprovable(ue *workspace.UntrustedError) bool {
	return ue.Script.Kind == workspace.KindSetup || ue.Script.Kind == workspace.KindWorktreeFiles
}
