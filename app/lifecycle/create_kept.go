package lifecycle

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/paint"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/workspace"
)

// A branch of the new workspace's name exists — an earlier delete kept it,
// often with that workspace's uncommitted work saved as its last commit.
// The create dialog says so and asks: continue it (the saved work comes
// back as uncommitted changes) or start fresh from the base (the old
// branch moves aside under another name, kept). Esc goes back to the form.

// askKept turns the dialog into that question.
func (o *createOverlay) askKept(kb workspace.KeptBranch) {
	req := o.request()
	base := req.Base
	if base == "" {
		base = "the default branch"
	}
	body := []string{"A branch named " + paint.NoticeLine(req.Name) + " exists already; its last commit is:",
		"  " + paint.NoticeLine(kb.Subject)}
	cont := "continue it: the new workspace works on " + paint.NoticeLine(req.Name) + " as it is"
	if kb.SavedWork {
		body = append(body, "An earlier delete or shelve kept it, with that workspace's uncommitted work saved in that commit.")
		cont = "continue it: its saved work comes back as uncommitted changes"
	}
	body = append(body, "Starting fresh makes a new "+paint.NoticeLine(req.Name)+" from "+paint.NoticeLine(base)+".")
	opts := []dialog.Option{{Key: "c", Label: cont},
		{Key: "f", Label: "start fresh (the old branch is kept as " + paint.NoticeLine(kb.FreshName) + ")"}}
	c := dialog.NewChoice(o.d.th, o.d.km, "Continue "+paint.NoticeLine(req.Name)+" or start fresh?", body, opts, 0)
	o.askBranch = &c
}

func (o *createOverlay) updateBranch(msg tea.Msg) tea.Cmd {
	c, out := o.askBranch.Update(msg)
	o.askBranch = &c
	switch out {
	case dialog.Cancelled:
		o.askBranch = nil
		o.form.SetFieldError(0, "") // back to the name
	case dialog.Submitted:
		o.askBranch = nil
		o.branch = workspace.BranchContinue
		if c.Selected() == 1 {
			o.branch = workspace.BranchFresh
		}
		return o.startCreate()
	}
	return nil
}
