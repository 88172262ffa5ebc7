package workspace

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// rollbackTimeout bounds a rollback, which runs even when the caller's
// context is already cancelled: a half-made worktree must not be left.
const rollbackTimeout = time.Minute

// CreateRequest describes a workspace to create.
type CreateRequest struct {
	Repo      string // any directory inside the project's repository
	Name      string // workspace name; the branch gets the same name
	Base      string // optional base ref; empty means the default branch (else HEAD)
	Assistant string // default assistant for the workspace's tabs
	SkipSetup bool   // do not run setup-workspace (the caller will, or never)
}

// CreateResult is what Create made. Setup failures do not undo the
// workspace: the worktree and record stay, and SetupErr says what happened
// (an *UntrustedError when the repo's setup script awaits approval; call
// RunSetup after Trust).
type CreateResult struct {
	Workspace Record
	Setup     ScriptResult
	SetupErr  error
}

// Create makes a workspace: it validates the name (the branch name) and the
// base ref before anything runs, adds the worktree under
// <WorktreesDir>/<project>/<name> (creating the branch from the base, or
// attaching the branch when it already exists), writes the record, registers
// the project, and runs setup-workspace. If anything before the record is
// written fails, the worktree is removed under the per-repo git lock and the
// branch is deleted only when this call created it: a pre-existing branch
// always survives a failed create.
func (e *Engine) Create(ctx context.Context, req CreateRequest) (CreateResult, error) {
	repo, err := e.CheckCreate(ctx, req)
	if err != nil {
		return CreateResult{}, err
	}
	base := req.Base // validated by CheckCreate
	if base == "" {
		if base, err = e.opts.Git.ResolveBase(ctx, repo, ""); err != nil {
			return CreateResult{}, err
		}
	}
	root := e.worktreeRoot(repo, req.Name)
	id := MintID(repo, root)
	rec, err := e.createLocked(ctx, Record{
		ID: id, Name: req.Name, Branch: req.Name, Base: base, Repo: repo, Root: root,
		Created: time.Now().UTC(), Assistant: req.Assistant,
	})
	if err != nil {
		return CreateResult{}, err
	}
	if _, err := e.store.AddProject(ctx, repo, ""); err != nil {
		e.log.Warn("workspace created but project not registered", "repo", repo, "err", err)
	}
	res := CreateResult{Workspace: rec}
	if !req.SkipSetup {
		res.Setup, res.SetupErr = e.RunSetup(ctx, id)
	}
	return res, nil
}

// CheckCreate validates a create request before anything is written — the
// name (ErrBadName, also for a name git refuses as a branch), the base ref
// when given (a git.ErrInvalidRef error) and that neither the workspace nor
// its worktree directory exists yet (ErrExists, ErrDeleting) — and returns
// the repository's top level. Create runs it first; a dialog runs it to
// point at the offending field before committing to the work.
func (e *Engine) CheckCreate(ctx context.Context, req CreateRequest) (repo string, err error) {
	g := e.opts.Git
	if err := ValidateName(req.Name); err != nil {
		return "", err
	}
	if repo, err = g.Toplevel(ctx, req.Repo); err != nil {
		return "", err
	}
	if err := g.ValidateBranchName(ctx, repo, req.Name); err != nil {
		return "", fmt.Errorf("%w: %w", ErrBadName, err)
	}
	recs, _ := e.store.List() // an unreadable record cannot hold the name
	for _, r := range recs {
		if r.Repo == repo && r.Name == req.Name {
			return "", fmt.Errorf("%w: this project has one named %q", ErrExists, req.Name)
		}
	}
	root := e.worktreeRoot(repo, req.Name)
	if err := e.checkFree(MintID(repo, root), root); err != nil {
		return "", err
	}
	if req.Base != "" {
		if err := g.ValidateBaseRef(ctx, repo, req.Base); err != nil {
			return "", err
		}
	}
	return repo, nil
}

// worktreeRoot is where a workspace's worktree goes.
func (e *Engine) worktreeRoot(repo, name string) string {
	return filepath.Join(e.opts.WorktreesDir, projectName(repo), name)
}

// checkFree refuses an ID or root already in use before any git runs.
func (e *Engine) checkFree(id, root string) error {
	for _, p := range []string{e.store.layout.RecordFile(id), e.store.layout.TombstoneFile(id)} {
		if _, err := os.Lstat(p); err == nil {
			if filepath.Base(p) == ".deleting" {
				return fmt.Errorf("%w: %s (finish or recover it first)", ErrDeleting, id)
			}
			return fmt.Errorf("%w: %s", ErrExists, id)
		}
	}
	if _, err := os.Lstat(root); err == nil {
		return fmt.Errorf("%w: %s already exists", ErrExists, root)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// createLocked adds the worktree and writes the record under the per-repo
// git lock, rolling the worktree (and a branch it created) back on failure.
func (e *Engine) createLocked(ctx context.Context, rec Record) (Record, error) {
	unlock, err := e.gitLock(ctx, rec.Repo)
	if err != nil {
		return Record{}, err
	}
	defer unlock()
	created, err := e.opts.Git.CreateWorktree(ctx, rec.Repo, rec.Root, rec.Branch, rec.Base)
	if err == nil {
		e.step(ctx, "create", "worktree", rec.ID)
		rec.CreatedBranch = created
		var saved Record
		if saved, err = e.store.Insert(ctx, rec); err == nil {
			return saved, nil
		}
	}
	if rbErr := e.rollback(ctx, rec, created); rbErr != nil {
		return Record{}, fmt.Errorf("create %s: %w (rollback incomplete: %v)", rec.Name, err, rbErr)
	}
	return Record{}, fmt.Errorf("create %s: %w", rec.Name, err)
}

// rollback undoes a failed create. The caller holds the git lock and has
// checked that root did not exist before, so whatever is there is ours.
func (e *Engine) rollback(ctx context.Context, rec Record, createdBranch bool) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), rollbackTimeout)
	defer cancel()
	var errs []error
	if err := e.opts.Git.RemoveWorktree(ctx, rec.Repo, rec.Root, true); err != nil {
		// Not a registered worktree (add failed before registering it), but
		// the directory did not exist before this create: it is ours.
		if rmErr := os.RemoveAll(rec.Root); rmErr != nil || exists(rec.Root) {
			errs = append(errs, err)
		}
	}
	if createdBranch {
		if err := deleteOwnedBranch(ctx, e.opts.Git, rec.Repo, rec.Branch); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
