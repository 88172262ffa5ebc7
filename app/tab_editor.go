package app

import (
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/tmux"
)

// editorReq is the request for an editor's tab (the diff viewer and the
// Project tree ask it): the short name keeps the tabs owner's switch as it
// reads.
type editorReq = scene.Editor

// openEditor opens path in $EDITOR (vi without one) in a new terminal tab
// of workspace q.WS, closing the dialog it was asked from. The path is
// relative to the tree it came from: the worktree, or with InMain the
// project's main checkout (a stopped merge's conflict is there, not in
// the worktree).
func (o *tabsOwner) openEditor(q editorReq, sc tabScene) (tea.Cmd, modal.Outcome) {
	req, ok := o.editorTab(sc, q.WS, q.InMain, q.Path)
	if !ok {
		return nil, tabNote(modal.LevelInfo, "editor: the workspace is not loaded")
	}
	return o.createTab(req), modal.Closed()
}

// editorTab is the tab openEditor creates, sized to the terminal area.
func (o *tabsOwner) editorTab(sc tabScene, ws string, inMain bool, path string) (tabRequest, bool) {
	rec, ok := sc.record(ws)
	if !ok {
		return tabRequest{}, false
	}
	dir := rec.Root
	if inMain {
		dir = rec.Repo
	}
	return tabRequest{wsID: ws, tabID: o.ids.mint(), kind: tmux.TypeTerminal, assistant: "editor",
		command: `exec ${EDITOR:-vi} -- ` + shellQuote(filepath.Join(dir, path)), width: sc.w, height: sc.h}, true
}

// shellQuote quotes s for sh as one word.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
