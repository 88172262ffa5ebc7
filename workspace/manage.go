package workspace

import (
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"time"

	"amux.dev/amux/config/atomicfile"
	"amux.dev/amux/git"
	"amux.dev/amux/tmux"
)

// ProjectError says a registered project cannot be used as registered: its
// directory moved or vanished, or is not a repository's top level any more.
// The project stays registered (so it shows as an error row with retry and
// remove, never as nothing).
type ProjectError struct {
	Path   string
	Reason string
	Err    error
}

// Error implements error.
func (e *ProjectError) Error() string { return e.Path + ": " + e.Reason }

// Unwrap makes errors.Is(err, ErrProjectMissing) match, and the cause.
func (e *ProjectError) Unwrap() []error { return []error{ErrProjectMissing, e.Err} }

// CheckProject reports whether p's directory is still the top level of a
// repository (a *ProjectError when not). Calling it again is the retry.
func (e *Engine) CheckProject(ctx context.Context, p Project) error {
	top, err := e.opts.Git.Toplevel(ctx, p.Path)
	if err != nil {
		return &ProjectError{Path: p.Path, Reason: "moved, removed, or not a git repository any more", Err: err}
	}
	if !sameDir(top, p.Path) {
		return &ProjectError{Path: p.Path, Reason: "is now inside the repository at " + top + ", not a repository of its own"}
	}
	return nil
}

// ProjectState is one project as a refresh found it.
type ProjectState struct {
	Project  Project
	Err      error    // a *ProjectError, or why importing its worktrees failed
	Imported []Record // worktrees found and recorded on this refresh
	Refused  []RefusedWorktree
}

// RefusedWorktree is a worktree git lists for a project that amux did not
// import because it is not that repository's (a delivered repository can
// make git list any folder, another repository included), and why.
type RefusedWorktree struct {
	Path   string
	Reason string // "is a repository of its own …"
}

// Error implements error: the worktree's folder and why, then its path (a
// notice row cuts the end of a long line).
func (r RefusedWorktree) Error() string {
	return "worktree " + filepath.Base(r.Path) + " not imported: it " + r.Reason + " (" + r.Path + ")"
}

// RefreshProjects checks every registered project and imports the linked
// worktrees each has that amux does not know yet. It never drops a
// project: one that moved or vanished is reported with its error.
func (e *Engine) RefreshProjects(ctx context.Context) ([]ProjectState, error) {
	projects, err := e.store.Projects()
	if err != nil {
		return nil, err
	}
	out := make([]ProjectState, 0, len(projects))
	for _, p := range projects {
		st := ProjectState{Project: p}
		if st.Err = e.CheckProject(ctx, p); st.Err == nil {
			st.Imported, st.Refused, st.Err = e.ImportWorktrees(ctx, p.Path)
		}
		out = append(out, st)
	}
	return out, nil
}

// ImportWorktrees records, as workspaces, repo's linked worktrees that have
// a branch checked out and no record yet (by directory). An imported
// workspace is like a created one except that its branch is never amux's
// to delete. Worktrees amux is creating or restoring right now (an intent
// holds their ID) are left to that operation. The main checkout is not
// imported: MainWorkspace makes it a workspace when asked. A listed tree
// whose links do not lead back to repo (git.Worktree.NotOurs) is refused,
// never recorded: amux would commit, stash and remove it as a workspace's.
func (e *Engine) ImportWorktrees(ctx context.Context, repo string) ([]Record, []RefusedWorktree, error) {
	// Under the git lock no create or restore of this repository is
	// between its worktree add and its record, so every worktree amux
	// made is known by its record or its intent.
	unlock, err := e.gitLock(ctx, repo)
	if err != nil {
		return nil, nil, err
	}
	defer unlock()
	trees, err := e.opts.Git.Worktrees(ctx, repo)
	if err != nil {
		return nil, nil, err
	}
	recs, err := e.store.List()
	if err != nil {
		return nil, nil, err
	}
	known := e.intentRoots()
	names := map[string]bool{}
	for _, r := range recs {
		known[realPath(r.Root)] = true
		if r.Repo == repo {
			names[r.Name] = true
		}
	}
	base, _ := e.opts.Git.DefaultBranch(ctx, repo)
	var imported []Record
	var refused []RefusedWorktree
	for _, wt := range trees {
		if wt.Main || wt.Bare || wt.Prunable || wt.Branch == "" || known[realPath(wt.Path)] {
			continue
		}
		if wt.NotOurs != "" {
			e.log.Warn("worktree not imported", "repo", repo, "path", wt.Path, "why", wt.NotOurs)
			refused = append(refused, RefusedWorktree{Path: wt.Path, Reason: wt.NotOurs})
			continue
		}
		id := MintID(repo, wt.Path)
		l := e.store.layout
		if exists(l.CreatingFile(id)) || exists(l.RestoringFile(id)) || exists(l.TombstoneFile(id)) || exists(l.RecordFile(id)) {
			continue
		}
		name := uniqueName(importName(wt), names)
		rec, err := e.store.Insert(ctx, Record{ID: id, Name: name, Branch: wt.Branch, Base: base, Repo: repo,
			Root: wt.Path, Created: time.Now().UTC(), Imported: true})
		if err != nil {
			if errors.Is(err, ErrExists) {
				continue // another amux imported it meanwhile
			}
			return imported, refused, err
		}
		names[name] = true
		imported = append(imported, rec)
	}
	return imported, refused, nil
}

// intentRoots returns the real paths of the worktrees that interrupted or
// running creates and restores name in their intents.
func (e *Engine) intentRoots() map[string]bool {
	roots := map[string]bool{}
	entries, _ := atomicfile.ReadStateDir(e.store.layout.WorkspacesDir())
	for _, d := range entries {
		for _, p := range []string{e.store.layout.CreatingFile(d.Name()), e.store.layout.RestoringFile(d.Name())} {
			if in, ok, err := readIntent(p); ok && err == nil {
				roots[realPath(in.Root)] = true
			}
		}
	}
	return roots
}

// importName is a valid workspace name for a found worktree: its
// directory's name, else its branch's last part, else "worktree".
func importName(wt git.Worktree) string {
	for _, c := range []string{filepath.Base(wt.Path), path.Base(wt.Branch)} {
		if ValidateName(c) == nil {
			return c
		}
	}
	return "worktree"
}

// uniqueName makes name unique among taken by a numeric suffix.
func uniqueName(name string, taken map[string]bool) string {
	if !taken[name] {
		return name
	}
	for i := 2; ; i++ {
		if c := name + "-" + strconv.Itoa(i); !taken[c] {
			return c
		}
	}
}

// MainWorkspace returns the workspace that is repo's main checkout,
// recording it the first time. Its sessions live like any workspace's;
// Delete and Shelve refuse it (ErrMainCheckout); ForgetMain closes its
// sessions and drops its record, leaving the checkout as it is.
func (e *Engine) MainWorkspace(ctx context.Context, repo string) (Record, error) {
	top, err := e.opts.Git.Toplevel(ctx, repo)
	if err != nil {
		return Record{}, err
	}
	id := MintID(top, top)
	if rec, err := e.store.Load(id); err == nil {
		return rec, nil
	} else if !errors.Is(err, ErrNotFound) {
		return Record{}, err
	}
	branch, err := e.opts.Git.CurrentBranch(ctx, top)
	if err != nil && !errors.Is(err, git.ErrDetachedHead) {
		return Record{}, err
	}
	names := map[string]bool{}
	if recs, err := e.store.List(); err == nil {
		for _, r := range recs {
			if r.Repo == top {
				names[r.Name] = true
			}
		}
	}
	rec, err := e.store.Insert(ctx, Record{ID: id, Name: uniqueName("main-checkout", names), Branch: branch, Base: branch,
		Repo: top, Root: top, Created: time.Now().UTC(), Main: true})
	if errors.Is(err, ErrExists) {
		return e.store.Load(id)
	}
	if err == nil {
		if _, perr := e.store.AddProject(ctx, top, ""); perr != nil {
			e.log.Warn("main checkout workspace recorded but project not registered", "repo", top, "err", perr)
		}
	}
	return rec, err
}

// ForgetMain closes the main checkout workspace's sessions (agents, tabs,
// runs) and removes its record; the checkout itself is never touched.
func (e *Engine) ForgetMain(ctx context.Context, id string) error {
	rec, err := e.store.Load(id)
	if err != nil {
		return err
	}
	if !rec.Main {
		return fmt.Errorf("forget %s: not a main checkout workspace; delete or shelve it instead", id)
	}
	if err := e.CloseSessions(ctx, id); err != nil {
		return err
	}
	return e.store.remove(ctx, id)
}

// CloseSessions stops a workspace's run slot and kills every session it
// has (agent and terminal tabs, run sessions), leaving its files alone.
func (e *Engine) CloseSessions(ctx context.Context, id string) error {
	err := e.StopRuns(ctx, id)
	return errors.Join(err, e.StopSessions(ctx, id))
}

// RenameWorkspace changes a workspace's display name (the record's name
// field; the name must be unique in its project). The branch keeps its name
// unless renameBranch is set, in which case it is renamed to the new name
// too (never for the main checkout, whose branch is the person's).
// Sessions keep their @amux_workspace_name until their next attach or
// reattach, when the app calls RefreshLabels, as the contract says.
func (e *Engine) RenameWorkspace(ctx context.Context, id, name string, renameBranch bool) (rec Record, err error) {
	old := e.workspaceName(id)
	defer func() { e.logAction("rename workspace", id, err, "name", old, "to", name, "branch_too", renameBranch) }()
	if err := ValidateName(name); err != nil {
		return Record{}, err
	}
	rec, err = e.store.Load(id)
	if err != nil {
		return Record{}, err
	}
	if recs, err := e.store.List(); err == nil {
		for _, r := range recs {
			if r.Repo == rec.Repo && r.Name == name && r.WorkspaceID() != id {
				return Record{}, fmt.Errorf("%w: this project has one named %q", ErrExists, name)
			}
		}
	}
	if !renameBranch || rec.Branch == name {
		return e.store.Rename(ctx, id, name)
	}
	if rec.Main {
		return Record{}, fmt.Errorf("%w: its branch is not renamed with it", ErrMainCheckout)
	}
	unlock, err := e.gitLock(ctx, rec.Repo)
	if err != nil {
		return Record{}, err
	}
	defer unlock()
	if err := e.opts.Git.RenameBranch(ctx, rec.Repo, rec.Branch, name); err != nil {
		return Record{}, err
	}
	return e.store.Update(ctx, id, func(r *Record) error { r.Name, r.Branch = name, name; return nil })
}

// RefreshLabels writes a session's display tags (@amux_workspace_name,
// @amux_project) from the workspace's record as it is now, in one tmux
// call. The app calls it when it attaches or reattaches to a session: a
// rename shows on the next attach, never by re-tagging live sessions
// behind the person's back. session is a bare name or a "$N" id.
func (e *Engine) RefreshLabels(ctx context.Context, id, session string) error {
	if e.opts.Tmux == nil {
		return nil
	}
	rec, err := e.store.Load(id)
	if err != nil {
		return err
	}
	_, err = e.opts.Tmux.Run(ctx, tmux.Chain(
		tmux.SetSessionOptionArgs(session, tmux.TagWorkspaceName, tmux.LabelValue(rec.Name)),
		tmux.SetSessionOptionArgs(session, tmux.TagProject, tmux.LabelValue(projectName(rec.Repo))),
	)...)
	return err
}

// RemoveProjectResult says what removing a project did.
type RemoveProjectResult struct {
	Kept    int      // workspaces whose records and worktrees were kept
	Deleted []string // workspaces deleted because the person asked
	Failed  map[string]error
}

// RemoveProject unregisters repo. Its workspaces — records, worktrees,
// branches, sessions — are kept unless deleteWorkspaces is set; then each
// is deleted like Delete does (opts applies to all; a main checkout
// workspace only has its sessions closed and its record dropped). When any
// delete fails the project stays registered, so nothing ends up owned by
// no visible project.
func (e *Engine) RemoveProject(ctx context.Context, repo string, deleteWorkspaces bool, opts DeleteOptions) (res RemoveProjectResult, err error) {
	defer func() { e.logAction("remove project", "", err, "repo", repo, "with_workspaces", deleteWorkspaces) }()
	repo = filepath.Clean(repo)
	recs, err := e.store.List()
	if err != nil && deleteWorkspaces {
		return RemoveProjectResult{}, err
	}
	res = RemoveProjectResult{Failed: map[string]error{}}
	for _, r := range recs {
		if r.Repo != repo {
			continue
		}
		if !deleteWorkspaces {
			res.Kept++
			continue
		}
		id := r.WorkspaceID()
		var derr error
		if r.Main {
			derr = e.ForgetMain(ctx, id)
		} else {
			_, derr = e.Delete(ctx, id, opts)
		}
		if derr != nil {
			res.Failed[id] = derr
			continue
		}
		res.Deleted = append(res.Deleted, id)
	}
	if len(res.Failed) > 0 {
		return res, fmt.Errorf("remove project %s: %d workspace(s) could not be deleted; the project stays", repo, len(res.Failed))
	}
	return res, e.store.RemoveProject(ctx, repo)
}
