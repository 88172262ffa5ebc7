package app

import (
	"amux.dev/amux/app/scene"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// shownState is the display copy of a scan's classification: the kind,
// message, app and detail a program reported (or a screen rule quoted).
func shownState(r agentstate.Result) agentstate.Result {
	r.Kind = safetext.Line(r.Kind)
	r.Message = safetext.Line(r.Message)
	r.App = safetext.Line(r.App)
	r.Detail = safetext.Line(r.Detail)
	return r
}

// shownStatus is the display copy of a workspace's status: the script
// commands come from the repository, and are shown for approval with their
// escapes removed, so nothing in them can hide the rest of the line.
func shownStatus(st workspace.Status) workspace.Status {
	scripts := make([]workspace.ScriptInfo, len(st.Scripts))
	for i, s := range st.Scripts {
		s.Commands = append([]string(nil), s.Commands...)
		for j, c := range s.Commands {
			s.Commands[j] = safetext.Line(c)
		}
		s.Source = workspace.Source(safetext.Line(string(s.Source)))
		scripts[i] = s
	}
	st.Scripts = scripts
	st.Ports = safetext.Line(st.Ports)
	return st
}

// snapshot is the load the root and its owners read (app/scene): the
// short name keeps the owners' fields readable.
type snapshot = scene.Snapshot
