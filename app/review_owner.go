package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// reviewOwner owns reviewing and landing a workspace's work: the diff
// viewer and staging from it, the commit dialog, the merge's dry run and
// its question, the list of a stopped landing's conflicts and how the
// landing is finished. Its state is in the dialogs it builds (each a
// modal) and the numbering of diff reads; what it needs of the root comes
// with each call as a reviewScene, and what it asks of the root (a
// dialog, a notice, the sidebar's refresh) goes back as an outcome. It
// reaches the engine through the review service alone.
type reviewOwner struct {
	rev workspace.ReviewService
	km  keys.Map
	reg *keys.Registry
	// reads numbers diff reads, shared with the viewers the owner opens:
	// a read answered after another began is dropped.
	reads *readSeq
}

// readSeq numbers reads so a stale answer can be told from the last one.
type readSeq struct{ n int }

// next is a number no earlier read had.
func (s *readSeq) next() int {
	s.n++
	return s.n
}

// newReviewOwner builds the owner over the review service.
func newReviewOwner(rev workspace.ReviewService, km keys.Map, reg *keys.Registry) reviewOwner {
	return reviewOwner{rev: rev, km: km, reg: reg, reads: &readSeq{}}
}

// reviewScene is what the review owner reads of the root for one call:
// read, never kept.
type reviewScene struct {
	th            theme.Theme
	width, height int    // the screen
	selected      string // the selected workspace ("" none)
	open          overlay
	// sideOn is the workspace the sidebar shows on screen ("" when it is
	// hidden): a stopped landing's conflicts are listed there.
	sideOn   string
	snap     snapshot
	landings map[string]scene.Landing
}

// record finds a loaded record by workspace ID.
func (sc reviewScene) record(id string) (workspace.Record, bool) {
	for _, r := range sc.snap.Records {
		if r.WorkspaceID() == id {
			return r, true
		}
	}
	return workspace.Record{}, false
}

// Requests the review owner answers, sent by its own dialogs (through
// their outcomes) or by other parts of the app.
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

// Requests the review owner makes of the owners it does not own: the
// sidebar answers the landing and conflict ones, the tabs owner the
// editor (a reload is the root's scene.Reload).
type (
	// landingSeenReq records what a review of ws says is stopped; known
	// false forgets it (the engine decides next time); inSide also shows
	// the review in the sidebar when the sidebar shows ws.
	landingSeenReq struct {
		ws     string
		review workspace.Review
		known  bool
		inSide bool
	}
	// conflictsInSideReq lists a stopped landing's conflicts in the
	// sidebar's Changes, focused, the cursor on the first.
	conflictsInSideReq struct {
		ws       string
		review   workspace.Review
		reviewed bool
	}
	// editorReq opens path in $EDITOR in a tab of ws (from the main
	// checkout with inMain).
	editorReq struct {
		ws, path string
		inMain   bool
	}
)

// Update answers one of the owner's messages: an engine call's result, a
// request of its own dialogs, or one of the sidebar's (a diff, a stage,
// the commit dialog, a conflict marked resolved, a file's view).
func (r *reviewOwner) Update(msg tea.Msg, sc reviewScene) (tea.Cmd, modal.Outcome) {
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
		return nil, modal.Outcome{Open: r.finishDialog(msg.ws, msg.how, sc.landings[msg.ws].Conflicts, sc.th)}
	case openFileDiffRequest:
		return r.fileDiff(msg.ws, msg.file, msg.group, sc)
	case openCommitDiffRequest:
		return r.commitDiff(msg.ws, msg.commit, sc)
	case openFileViewRequest:
		return r.fileView(msg.ws, msg.path, sc)
	case stageRequest:
		return r.stageFile(msg.ws, msg.path, msg.unstage), modal.Outcome{}
	case markResolvedRequest:
		return markResolvedCmd(r.rev, msg.ws, msg.path), modal.Outcome{}
	case openCommitRequest:
		return r.openCommit(sc.selected), modal.Outcome{}
	}
	return nil, modal.Outcome{}
}

// keyName is the first key of an action, for text that says what to
// press.
func (r *reviewOwner) keyName(id keys.ActionID) string { return registryKeyName(r.reg, id) }

// registryKeyName renders the first key reg binds to id (the id itself
// without one).
func registryKeyName(reg *keys.Registry, id keys.ActionID) string {
	a, ok := reg.Get(id)
	if !ok || len(a.Keys) == 0 {
		return string(id)
	}
	return keys.KeyLabel(a.Keys[:1])
}
