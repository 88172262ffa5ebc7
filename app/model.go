package app

import (
	"charm.land/bubbles/v2/spinner"

	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/review"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/screen"
	"amux.dev/amux/ui/theme"
)

// focusArea is which part of the screen receives keys.
type focusArea int

const (
	focusList focusArea = iota
	focusTabArea
	focusSidebar
)

// overlay is the modal on top of the layout (palette, help, dialogs,
// Modal.go): it gets every message first while open.
type overlay = modal.Modal

// Model is amux's root model: layout, focus, overlays and routing. The
// components own their own state; this type wires them together and runs
// every I/O as a command. New (app.go, with the startup wiring) builds it;
// Init and Update (update.go, beside the one switch) run it.
type Model struct {
	deps Deps
	th   theme.Theme
	reg  *keys.Registry
	acts actions
	km   keys.Map // every action's keys, for the components

	width, height int
	focus         focusArea
	overlay       overlay
	// entered is the terminal that gets the keys: the tab area's shown tab
	// or the sidebar's shell, entered by an explicit key (focus.go). Focus
	// on a pane alone never hands its program a key.
	entered *tab

	// list is the project list: the snapshot, its rows and selection, the
	// filter, the saved layout (list_owner.go).
	list      *listOwner
	life      *lifecycle.Owner // create, teardown, restore, recovery (app/lifecycle)
	spin      spinner.Model
	notice    notice
	noticeGen int
	opSeq     int // numbers long operations so stale results are dropped

	// side is the right-hand panel: changes and files of the workspace.
	side     sidebarOwner
	listPane listPane // the project list's size and the zoom (panes.go)

	tabs *tabsOwner // every workspace's tabs (tabs_owner.go)

	// watch supervises the agents: the monitor, its latest states,
	// attention, health, notifications, the spinner's ticks (supervise.go).
	watch *superviseOwner

	// Drawing (see draw.go). scr is the screen amux draws on (nil in
	// tests); paint is what its canvas holds. drawPending: a message may
	// have changed the screen since the last draw. chromeGen counts the
	// messages that may have changed more than a terminal's cells. The
	// project list is cached as text: a terminal's frame never changes it.
	scr         *screen.Screen
	paint       paintState
	drawPending bool
	chromeGen   int
	left        textCache // the project list as drawn
	inputOnly   bool      // this update only passed input to a terminal

	// review owns reviewing and landing the work (app/review);
	// settings owns the Settings dialog and its pending saves.
	review   review.Owner
	settings settingsOwner

	// restartRequested: the program ends so the installed binary can start.
	restartRequested bool

	// remote holds the hosts: the fleet, the route from a workspace to its
	// services (its host's or this machine's), forwarded ports, offered
	// copies (remote_owner.go).
	remote *remoteOwner
}
