package app

import (
	"context"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/git"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/workspace"
)

// onStaged refreshes what a stage changed: the Changes list and, when
// open, the diff viewer (which shows a failure on its own row: a notice
// would be under it).
func (m *Model) onStaged(msg stagedMsg) tea.Cmd {
	o, open := m.overlay.(*diffOverlay)
	open = open && o.ws == msg.ws
	if msg.err != nil {
		if open {
			return o.setNote(m, "stage: "+msg.err.Error(), true)
		}
		return m.say(levelError, "stage: "+msg.err.Error())
	}
	cmds := []tea.Cmd{m.refreshReview()}
	if open {
		cmds = append(cmds, o.load(m))
	}
	return tea.Batch(cmds...)
}

// openFileDiff opens the diff of one file of the Changes list, in the
// mode of its group.
func (m *Model) openFileDiff(f changes.File, g changes.Group) tea.Cmd {
	req := workspace.DiffRequest{DiffRequest: git.DiffRequest{Path: f.Path}}
	cycles := true
	switch g {
	case changes.Staged:
		req.Mode = git.DiffStaged
	case changes.Untracked:
		req.Mode, cycles = git.DiffUntracked, false
	case changes.Conflicted:
		req.Mode, cycles = git.DiffConflict, false
		req.InMain = f.InMain
	}
	return m.openDiff(m.side.ws, f.Path, req, cycles)
}

func (m *Model) openCommitDiff(c changes.Commit) tea.Cmd {
	req := workspace.DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffCommit, Base: c.Hash}}
	return m.openDiff(m.side.ws, c.Short+" "+c.Subject, req, false)
}

func (m *Model) openWorkspaceDiff() tea.Cmd {
	id := m.selectedWorkspaceID()
	rec, _ := m.record(id)
	return m.openDiff(id, rec.Name, workspace.DiffRequest{}, true)
}

// openFileView shows a file of ws's Project tree read-only, whole, in the
// viewer (as the diff that adds it: line numbers and colours come along).
// Nothing in it can be staged: it may be a tracked file.
func (m *Model) openFileView(ws, path string) tea.Cmd {
	req := workspace.DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffUntracked, Path: path}}
	return m.showDiff(&diffOverlay{ws: ws, title: path, req: req, readOnly: true})
}

func (m *Model) stageFile(path string, unstage bool) tea.Cmd {
	ws, rev := m.side.ws, m.deps.Review
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
		defer cancel()
		return stagedMsg{ws: ws, err: rev.Stage(ctx, ws, path, unstage)}
	}
}

// openEditor opens path in $EDITOR (vi without one) in a new terminal tab
// of workspace ws. path is relative to the tree it came from: ws's
// worktree, or with inMain the project's main checkout (a stopped merge's
// conflict is there, not in the worktree).
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
