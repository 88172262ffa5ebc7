package app

import (
	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/ui/keys"
)

// The actions that do not reach a host. Every owner that acts on a
// workspace asks the router for its services (router.of, onHost); what is
// left here reads something only the host keeps and no request carries
// yet, so on a host's row it says so rather than read this machine's.

// hostOnlyElsewhere is the set of those actions.
func hostOnlyElsewhere() map[keys.ActionID]bool {
	return map[keys.ActionID]bool{
		actTimeline: true, // the host keeps its workspaces' history
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

// lifeOnSelected is the lifecycle owner acting on the selected row's
// machine: a host's projects are created in and edited there.
func (m *Model) lifeOnSelected() *lifecycle.Owner {
	return m.life.On(m.list.rows.SelectedHost())
}
