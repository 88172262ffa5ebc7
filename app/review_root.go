package app

import "amux.dev/amux/app/review"

// The root's side of the review owner (app/review) and the settings
// owner (settings_owner.go): what it hands them and where their messages
// go. What they ask of other owners comes back as requests in their
// outcomes, which the root's switch routes (modal.go's applyOwned).

// reviewScene is what the review owner reads of the root now.
func (m *Model) reviewScene() review.Scene {
	sc := review.Scene{Theme: m.th, Width: m.width, Height: m.height, Selected: m.list.selectedID(),
		Open: m.overlay, Snap: m.list.snap, Landings: m.side.landings}
	if m.panes().sideWidth() > 0 {
		sc.SideOn = m.side.ws
	}
	return sc
}
