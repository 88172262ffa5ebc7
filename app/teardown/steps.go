// Package teardown holds the words of a delete or shelve: the engine's
// steps as the progress view names them, the notes a result and an
// unfinished teardown leave, and what the uncommitted work at stake is,
// the choices about it and what each does. The lifecycle owner and its
// dialog (app/lifecycle/teardown.go, teardown_run.go) only sequence
// them; nothing here holds state.
package teardown

import (
	"strings"

	"amux.dev/amux/workspace"
)

// StepEvent is one teardown step starting or finishing, as the progress
// view shows it.
type StepEvent struct {
	Step string
	Done bool
	Err  error
}

// steps are the engine's teardown steps (delete and shelve share
// them) with the words the progress view uses for them.
func steps() []struct{ id, label string } {
	return []struct{ id, label string }{
		{workspace.StepTombstone, "mark it as being deleted"},
		{workspace.StepDrain, "stop lifecycle processes"},
		{workspace.StepKillRuns, "kill agent and run sessions"},
		{workspace.StepArchive, "run archive"},
		{workspace.StepRemoveWorktree, "remove worktree"},
		{workspace.StepRemoveRecord, "remove record"},
	}
}

// StepLabel names an engine step for the view, with its place in the list.
func StepLabel(shelve bool, id string) (string, int) {
	if shelve && id == workspace.StepRemoveRecord {
		return "mark shelved", len(steps()) - 1
	}
	if shelve && id == workspace.StepTombstone {
		return "mark it as being shelved", 0
	}
	for i, s := range steps() {
		if s.id == id {
			return s.label, i
		}
	}
	return id, -1
}

// Labels lists the steps a delete or shelve will report, in order.
func Labels(shelve bool) []string {
	out := make([]string, 0, len(steps()))
	for _, s := range steps() {
		l, _ := StepLabel(shelve, s.id)
		out = append(out, l)
	}
	return out
}

// Observer turns the engine's step reports into progress events: the
// step done, and the next one running.
func Observer(shelve bool, emit func(StepEvent)) workspace.Observer {
	return func(_, step, _ string) {
		label, i := StepLabel(shelve, step)
		emit(StepEvent{Step: label, Done: true})
		if i >= 0 && i+1 < len(steps()) {
			next, _ := StepLabel(shelve, steps()[i+1].id)
			emit(StepEvent{Step: next})
		}
	}
}

// Note tells the person what a finished delete or shelve kept or
// skipped on purpose: what it did with uncommitted work, a branch with
// unmerged commits, an archive script that failed or could not run.
func Note(res workspace.TeardownResult) string {
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
	return strings.Join(notes, "; ")
}

// UnfinishedNote says truthfully what a failed delete or shelve left: a
// mark (the engine's tombstone) the next start acts on, or none, so
// nothing is retried. The person's words, not the file's name.
func UnfinishedNote(life workspace.LifecycleService, id string) string {
	switch op, _ := life.UnfinishedTeardown(id); op {
	case workspace.OpDelete:
		return "It stays marked as being deleted: the next start finishes the delete."
	case workspace.OpShelve:
		return "It stays marked as being shelved: the next start finishes the shelve."
	}
	return "Nothing was started, so nothing is retried on the next start: fix the cause and try again."
}
