package app

import (
	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/app/review"
	"amux.dev/amux/ui/keys"
)

// The actions that do not reach a host yet. Their owners (lifecycle,
// review and land, the sidebar, the status and output dialogs) still hold
// this machine's services; run on a host's row they would act on this
// machine with a host's IDs and paths. Until each is routed (router.of),
// its row says why it cannot run there instead — a person on the host
// can run amux there for them.

// hostOnlyElsewhere is the set of those actions.
func hostOnlyElsewhere() map[keys.ActionID]bool {
	return map[keys.ActionID]bool{
		actNewWorkspace: true, actDelete: true, actShelve: true, lifecycle.ActRestore: true, actEditEnv: true, actEditScripts: true, actShowDiff: true, actCommit: true,
		actMerge: true, review.ActAbortLanding: true, review.ActFinishLanding: true, actTimeline: true,
		actRemoveProject: true, actRenameWorkspace: true, actMainWorkspace: true, actCloseMain: true,
		actToggleSidebar: true, actRunScript: true, // a run's approval is asked of this machine's trust
		actScrollUp: true, actScrollDown: true, // the history pager reads a local tmux server
	}
}

// guardRemote gives each of those rows the reason it cannot run on a
// host's row, before its own reasons.
func guardRemote(rows []action) []action {
	set := hostOnlyElsewhere()
	for i := range rows {
		if !set[rows[i].ID] {
			continue
		}
		own := rows[i].why
		rows[i].why = func(m *Model) string {
			if h := m.list.rows.SelectedHost(); h != "" {
				return "on " + h + " this is not in the workbench yet (amux on the host does it)"
			}
			if own != nil {
				return own(m)
			}
			return ""
		}
	}
	return rows
}
