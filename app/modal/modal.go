// Package modal is the contract between amux's root model and whatever
// sits over its layout (the palette, help, every dialog): a Modal answers
// each message with a command and an Outcome the root applies, and is
// built with a Kit (theme, key map, the registry as dialogs see it, a
// spinner). It imports nothing of app, so a dialog written against it can
// live in a package of its own and never reach the root.
package modal

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
)

// Modal is what sits over the layout (the palette, help, every dialog), in
// the shape the ui/dialog widgets already have: it handles its message and
// answers with what should happen, which the root applies. It never sees
// the root model, so no dialog can change state it does not own, and one
// can be tested with nothing but its constructor's arguments.
type Modal interface {
	Update(msg tea.Msg) (tea.Cmd, Outcome)
	View(width, height int) string
}

// Outcome is what a modal asks the root to do after one message. The zero
// Outcome keeps the dialog open and asks nothing.
type Outcome struct {
	// Close takes the dialog off the screen.
	Close bool
	// Open shows this dialog in its place (Close is implied).
	Open Modal
	// Do are requests routed through the root's switch at once, in order,
	// after Close/Open: an action to run (RunAction), an engine call an
	// owner starts (its own request message), anything update handles.
	Do []tea.Msg
	// Say puts a line in the notice bar at SayLevel.
	Say string
	// SayLevel colours Say.
	SayLevel Level
}

// RunAction is a request to run a registry action as if its key was
// pressed where it is available (the dialogs' own keys: close, confirm).
type RunAction struct{ ID keys.ActionID }

// Closed is the outcome that takes the dialog off the screen.
func Closed() Outcome { return Outcome{Close: true} }

// Then adds requests to an outcome.
func (o Outcome) Then(reqs ...tea.Msg) Outcome {
	o.Do = append(o.Do, reqs...)
	return o
}

// Asked is the outcome that runs action id through the root, as its key
// would where it is available.
func Asked(id keys.ActionID) Outcome { return Outcome{}.Then(RunAction{id}) }

// ScreenSized is a modal drawn over the whole screen (the diff viewer):
// it is told the screen's size when the screen changes.
type ScreenSized interface {
	Resize(width, height int) tea.Cmd
}

// Waiter is a modal that shows a spinner while it waits on work: the root
// keeps its spinner ticking while one says it waits (animating).
type Waiter interface{ Waiting() bool }

// Level colours a notice.
type Level int

// The levels of a notice: info and warnings go after a while, an error
// stays until the next notice.
const (
	LevelInfo Level = iota
	LevelWarn
	LevelError
)
