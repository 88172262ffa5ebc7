package review

import "amux.dev/amux/ui/keys"

// The actions of landing that the owner's dialogs and texts name (their
// rows, with keys, label, run and why, are in the root's table).
const (
	// ActAbortLanding aborts the merge or rebase that stopped on conflicts.
	ActAbortLanding keys.ActionID = "abort-merge"
	// ActFinishLanding asks how to finish the stopped merge or rebase.
	ActFinishLanding keys.ActionID = "finish-merge"
)
