package app

// The root's side of the review owner (review_owner.go) and the settings
// owner (settings_owner.go): what it hands them and where their messages
// go. What they ask of other owners comes back as requests in their
// outcomes, which the root's switch routes (modal.go's applyOwned).

// reviewScene is what the review owner reads of the root now.
func (m *Model) reviewScene() reviewScene {
	sc := reviewScene{th: m.th, width: m.width, height: m.height, selected: m.list.selectedID(),
		open: m.overlay, snap: m.list.snap, landings: m.side.landings}
	if m.panes().sideWidth() > 0 {
		sc.sideOn = m.side.ws
	}
	return sc
}
