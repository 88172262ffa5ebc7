package lifecycle

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/pump"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/app/teardown"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// teardownReq asks the owner to run a confirmed delete or shelve: the
// dialog's answers, and the pump its progress view reads.
type teardownReq struct {
	op          int
	id, name    string
	shelve      bool
	dirty       workspace.DirtyChoice
	skipArchive bool
	// archive is the archive script approved in the dialog (nil: none).
	archive *workspace.Script
	events  *pump.Pump[teardown.StepEvent]
}

// start switches the dialog to its progress view and asks the owner to
// run the teardown; the command waits for the first step events.
func (o *teardownOverlay) start() (tea.Cmd, modal.Outcome) {
	verb := "Deleting "
	if o.shelve {
		verb = "Shelving "
	}
	steps := dialog.NewSteps(o.d.th, o.d.km, verb+o.name, teardown.Labels(o.shelve)...)
	o.steps = &steps
	o.op = o.d.ops.next()
	o.events = pump.New[teardown.StepEvent](0)
	req := teardownReq{op: o.op, id: o.id, name: o.name, shelve: o.shelve, dirty: o.dirty, skipArchive: o.skipArchive, events: o.events}
	if o.approveArchive && o.archive != nil {
		sc := o.archive.Script
		req.archive = &sc
	}
	return waitTeardown(o.op, o.events), modal.Outcome{}.Then(req)
}

// startTeardown marks the workspace busy and runs the teardown, in the
// engine's strict order (tombstone first), off the update loop.
func (l *Owner) startTeardown(r teardownReq) (tea.Cmd, modal.Outcome) {
	verb := "Deleting…"
	if r.shelve {
		verb = "Shelving…"
	}
	l.busy[r.id] = verb
	d := l.d.of(r.id)
	life, trust := d.life, d.trust
	first, _ := teardown.StepLabel(r.shelve, workspace.StepTombstone)
	run := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), teardownTimeout)
		defer cancel()
		// Both write a tombstone first: a delete's .deleting, a shelve's .shelving.
		r.events.Add(teardown.StepEvent{Step: first})
		opts := workspace.DeleteOptions{Dirty: r.dirty, SkipArchive: r.skipArchive, Observe: teardown.Observer(r.shelve, r.events.Add)}
		var res workspace.TeardownResult
		var err error
		if r.archive != nil {
			// The approval of exactly what was shown, right before the
			// teardown that runs it.
			err = trust.ApproveArchive(ctx, r.id, *r.archive)
		}
		switch {
		case err != nil:
		case r.shelve:
			res, err = life.Shelve(ctx, r.id, opts)
		default:
			res, err = life.Delete(ctx, r.id, opts)
		}
		note := teardown.Note(res)
		if err != nil {
			note = teardown.UnfinishedNote(life, r.id)
		}
		r.events.Close()
		return teardownDoneMsg{op: r.op, note: note, id: r.id, name: r.name, shelve: r.shelve, err: err}
	}
	return run, modal.Outcome{}.Then(Rows{})
}

func waitTeardown(op int, p *pump.Pump[teardown.StepEvent]) tea.Cmd {
	return p.Wait(func(ev []teardown.StepEvent, done bool) tea.Msg { return teardownProgressMsg{op, ev, done} })
}

// progress applies a teardownProgressMsg.
func (o *teardownOverlay) progress(msg teardownProgressMsg) tea.Cmd {
	if o.op != msg.op || o.finished {
		// The result already applied every event; replaying them now
		// would reopen the step it settled.
		return nil
	}
	o.applySteps(msg.events)
	if msg.done {
		return nil
	}
	return waitTeardown(o.op, o.events)
}

// teardownDone applies a teardownDoneMsg: the row is free again, dialog
// o (when shown) settles its steps, and the list is reloaded.
func (l *Owner) teardownDone(o *teardownOverlay, msg teardownDoneMsg) (tea.Cmd, modal.Outcome) {
	delete(l.busy, msg.id)
	if o != nil && o.op == msg.op {
		o.finish(msg)
	}
	reload := scene.Reload{List: true, Dirty: true} // a shelved or deleted tree has no "*" any more
	if msg.err != nil {
		return nil, modal.Outcome{Say: fmt.Sprintf("%s: %v", msg.name, msg.err), SayLevel: modal.LevelError}.Then(reload)
	}
	verb := "deleted"
	if msg.shelve {
		verb = "shelved"
	}
	out := modal.Outcome{Say: verb + " workspace " + msg.name}
	if msg.note != "" {
		out.Say, out.SayLevel = out.Say+" ("+msg.note+")", modal.LevelWarn
	}
	return nil, out.Then(reload)
}

// finish settles the progress view on the teardown's result.
func (o *teardownOverlay) finish(msg teardownDoneMsg) {
	// The result can overtake the last progress message: apply every
	// event first, so the step that failed is the one marked.
	o.applySteps(o.events.Snapshot())
	o.finished = true
	// The engine's note, not an assumption: what recovery will do depends
	// on whether the failure left a tombstone.
	o.steps.Note = msg.note
	first, _ := teardown.StepLabel(msg.shelve, workspace.StepTombstone)
	if note, ok := teardown.RefusalNote(msg.err, msg.shelve, o.stepDone(first)); ok {
		o.steps.Note = note
	}
	failedOne := false
	for i := range o.steps.Steps {
		s := &o.steps.Steps[i]
		switch {
		case msg.err == nil && (s.State == dialog.StepPending || s.State == dialog.StepRunning):
			s.State = dialog.StepDone
		case msg.err != nil && s.State == dialog.StepRunning && !failedOne:
			s.State, s.Detail, failedOne = dialog.StepFailed, safetext.Line(msg.err.Error()), true
		case msg.err != nil && (s.State == dialog.StepPending || s.State == dialog.StepRunning):
			s.State = dialog.StepSkipped
		}
	}
}

// applySteps sets each step to what the events (all of them, from the
// start: the pump hands over a full snapshot) last said about it.
func (o *teardownOverlay) applySteps(events []teardown.StepEvent) {
	for _, ev := range events {
		state := dialog.StepRunning
		detail := ""
		switch {
		case ev.Err != nil:
			state, detail = dialog.StepFailed, ev.Err.Error()
		case ev.Done:
			state = dialog.StepDone
		}
		o.steps.Set(ev.Step, state, detail)
	}
}

// stepDone reports whether the progress view shows step as done.
func (o *teardownOverlay) stepDone(step string) bool {
	for _, s := range o.steps.Steps {
		if s.Name == step {
			return s.State == dialog.StepDone
		}
	}
	return false
}
