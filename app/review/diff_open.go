package review

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/git"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/workspace"
)

// onStaged refreshes what a stage changed: the Changes list and, when
// open, the diff viewer (which shows a failure on its own row: a notice
// would be under it).
func (r *Owner) onStaged(msg stagedMsg, sc Scene) (tea.Cmd, modal.Outcome) {
	o, open := sc.Open.(*diffOverlay)
	open = open && o.ws == msg.ws
	if msg.err != nil {
		if open {
			return o.setNote("stage: "+msg.err.Error(), true), modal.Outcome{}
		}
		return nil, modal.Outcome{Say: "stage: " + msg.err.Error(), SayLevel: modal.LevelError}
	}
	var reload tea.Cmd
	if open {
		reload = o.load()
	}
	return reload, modal.Outcome{}.Then(scene.Reload{Changes: true})
}

// fileDiff opens the diff of one file of ws's Changes list, in the mode
// of its group.
func (r *Owner) fileDiff(ws string, f changes.File, g changes.Group, sc Scene) (tea.Cmd, modal.Outcome) {
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
	return r.showDiff(diffSpec{ws: ws, title: f.Path, req: req, cycles: cycles}, sc)
}

// commitDiff opens one commit of ws's Changes list.
func (r *Owner) commitDiff(ws string, c changes.Commit, sc Scene) (tea.Cmd, modal.Outcome) {
	req := workspace.DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffCommit, Base: c.Hash}}
	return r.showDiff(diffSpec{ws: ws, title: c.Short + " " + c.Subject, req: req}, sc)
}

// workspaceDiff opens the selected workspace's uncommitted changes, the
// modes cycling.
func (r *Owner) WorkspaceDiff(sc Scene) (tea.Cmd, modal.Outcome) {
	rec, _ := sc.Snap.Record(sc.Selected)
	return r.showDiff(diffSpec{ws: sc.Selected, title: rec.Name, cycles: true}, sc)
}

// fileView shows a file of ws's Project tree read-only, whole, in the
// viewer (as the diff that adds it: line numbers and colours come along).
// Nothing in it can be staged: it may be a tracked file.
func (r *Owner) fileView(ws, path string, sc Scene) (tea.Cmd, modal.Outcome) {
	req := workspace.DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffUntracked, Path: path}}
	return r.showDiff(diffSpec{ws: ws, title: path, req: req, readOnly: true}, sc)
}

// showConflict shows one file a landing stopped on, from the list of them.
func (r *Owner) showConflict(q showConflictReq, sc Scene) (tea.Cmd, modal.Outcome) {
	req := workspace.DiffRequest{DiffRequest: git.DiffRequest{Mode: git.DiffConflict, Path: q.path}, InMain: q.inMain}
	return r.showDiff(diffSpec{ws: q.ws, title: q.path, req: req, back: q.back}, sc)
}

// stageFile stages (or unstages) a whole file of ws.
func (r *Owner) stageFile(ws, path string, unstage bool) tea.Cmd {
	return stageCmd(r.revOf(ws), ws, udiff.File{NewPath: path}, 0, true, unstage)
}

// stageCmd stages (unstage: unstages) file f of ws whole, or its hunk h.
func stageCmd(rev workspace.ReviewService, ws string, f udiff.File, h int, whole, unstage bool) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), diffTimeout)
		defer cancel()
		var err error
		if whole {
			err = rev.Stage(ctx, ws, f.Path(), unstage)
		} else {
			err = rev.StageHunk(ctx, ws, f, h, unstage)
		}
		return stagedMsg{ws: ws, err: err}
	}
}
