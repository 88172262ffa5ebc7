package app

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/dialog"
)

// teardownTimeout bounds a delete or shelve (archive script included).
const teardownTimeout = 10 * time.Minute

// teardownOverlay is the typed-confirm gate, then the step progress of a
// delete or shelve. Esc while it runs hides the view; the dashboard keeps
// showing the workspace as busy until it finishes.
type teardownOverlay struct {
	id, name string
	shelve   bool
	confirm  dialog.TypedConfirm
	steps    *dialog.Steps
	op       int
	events   *pump[StepEvent]
}

type teardownProgressMsg struct {
	op     int
	events []StepEvent
	done   bool
}

type teardownDoneMsg struct {
	op     int
	note   string
	id     string
	name   string
	shelve bool
	err    error
}

func (m *Model) openTeardown(shelve bool) {
	w, ok := m.dash.SelectedWorkspace()
	if !ok {
		return
	}
	rec, _ := m.record(w.ID)
	title, body := "Delete workspace "+w.Name, []string{
		"Kills its agent and run sessions, runs the archive script,",
		"removes the worktree " + rec.Root + " and the workspace record.",
	}
	if rec.CreatedBranch {
		body = append(body, "The branch "+rec.Branch+" goes too, unless it has commits merged nowhere else.")
	} else {
		body = append(body, "The branch "+rec.Branch+" existed before the workspace and is kept.")
	}
	if shelve {
		title, body = "Shelve workspace "+w.Name, []string{
			"Kills its run sessions, runs the archive script and removes the worktree.",
			"The branch " + rec.Branch + " and the record stay; restore it later.",
		}
	}
	m.overlay = &teardownOverlay{id: w.ID, name: w.Name, shelve: shelve,
		confirm: dialog.NewTypedConfirm(m.th, title, body, w.Name)}
}

func (o *teardownOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	if o.steps != nil {
		if k, ok := msg.(tea.KeyPressMsg); ok && (k.String() == "esc" || k.String() == "enter") {
			m.closeOverlay()
		}
		return nil
	}
	c, cmd, out := o.confirm.Update(msg)
	o.confirm = c
	switch out {
	case dialog.Cancelled:
		m.closeOverlay()
	case dialog.Submitted:
		return tea.Batch(cmd, m.startTeardown(o))
	}
	return cmd
}

func (o *teardownOverlay) view(m *Model, w, h int) string {
	if o.steps != nil {
		return o.steps.View(min(w, 76))
	}
	return o.confirm.View(min(w, 76))
}

func (m *Model) startTeardown(o *teardownOverlay) tea.Cmd {
	verb := "Deleting "
	if o.shelve {
		verb = "Shelving "
	}
	steps := dialog.NewSteps(m.th, verb+o.name, teardownLabels(o.shelve)...)
	o.steps = &steps
	m.opSeq++
	o.op = m.opSeq
	o.events = newPump[StepEvent](0)
	m.busy[o.id] = verb[:len(verb)-1] + "…"
	m.rebuildDashboard()
	op, id, name, shelve, eng, ev := o.op, o.id, o.name, o.shelve, m.deps.Engine, o.events
	run := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), teardownTimeout)
		defer cancel()
		note, err := eng.Teardown(ctx, id, shelve, ev.add)
		ev.close()
		return teardownDoneMsg{op: op, note: note, id: id, name: name, shelve: shelve, err: err}
	}
	return tea.Batch(run, m.waitTeardown(op, ev))
}

func (m *Model) waitTeardown(op int, p *pump[StepEvent]) tea.Cmd {
	return p.wait(func(ev []StepEvent, done bool) tea.Msg { return teardownProgressMsg{op, ev, done} })
}

// handleTeardownResult applies step events and the final outcome.
func (m *Model) handleTeardownResult(msg tea.Msg) (tea.Cmd, bool) {
	o, _ := m.overlay.(*teardownOverlay)
	switch msg := msg.(type) {
	case teardownProgressMsg:
		if o == nil || o.op != msg.op {
			return nil, true
		}
		for _, ev := range msg.events {
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
		if msg.done {
			return nil, true
		}
		return m.waitTeardown(o.op, o.events), true
	case teardownDoneMsg:
		delete(m.busy, msg.id)
		verb := "deleted"
		if msg.shelve {
			verb = "shelved"
		}
		if o != nil && o.op == msg.op {
			if msg.err != nil {
				o.steps.Note = msg.note // what the failure left, from the engine
			}
			failedOne := false
			for i := range o.steps.Steps {
				s := &o.steps.Steps[i]
				switch {
				case msg.err == nil && (s.State == dialog.StepPending || s.State == dialog.StepRunning):
					s.State = dialog.StepDone
				case msg.err != nil && s.State == dialog.StepRunning && !failedOne:
					s.State, s.Detail, failedOne = dialog.StepFailed, msg.err.Error(), true
				case msg.err != nil && (s.State == dialog.StepPending || s.State == dialog.StepRunning):
					s.State = dialog.StepSkipped
				}
			}
		}
		if msg.err != nil {
			return tea.Batch(m.load(), m.say(levelError, fmt.Sprintf("%s: %v", msg.name, msg.err))), true
		}
		text := verb + " workspace " + msg.name
		if msg.note != "" {
			text += " (" + msg.note + ")"
		}
		return tea.Batch(m.load(), m.say(levelInfo, text)), true
	}
	return nil, false
}

// handleOpResult routes the results of long operations.
func (m *Model) handleOpResult(msg tea.Msg) (tea.Cmd, bool) {
	if cmd, ok := m.handleCreateResult(msg); ok {
		return cmd, true
	}
	return m.handleTeardownResult(msg)
}
