// Package review is reviewing and landing a workspace's work: the diff
// viewer and staging from it, the commit dialog, the merge's dry run and
// its question, the list of a stopped landing's conflicts and how the
// landing is finished. Its Owner answers the messages of Msg with commands
// and a modal.Outcome the root applies; what it reads of the root comes
// with each call as a Scene, and what it asks of the other owners (the
// sidebar, the tabs) goes back as requests in the outcome. It reaches the
// engine through the review service alone and never sees the root.
package review

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// Owner owns reviewing and landing. Its state is in the dialogs it builds
// (each a modal) and the numbering of diff reads.
type Owner struct {
	rev workspace.ReviewService
	km  keys.Map
	reg *keys.Registry
	// sidebar is the root's action that shows the sidebar, named where
	// the conflict list sends the person for the files it has no key for.
	sidebar keys.ActionID
	// reads numbers diff reads, shared with the viewers the owner opens:
	// a read answered after another began is dropped.
	reads *readSeq
	route func(ws string) workspace.ReviewService
}

// revOf is the review service that reviews and lands ws.
func (r *Owner) revOf(ws string) workspace.ReviewService {
	if r.route == nil {
		return r.rev
	}
	return r.route(ws)
}

// Deps is what the owner is built with: the review service, the root's
// key map and registry (its texts name keys from them), and the ID of the
// action that shows the sidebar.
type Deps struct {
	Review        workspace.ReviewService
	Keys          keys.Map
	Registry      *keys.Registry
	ToggleSidebar keys.ActionID
	// Route is the review service of workspace ws: its host's when it
	// lives on one. Nil: Review for every workspace.
	Route func(ws string) workspace.ReviewService
}

// readSeq numbers reads so a stale answer can be told from the last one.
type readSeq struct{ n int }

// next is a number no earlier read had.
func (s *readSeq) next() int {
	s.n++
	return s.n
}

// New builds the owner over the review service.
func New(d Deps) Owner {
	return Owner{rev: d.Review, km: d.Keys, reg: d.Registry, sidebar: d.ToggleSidebar, reads: &readSeq{}, route: d.Route}
}

// Scene is what the owner reads of the root for one call: read, never
// kept.
type Scene struct {
	Theme         theme.Theme
	Width, Height int    // the screen
	Selected      string // the selected workspace ("" none)
	Open          modal.Modal
	// SideOn is the workspace the sidebar shows on screen ("" when it is
	// hidden): a stopped landing's conflicts are listed there.
	SideOn   string
	Snap     scene.Snapshot
	Landings map[string]scene.Landing
}

// Msg is a message the owner answers: its commands' results, its own
// dialogs' requests and the sidebar's. The root routes every Msg to
// Update; only this package's types are one.
type Msg interface{ reviewMsg() }

// Requests the owner answers from its own dialogs (through their
// outcomes).
type (
	// showConflictReq shows one conflicting file in the viewer; closing
	// the viewer shows back again.
	showConflictReq struct {
		ws, path string
		inMain   bool
		back     modal.Modal
	}
	// finishReq asks how to finish ws's stopped landing, with the
	// conflicts last known.
	finishReq struct{ ws, how string }
)

// What the sidebar's components ask of the owner, as requests in the
// sidebar's outcome. Each names the workspace shown.
type (
	// OpenFileDiff opens File's diff in the mode of its Group.
	OpenFileDiff struct {
		WS    string
		File  changes.File
		Group changes.Group
	}
	// OpenCommitDiff opens a commit of the branch in the viewer.
	OpenCommitDiff struct {
		WS     string
		Commit changes.Commit
	}
	// Stage stages Path in workspace WS (Unstage: back).
	Stage struct {
		WS      string
		Path    string
		Unstage bool
	}
	// MarkResolved marks a conflict resolved where it is.
	MarkResolved struct{ WS, Path string }
	// OpenCommit opens the commit dialog of the selected workspace.
	OpenCommit struct{}
	// OpenFileView shows Path of WS's worktree read-only.
	OpenFileView struct{ WS, Path string }
)

func (stagedMsg) reviewMsg()       {}
func (commitReadyMsg) reviewMsg()  {}
func (mergePreviewMsg) reviewMsg() {}
func (landDoneMsg) reviewMsg()     {}
func (resolvedMsg) reviewMsg()     {}
func (finishReadyMsg) reviewMsg()  {}
func (showConflictReq) reviewMsg() {}
func (finishReq) reviewMsg()       {}
func (OpenFileDiff) reviewMsg()    {}
func (OpenCommitDiff) reviewMsg()  {}
func (Stage) reviewMsg()           {}
func (MarkResolved) reviewMsg()    {}
func (OpenCommit) reviewMsg()      {}
func (OpenFileView) reviewMsg()    {}

// Requests the owner makes of the owners it does not own: the sidebar
// answers these two, the tabs owner the editor (scene.Editor), the root
// a reload (scene.Reload).
type (
	// LandingSeen records what a review of WS says is stopped; Known
	// false forgets it (the engine decides next time); InSide also shows
	// the review in the sidebar when the sidebar shows WS.
	LandingSeen struct {
		WS     string
		Review workspace.Review
		Known  bool
		InSide bool
	}
	// ConflictsInSide lists a stopped landing's conflicts in the
	// sidebar's Changes, focused, the cursor on the first.
	ConflictsInSide struct {
		WS       string
		Review   workspace.Review
		Reviewed bool
	}
)

// Update answers one of the owner's messages: an engine call's result, a
// request of its own dialogs, or one of the sidebar's (a diff, a stage,
// the commit dialog, a conflict marked resolved, a file's view).
func (r *Owner) Update(msg tea.Msg, sc Scene) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case stagedMsg:
		return r.onStaged(msg, sc)
	case commitReadyMsg:
		return nil, r.onCommitReady(msg, sc)
	case mergePreviewMsg:
		return nil, r.onMergePreview(msg, sc)
	case landDoneMsg:
		return nil, r.onLandDone(msg, sc)
	case resolvedMsg:
		return r.onResolved(msg, sc)
	case finishReadyMsg:
		return nil, r.onFinishReady(msg, sc)
	case showConflictReq:
		return r.showConflict(msg, sc)
	case finishReq:
		return nil, modal.Outcome{Open: r.finishDialog(msg.ws, msg.how, sc.Landings[msg.ws].Conflicts, sc.Theme)}
	case OpenFileDiff:
		return r.fileDiff(msg.WS, msg.File, msg.Group, sc)
	case OpenCommitDiff:
		return r.commitDiff(msg.WS, msg.Commit, sc)
	case OpenFileView:
		return r.fileView(msg.WS, msg.Path, sc)
	case Stage:
		return r.stageFile(msg.WS, msg.Path, msg.Unstage), modal.Outcome{}
	case MarkResolved:
		return markResolvedCmd(r.revOf(msg.WS), msg.WS, msg.Path), modal.Outcome{}
	case OpenCommit:
		return r.OpenCommit(sc.Selected), modal.Outcome{}
	}
	return nil, modal.Outcome{}
}

// keyName is the first key of an action, for text that says what to
// press (the id itself without one).
func (r *Owner) keyName(id keys.ActionID) string {
	a, ok := r.reg.Get(id)
	if !ok || len(a.Keys) == 0 {
		return string(id)
	}
	return keys.KeyLabel(a.Keys[:1])
}
