package dialog

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// StepState is the state of one step of a multi-step operation.
type StepState int

// Step states, in the order a step goes through them.
const (
	StepPending StepState = iota
	StepRunning
	StepDone
	StepFailed
	StepSkipped
)

// Step is one named step and what happened to it.
type Step struct {
	Name   string
	State  StepState
	Detail string
}

// Steps shows the progress of an ordered operation (workspace teardown):
// which step runs, which are done, and which failed with what.
type Steps struct {
	Title string
	Steps []Step
	Note  string // shown under the steps (e.g. "the tombstone stays for recovery")
	theme theme.Theme
	keys  keys.Map
}

// NewSteps builds the view with every step pending.
func NewSteps(th theme.Theme, km keys.Map, title string, names ...string) Steps {
	s := Steps{Title: safetext.Line(title), theme: th, keys: km}
	for _, n := range names {
		s.Steps = append(s.Steps, Step{Name: n})
	}
	return s
}

// Set updates the named step; unknown names are appended.
func (s *Steps) Set(name string, state StepState, detail string) {
	detail = safetext.Line(detail)
	for i := range s.Steps {
		if s.Steps[i].Name == name {
			s.Steps[i].State, s.Steps[i].Detail = state, detail
			return
		}
	}
	s.Steps = append(s.Steps, Step{Name: safetext.Line(name), State: state, Detail: detail})
}

// Finished reports whether no step is pending or running.
func (s Steps) Finished() bool {
	for _, st := range s.Steps {
		if st.State == StepPending || st.State == StepRunning {
			return false
		}
	}
	return true
}

// Failed reports whether any step failed.
func (s Steps) Failed() bool {
	for _, st := range s.Steps {
		if st.State == StepFailed {
			return true
		}
	}
	return false
}

// View renders the steps width cells wide.
func (s Steps) View(width int) string {
	th := s.theme
	var b strings.Builder
	b.WriteString(th.AccentStyle().Render(s.Title) + "\n\n")
	for _, st := range s.Steps {
		var mark string
		style := th.TextStyle()
		switch st.State {
		case StepPending:
			mark, style = "·", th.MutedStyle()
		case StepRunning:
			mark, style = "▸", th.Style(th.Working)
		case StepDone:
			mark, style = "✓", th.Style(th.Done)
		case StepFailed:
			mark, style = "✗", th.ErrorStyle()
		case StepSkipped:
			mark, style = "–", th.MutedStyle()
		}
		line := mark + " " + st.Name
		if st.Detail != "" {
			line += ": " + st.Detail
		}
		b.WriteString(style.Render(ansi.Truncate(line, max(0, width-6), "…")) + "\n")
	}
	if s.Note != "" {
		b.WriteString("\n" + th.MutedStyle().Render(s.Note) + "\n")
	}
	if s.Finished() {
		b.WriteString("\n" + th.MutedStyle().Render(closeHint(s.keys)))
	}
	return box(th, width, strings.TrimRight(b.String(), "\n"))
}
