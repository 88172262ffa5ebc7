// Package badge is the one list of state marks amux draws beside
// workspaces and tabs — the glyph, its colour role, what it means and how
// urgent it is — so the dashboard, the tab bar, an overflow count and the
// help's legend all say the same thing.
package badge

import (
	"image/color"

	"amux.dev/amux/ui/theme"
)

// Kind is a state a workspace or tab can be in.
type Kind int

// The states, least urgent first.
const (
	Idle     Kind = iota // nothing running that needs looking at
	Attached             // a live session amux is showing
	Shelved              // the worktree is put away (workspaces only)
	Working              // an agent is working (drawn as the spinner)
	Running              // a long-lived run (a server) is up
	Done                 // an agent finished: worth a look
	Stopped              // the program exited; the tab keeps its last screen
	Error                // an agent reported an error, or a step failed
	Blocked              // an agent waits for an answer
)

// All lists every kind, in the order a legend shows them.
func All() []Kind {
	return []Kind{Idle, Attached, Working, Running, Blocked, Done, Shelved, Stopped, Error}
}

// Glyph is the one-cell mark. Working's is a spinner frame where one is
// drawn; this is its still form, for the legend.
func (k Kind) Glyph() string {
	switch k {
	case Attached:
		return "●"
	case Shelved:
		return "⏸"
	case Working:
		return "⠿"
	case Running:
		return "▶"
	case Done:
		return "✓"
	case Stopped:
		return "■"
	case Error:
		return "✗"
	case Blocked:
		return "◆"
	}
	return "○"
}

// Meaning is what the mark says, for the legend.
func (k Kind) Meaning() string {
	switch k {
	case Attached:
		return "live: a session is running"
	case Shelved:
		return "shelved: worktree put away, branch and record kept"
	case Working:
		return "working (spinner)"
	case Running:
		return "running: a server or watcher the run script keeps up"
	case Done:
		return "done: an agent finished"
	case Stopped:
		return "exited: the program ended, its last screen kept"
	case Error:
		return "error"
	case Blocked:
		return "blocked: an agent waits for you"
	}
	return "idle"
}

// Urgency orders kinds by how much they need the person: the most urgent
// of a hidden group is the one an overflow count shows.
func (k Kind) Urgency() int { return int(k) }

// Color is the kind's colour in th.
func (k Kind) Color(th theme.Theme) color.Color {
	switch k {
	case Working, Running:
		return th.Working
	case Done:
		return th.Done
	case Stopped, Error:
		return th.Error
	case Blocked:
		return th.Blocked
	}
	return th.Muted
}

// MostUrgent is the most urgent of ks (Idle for none).
func MostUrgent(ks ...Kind) Kind {
	best := Idle
	for _, k := range ks {
		if k.Urgency() > best.Urgency() {
			best = k
		}
	}
	return best
}

// DirtyMark follows a workspace's name, in the warning colour, when its
// worktree holds uncommitted changes; DirtyMeaning is its legend line.
const (
	DirtyMark    = "*"
	DirtyMeaning = "beside a workspace: uncommitted changes"
)
