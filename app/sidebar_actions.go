package app

import "amux.dev/amux/ui/keys"

// Scopes of the sidebar, the diff viewer and the commit dialog.
const (
	scopeSidebar keys.Scope = "sidebar" // the sidebar has focus
	scopeChanges keys.Scope = "changes" // its Changes tab (the list's own keys)
	scopeTree    keys.Scope = "tree"    // its Project tab (the tree's own keys)
	// scopeSideTerm: its Terminal tab, the shell not entered yet.
	scopeSideTerm keys.Scope = "sidebar-terminal"
	scopeDiff     keys.Scope = "diff"   // the diff viewer is open
	scopeCommit   keys.Scope = "commit" // the commit dialog is open
)

// Actions of the sidebar and of landing the work (their rows are the
// root's, sidebar_root.go; the owner answers its components in sidebar.go).
const (
	actToggleSidebar keys.ActionID = "toggle-sidebar"
	actFocusSidebar  keys.ActionID = "focus-sidebar"
	actSideToTabArea keys.ActionID = "sidebar-focus-tabs"
	actSideToList    keys.ActionID = "sidebar-focus-list"
	actSideEnter     keys.ActionID = "sidebar-enter-terminal"
	actSideNextTab   keys.ActionID = "sidebar-next-tab"
	actSidePrevTab   keys.ActionID = "sidebar-prev-tab"
	actSideWider     keys.ActionID = "sidebar-wider"
	actSideNarrower  keys.ActionID = "sidebar-narrower"
	actShowDiff      keys.ActionID = "show-diff"
	actCommit        keys.ActionID = "commit"
	actMerge         keys.ActionID = "merge-into-base"
)
