package app

import (
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/workspace"
)

// The root's side of the review owner (review_owner.go) and the settings
// owner (settings_owner.go): what it hands them, how it applies what they
// answer, and the requests they make of parts they do not own.

// reviewScene is what the review owner reads of the root now.
func (m *Model) reviewScene() reviewScene {
	sc := reviewScene{th: m.th, width: m.width, height: m.height, selected: m.selectedWorkspaceID(),
		open: m.overlay, snap: m.list.snap, landings: m.side.landings}
	if m.sideWidth() > 0 {
		sc.sideOn = m.side.ws
	}
	return sc
}

// onReview hands msg to the review owner and applies its answer.
func (m *Model) onReview(msg tea.Msg) tea.Cmd {
	return m.applyOwned(m.review.Update(msg, m.reviewScene()))
}

// onSettings hands msg to the settings owner and applies its answer.
func (m *Model) onSettings(msg tea.Msg) tea.Cmd {
	return m.applyOwned(m.settings.Update(msg, m.overlay, m.th, m.deps.Config))
}

// applyOwned runs an owner's command and applies its outcome: close takes
// whatever dialog is open off the screen (an owner answers for the one it
// knows is open).
func (m *Model) applyOwned(cmd tea.Cmd, out outcome) tea.Cmd {
	if out.close && out.open == nil {
		m.closeOverlay()
	}
	out.close = false
	return tea.Batch(cmd, m.applyOutcome(nil, out))
}

// onReviewRefresh reads the sidebar's review again (and the list).
func (m *Model) onReviewRefresh(q reviewRefreshReq) tea.Cmd {
	if q.reload {
		return tea.Batch(m.refreshReview(), m.load())
	}
	return m.refreshReview()
}

// onLandingSeen records what the review owner learned of a landing.
func (m *Model) onLandingSeen(q landingSeenReq) tea.Cmd {
	if !q.known {
		delete(m.side.landings, q.ws) // unknown: the engine decides
		return nil
	}
	m.noteLanding(q.ws, q.review)
	if q.inSide && m.side.ws == q.ws {
		m.side.review = q.review
		m.side.changes.SetData(changesData(q.review))
	}
	return nil
}

// onConflictsInSide lists a stopped landing's conflicts in the sidebar's
// Changes when it shows the workspace, focused on the first.
func (m *Model) onConflictsInSide(q conflictsInSideReq) tea.Cmd {
	m.side.tab = sideChanges
	if m.sideWidth() == 0 || m.side.ws != q.ws {
		return nil
	}
	m.focus = focusSidebar
	if q.reviewed { // the conflicts at once, the cursor on the first
		m.side.review = q.review
		m.side.changes.SetData(changesData(q.review))
	}
	m.side.changes.SelectFirst(changes.Conflicted)
	m.side.toConflict = true // a review read before the merge may arrive first
	return nil
}

// The actions and the sidebar's requests, as calls into the owners.

// openDiff opens the viewer on ws.
func (m *Model) openDiff(ws, title string, req workspace.DiffRequest, cycles bool) tea.Cmd {
	return m.applyOwned(m.review.showDiff(diffSpec{ws: ws, title: title, req: req, cycles: cycles}, m.reviewScene()))
}

// forwarder: removed after the owners merge
func (m *Model) openFileDiff(f changes.File, g changes.Group) tea.Cmd {
	return m.applyOwned(m.review.fileDiff(m.side.ws, f, g, m.reviewScene()))
}

// forwarder: removed after the owners merge
func (m *Model) openCommitDiff(c changes.Commit) tea.Cmd {
	return m.applyOwned(m.review.commitDiff(m.side.ws, c, m.reviewScene()))
}

// forwarder: removed after the owners merge
func (m *Model) openWorkspaceDiff() tea.Cmd {
	return m.applyOwned(m.review.workspaceDiff(m.reviewScene()))
}

// forwarder: removed after the owners merge
func (m *Model) openFileView(ws, path string) tea.Cmd {
	return m.applyOwned(m.review.fileView(ws, path, m.reviewScene()))
}

// forwarder: removed after the owners merge
func (m *Model) stageFile(path string, unstage bool) tea.Cmd {
	return m.review.stageFile(m.side.ws, path, unstage)
}

// forwarder: removed after the owners merge
func (m *Model) markResolved(ws, path string) tea.Cmd { return markResolvedCmd(m.review.rev, ws, path) }

// forwarder: removed after the owners merge
func (m *Model) openCommit() tea.Cmd { return m.review.openCommit(m.selectedWorkspaceID()) }

// forwarder: removed after the owners merge
func (m *Model) previewMerge() tea.Cmd {
	return m.applyOwned(m.review.previewMerge(m.selectedWorkspaceID()))
}

// forwarder: removed after the owners merge
func (m *Model) abortLanding(ws string) tea.Cmd { return m.review.abortLanding(ws) }

// forwarder: removed after the owners merge
func (m *Model) openFinishSelected() tea.Cmd { return m.review.openFinish(m.selectedWorkspaceID()) }

// openEditor opens path in $EDITOR (vi without one) in a new terminal tab
// of workspace ws, closing the dialog it was asked from. path is relative
// to the tree it came from: ws's worktree, or with inMain the project's
// main checkout (a stopped merge's conflict is there, not in the
// worktree).
func (m *Model) openEditor(ws string, inMain bool, path string) tea.Cmd {
	req, ok := m.editorTab(ws, inMain, path)
	if !ok {
		return m.say(levelInfo, "editor: the workspace is not loaded")
	}
	m.closeOverlay()
	return m.createTab(req)
}

// editorTab is the tab openEditor creates.
func (m *Model) editorTab(ws string, inMain bool, path string) (tabRequest, bool) {
	rec, ok := m.record(ws)
	if !ok {
		return tabRequest{}, false
	}
	dir := rec.Root
	if inMain {
		dir = rec.Repo
	}
	w, h := m.termSize()
	return tabRequest{wsID: ws, tabID: m.tabs.ids.mint(), kind: tmux.TypeTerminal, assistant: "editor",
		command: `exec ${EDITOR:-vi} -- ` + shellQuote(filepath.Join(dir, path)), width: w, height: h}, true
}

// shellQuote quotes s for sh as one word.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
