package app

import (
	"strconv"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/ui/agentpicker"
	"amux.dev/amux/ui/notify"
)

// notification is the desktop notification for a tab that now wants a
// person, as the configured style spells it ("" when off): the workspace
// and tab as the title, what happened — the blocked agent's question, or
// how the work ended — as the body. Both are display copies already.
func (o *superviseOwner) notification(wsID string, t *tab, sc watchScene) string {
	title := "amux: " + t.label()
	if name := sc.name(wsID); name != "" {
		title = "amux: " + name + " · " + t.label()
	}
	seq := notify.Sequence(sc.cfg.UI.Notifications, title, stateLine(t.state))
	if o.d.outerTmux {
		seq = notify.ForTmux(seq)
	}
	return seq
}

// stateLine says a state in words: "blocked (question): <the question>",
// "done", "error (exit 1)", "error: <what the agent said>", "exited
// (status 3)", "running".
func stateLine(r agentstate.Result) string {
	s := string(r.State)
	switch r.State {
	case agentstate.Blocked:
		if r.Kind != "" {
			s += " (" + r.Kind + ")"
		}
		if r.Message != "" {
			s += ": " + r.Message // the question itself
		}
	case agentstate.Stopped:
		if r.HasExit {
			if what := agentpicker.ExitMeaning(r.Exit); what != "" {
				return agentpicker.DescribeExit(r.Exit) // "exited 127: command not found"
			}
			return "exited (status " + strconv.Itoa(r.Exit) + ")"
		}
		return "exited"
	case agentstate.Done, agentstate.Error:
		if r.HasExit {
			return s + " (exit " + strconv.Itoa(r.Exit) + ")"
		}
		if r.State == agentstate.Error && r.Message != "" {
			s += ": " + r.Message // what went wrong, as the agent said it
		}
	}
	return s
}
