package lifecycle

import "amux.dev/amux/ui/keys"

// ActRestore restores the selected shelved workspace: the flows' words
// name it (a shelve says how to get the tree back); its row, with keys,
// label, run and why, is in the root's table.
const ActRestore keys.ActionID = "restore-workspace"
