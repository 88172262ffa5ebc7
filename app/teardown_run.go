package app

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

func (m *Model) startTeardown(o *teardownOverlay) tea.Cmd {
	verb := "Deleting "
	if o.shelve {
		verb = "Shelving "
	}
	steps := dialog.NewSteps(m.th, m.km, verb+o.name, teardownLabels(o.shelve)...)
	o.steps = &steps
	m.opSeq++
	o.op = m.opSeq
	o.events = newPump[StepEvent](0)
	m.busy[o.id] = verb[:len(verb)-1] + "…"
	m.rebuildDashboard()
	op, id, name, shelve, dirty, ev := o.op, o.id, o.name, o.shelve, o.dirty, o.events
	life, trust := m.deps.Lifecycle, m.deps.Trust
	skipArchive, approve := o.skipArchive, o.approveArchive && o.archive != nil
	var archive workspace.Script
	if approve {
		archive = o.archive.Script
	}
	first, _ := stepLabel(shelve, workspace.StepTombstone)
	run := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), teardownTimeout)
		defer cancel()
		// Both write a tombstone first: a delete's .deleting, a shelve's .shelving.
		ev.add(StepEvent{Step: first})
		opts := workspace.DeleteOptions{Dirty: dirty, SkipArchive: skipArchive, Observe: stepObserver(shelve, ev.add)}
		var res workspace.TeardownResult
		var err error
		if approve {
			// The approval of exactly what was shown, right before the
			// teardown that runs it.
			err = trust.ApproveArchive(ctx, id, archive)
		}
		switch {
		case err != nil:
		case shelve:
			res, err = life.Shelve(ctx, id, opts)
		default:
			res, err = life.Delete(ctx, id, opts)
		}
		note := teardownNote(res)
		if err != nil {
			note = unfinishedNote(life, id)
		}
		ev.close()
		return teardownDoneMsg{op: op, note: note, id: id, name: name, shelve: shelve, err: err}
	}
	return tea.Batch(run, m.waitTeardown(op, ev))
}

func (m *Model) waitTeardown(op int, p *pump[StepEvent]) tea.Cmd {
	return p.wait(func(ev []StepEvent, done bool) tea.Msg { return teardownProgressMsg{op, ev, done} })
}

// onTeardownProgress applies a teardownProgressMsg.
func (m *Model) onTeardownProgress(msg teardownProgressMsg) tea.Cmd {
	o, _ := m.overlay.(*teardownOverlay)
	if o == nil || o.op != msg.op || o.finished {
		// The result already applied every event; replaying them now
		// would reopen the step it settled.
		return nil
	}
	o.applySteps(msg.events)
	if msg.done {
		return nil
	}
	return m.waitTeardown(o.op, o.events)
}

// onTeardownDone applies a teardownDoneMsg.
func (m *Model) onTeardownDone(msg teardownDoneMsg) tea.Cmd {
	o, _ := m.overlay.(*teardownOverlay)
	delete(m.busy, msg.id)
	verb := "deleted"
	if msg.shelve {
		verb = "shelved"
	}
	if o != nil && o.op == msg.op {
		// The result can overtake the last progress message: apply
		// every event first, so the step that failed is the one marked.
		o.applySteps(o.events.snapshot())
		o.finished = true
		// The engine's note, not an assumption: what recovery will do
		// depends on whether the failure left a tombstone.
		o.steps.Note = msg.note
		first, _ := stepLabel(msg.shelve, workspace.StepTombstone)
		if note, ok := workRefusalNote(msg.err, msg.shelve, o.stepDone(first)); ok {
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
	m.dirtyAfterLoad = true // a shelved or deleted tree has no "*" any more
	if msg.err != nil {
		return tea.Batch(m.load(), m.say(levelError, fmt.Sprintf("%s: %v", msg.name, msg.err)))
	}
	text, level := verb+" workspace "+msg.name, levelInfo
	if msg.note != "" {
		text, level = text+" ("+msg.note+")", levelWarn
	}
	return tea.Batch(m.load(), m.say(level, text))
}

// applySteps sets each step to what the events (all of them, from the
// start: the pump hands over a full snapshot) last said about it.
func (o *teardownOverlay) applySteps(events []StepEvent) {
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
