package app

import (
	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/ui/keys"
)

// scopes lists the active key scopes, innermost first.
func (m *Model) scopes() []keys.Scope {
	if _, live := m.focusedTerminal(); live {
		if m.focus == focusTabArea {
			return keyContextScopes(inTabTerminal)
		}
		return keyContextScopes(inTerminal)
	}
	if m.focus == focusTabArea {
		return keyContextScopes(inTabArea)
	}
	if m.focus == focusSidebar {
		switch m.side.tab {
		case sideProject:
			return keyContextScopes(inSidebarTree)
		case sideTerminal:
			return keyContextScopes(inSidebarTerm)
		}
		return keyContextScopes(inSidebarChanges)
	}
	return keyContextScopes(inProjectList)
}

// keyContext is where keys are being read: each has its own set of scopes
// that are active together.
type keyContext int

const (
	inProjectList    keyContext = iota // the project list has focus
	inTabArea                          // the tab area has focus, its program not entered
	inTerminal                         // the sidebar's live terminal has the keys
	inTabTerminal                      // a live terminal of the tab area has the keys
	inStatus                           // the workspace status dialog
	inHelp                             // the key list
	inOutput                           // the script output viewer
	inSettings                         // the settings dialog
	inAgents                           // the assistant picker
	inForm                             // a dialog with fields
	inList                             // the palette or a picker
	inConfirm                          // a yes/no question
	inChoice                           // a question with a few answers
	inSidebarChanges                   // the sidebar's Changes tab has focus
	inSidebarTree                      // the sidebar's Project tab has focus
	inSidebarTerm                      // the sidebar's Terminal tab has focus, its shell not entered
	inDiff                             // the diff viewer
	inCommit                           // the commit dialog
	inHealth                           // the Health overlay
	inTimeline                         // the workspace timeline
	inHosts                            // the Hosts dialog
	inHistory                          // a tab scrolled back into its history (termview's pager)
	numKeyContexts
)

// keyContextScopes lists the scopes active in c, innermost first. It is the
// one source of that grouping: key matching and the clash test both use it.
func keyContextScopes(c keyContext) []keys.Scope {
	switch c {
	case inTerminal:
		return []keys.Scope{scopeTerminal, scopeGlobal}
	case inTabTerminal:
		return []keys.Scope{scopeTabTerminal, scopeTerminal, scopeGlobal}
	case inTabArea:
		return []keys.Scope{scopeTabArea, scopeWorkspace, scopeGlobal}
	case inStatus:
		return []keys.Scope{scopeStatus, keys.ScopeView}
	case inHelp:
		return []keys.Scope{dialogs.ScopeHelp, keys.ScopeView}
	case inOutput:
		return []keys.Scope{dialogs.ScopeOutput, keys.ScopeView}
	case inSettings:
		return []keys.Scope{keys.ScopeForm} // ui/settings reads the form keys
	case inAgents:
		return []keys.Scope{scopeAgents, keys.ScopeList}
	case inForm:
		return []keys.Scope{keys.ScopeForm}
	case inList:
		return []keys.Scope{keys.ScopeList}
	case inConfirm:
		return []keys.Scope{keys.ScopeConfirm}
	case inChoice:
		return []keys.Scope{keys.ScopeChoice}
	case inHistory:
		return []keys.Scope{keys.ScopeHistory, keys.ScopeView}
	case inSidebarChanges:
		return []keys.Scope{scopeChanges, scopeSidebar, scopeWorkspace, scopeGlobal}
	case inSidebarTree:
		return []keys.Scope{scopeTree, scopeSidebar, scopeWorkspace, scopeGlobal}
	case inSidebarTerm:
		return []keys.Scope{scopeSideTerm, scopeSidebar, scopeWorkspace, scopeGlobal}
	case inDiff:
		return []keys.Scope{scopeDiff}
	case inCommit:
		return []keys.Scope{scopeCommit}
	case inHealth:
		return []keys.Scope{scopeHealth, keys.ScopeView}
	case inTimeline:
		return []keys.Scope{scopeTimeline, keys.ScopeView}
	case inHosts:
		return []keys.Scope{dialogs.ScopeHosts}
	default:
		return []keys.Scope{scopeProjectList, scopeWorkspace, scopeGlobal}
	}
}
