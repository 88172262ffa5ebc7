package app

import (
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/tmux"
)

// openEditor opens path in $EDITOR (vi without one) in a new terminal tab
// of workspace q.ws, closing the dialog it was asked from. The path is
// relative to the tree it came from: the worktree, or with inMain the
// project's main checkout (a stopped merge's conflict is there, not in
// the worktree).
func (o *tabsOwner) openEditor(q editorReq, sc tabScene) (tea.Cmd, modal.Outcome) {
	req, ok := o.editorTab(sc, q.ws, q.inMain, q.path)
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
