package workspace

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"amux.dev/amux/git"
)

// DirtyChoice says what a delete or shelve does with uncommitted work in the
// worktree. The zero value loses nothing: a teardown that would lose work
// stops instead, with an *AtRiskError, and leaves the worktree as it is.
type DirtyChoice string

// Dirty choices, as stored in the record's dirty_choice key.
const (
	DirtyRefuse  DirtyChoice = ""        // stop rather than lose anything
	DirtyWIP     DirtyChoice = "wip"     // commit it on the branch (restore turns it back into changes)
	DirtyStash   DirtyChoice = "stash"   // move it into a stash entry of the repository
	DirtyDiscard DirtyChoice = "discard" // remove the worktree with its changes (git worktree remove --force)
)

// ErrWorkAtRisk: a teardown stopped because removing the worktree would
// lose work nobody chose to keep or discard. The concrete error is an
// *AtRiskError naming it.
var ErrWorkAtRisk = errors.New("removing the worktree would lose work")

// AtRiskError is a teardown refused before the worktree's removal: what
// would have been lost, and why the choice made (if any) could not keep it.
type AtRiskError struct {
	Root   string
	Risk   git.AtRisk
	Reason string // why nothing can keep it with the choice made
}

// Error implements error.
func (e *AtRiskError) Error() string {
	return fmt.Sprintf("%s holds %s: %s; the worktree was left as it is", e.Root, DescribeAtRisk(e.Risk), e.Reason)
}

// Unwrap returns ErrWorkAtRisk, for errors.Is.
func (e *AtRiskError) Unwrap() error { return ErrWorkAtRisk }

// DescribeAtRisk is a one-line account of what a removal would lose:
// counts and the first paths, e.g. "2 modified (a.go, b.go), 1 untracked
// (notes.txt)". Paths are raw git output; a caller drawing them on a
// screen sanitizes them first.
func DescribeAtRisk(r git.AtRisk) string {
	var parts []string
	if r.Modified > 0 {
		parts = append(parts, fmt.Sprintf("%d modified (%s)", r.Modified, listSample(r.ModifiedPaths, r.Modified)))
	}
	if r.Untracked > 0 {
		parts = append(parts, fmt.Sprintf("%d untracked (%s)", r.Untracked, listSample(r.UntrackedPaths, r.Untracked)))
	}
	if r.Stray > 0 {
		parts = append(parts, fmt.Sprintf("%d commit(s) on a detached HEAD that no branch holds", r.Stray))
	}
	if len(parts) == 0 {
		return "nothing at risk"
	}
	return strings.Join(parts, ", ")
}

func listSample(paths []string, total int) string {
	s := strings.Join(paths, ", ")
	if more := total - len(paths); more > 0 {
		s += fmt.Sprintf(", and %d more", more)
	}
	return s
}

// validChoice refuses a choice amux does not know, so a typo never means
// "refuse" by accident in one place and something else in another.
func validChoice(c DirtyChoice) error {
	switch c {
	case DirtyRefuse, DirtyWIP, DirtyStash, DirtyDiscard:
		return nil
	}
	return fmt.Errorf("unknown choice %q for uncommitted work", c)
}

// AtRisk summarizes what deleting or shelving workspace id would lose or
// leave behind: uncommitted changes in its worktree, commits on its branch
// merged nowhere else, commits only a detached HEAD holds. A workspace
// without a worktree (shelved, or a delete half done) reports only its
// branch's commits.
func (e *Engine) AtRisk(ctx context.Context, id string) (git.AtRisk, error) {
	rec, err := e.store.Load(id)
	if err != nil {
		return git.AtRisk{}, err
	}
	if rec.Shelved || !exists(rec.Root) {
		n, subjects, err := e.opts.Git.UnmergedCommits(ctx, rec.Repo, rec.Branch)
		return git.AtRisk{Unmerged: n, Subjects: subjects}, err
	}
	return e.opts.Git.AtRisk(ctx, rec.Root, rec.Branch)
}

// prepareWork runs before a delete or shelve changes anything: it refuses
// a choice that cannot keep the work in the worktree as it is now (nothing
// is touched yet, so the user can choose again), then records the choice
// in the workspace record. Recording it first makes it durable: a recovery
// finishing this teardown after a crash reads it back and applies the same
// choice. The teardown itself checks again after archive, which may write.
func (e *Engine) prepareWork(ctx context.Context, rec Record, choice DirtyChoice) (Record, error) {
	if err := validChoice(choice); err != nil {
		return Record{}, err
	}
	// Discard needs no look: the person accepted losing whatever is there.
	if choice != DirtyDiscard && !rec.Shelved && exists(rec.Root) {
		risk, err := e.opts.Git.AtRisk(ctx, rec.Root, rec.Branch)
		if err != nil {
			return Record{}, fmt.Errorf("check %s for uncommitted work: %w", rec.Root, err)
		}
		if err := checkWork(rec, risk, choice); err != nil {
			return Record{}, err
		}
	}
	if rec.DirtyChoice == choice {
		return rec, nil
	}
	return e.store.Update(ctx, rec.WorkspaceID(), func(r *Record) error { r.DirtyChoice = choice; return nil })
}

// checkWork says whether choice can deal with risk, the worktree's state:
// nil when removing the worktree (after the choice is applied) loses
// nothing the person did not choose to lose.
func checkWork(rec Record, risk git.AtRisk, choice DirtyChoice) error {
	refuse := func(reason string) error { return &AtRiskError{Root: rec.Root, Risk: risk, Reason: reason} }
	switch {
	case choice == DirtyDiscard || !risk.Lossy():
		return nil
	case risk.Stray > 0:
		return refuse("put the detached commits on a branch (git branch <name>) or choose to discard them")
	case choice == DirtyRefuse:
		return refuse("choose to keep it as a WIP commit, stash it, or discard it")
	case choice == DirtyStash && risk.Conflicted > 0:
		return refuse("a stash cannot hold unresolved conflicts; resolve them or keep the work as a WIP commit")
	case choice == DirtyWIP && risk.Head != rec.Branch:
		return refuse(fmt.Sprintf("a WIP commit needs branch %s checked out, not %s; stash it instead", rec.Branch, headLabel(risk.Head)))
	}
	return nil
}

func headLabel(branch string) string {
	if branch == "" {
		return "a detached HEAD"
	}
	return branch
}

// keepWork applies the recorded choice to the worktree's uncommitted work,
// after archive and before the worktree's removal. force reports that the
// person chose to discard it, the only case the removal may use --force.
// note says what was done with the work, for the person. Every step is
// safe to run again: a recovery re-running the teardown finds a clean tree
// and does nothing more.
func (e *Engine) keepWork(ctx context.Context, op string, rec Record) (force bool, note string, err error) {
	if !exists(rec.Root) {
		return false, "", nil
	}
	if rec.TeardownClean {
		// Nothing of the person's was at risk once nothing of theirs ran:
		// what is there now, archive wrote.
		risk, err := e.opts.Git.AtRisk(ctx, rec.Root, rec.Branch)
		if err != nil || !risk.Dirty() {
			return false, "", err
		}
		e.log.Warn("archive left files in a clean worktree; removed with it", "workspace", rec.WorkspaceID(), "files", DescribeAtRisk(risk))
		return true, "what the archive script left in the worktree was removed with it", nil
	}
	choice := rec.DirtyChoice
	if validChoice(choice) != nil {
		choice = DirtyRefuse // an unknown value from another tool loses nothing
	}
	if choice == DirtyDiscard {
		return true, "", nil
	}
	risk, err := e.opts.Git.AtRisk(ctx, rec.Root, rec.Branch)
	if err != nil {
		return false, "", fmt.Errorf("check %s for uncommitted work: %w", rec.Root, err)
	}
	if err := checkWork(rec, risk, choice); err != nil || !risk.Dirty() {
		return false, "", err
	}
	op = workOp(op)
	if op == "delete" && exists(e.store.layout.ShelvingFile(rec.WorkspaceID())) {
		op = "shelve" // recovery finishing a shelve saves work as the shelve would
	}
	switch choice {
	case DirtyWIP:
		commit, err := e.opts.Git.CommitWIP(ctx, rec.Root, rec.Branch, op)
		if err != nil {
			return false, "", fmt.Errorf("keep uncommitted work as a WIP commit: %w", err)
		}
		return false, fmt.Sprintf("uncommitted work kept as WIP commit %.12s on %s", commit, rec.Branch), nil
	case DirtyStash:
		msg := StashMessage(op, rec.Name)
		if _, err := e.opts.Git.Stash(ctx, rec.Root, msg); err != nil {
			return false, "", fmt.Errorf("stash uncommitted work: %w", err)
		}
		return false, fmt.Sprintf("uncommitted work stashed as %q", msg), nil
	}
	return false, "", nil
}

// checkWorkStopped looks at the worktree once the agents and runs of a
// teardown are stopped and before archive runs: work the choice cannot keep
// stops the teardown here, before archive, with the tree as it is. A clean
// tree is recorded (TeardownClean), so what archive leaves goes with it.
func (e *Engine) checkWorkStopped(ctx context.Context, rec Record) (Record, error) {
	if rec.TeardownClean || rec.DirtyChoice == DirtyDiscard || !exists(rec.Root) {
		return rec, nil
	}
	risk, err := e.opts.Git.AtRisk(ctx, rec.Root, rec.Branch)
	if err != nil {
		return rec, fmt.Errorf("check %s for uncommitted work: %w", rec.Root, err)
	}
	if err := checkWork(rec, risk, rec.DirtyChoice); err != nil {
		return rec, err
	}
	if risk.Dirty() {
		return rec, nil // the choice keeps it; keepWork applies it after archive
	}
	return e.store.Update(ctx, rec.WorkspaceID(), func(r *Record) error { r.TeardownClean = true; return nil })
}

// forgetClean clears TeardownClean after a teardown failed without a crash:
// the workspace stays usable, so work done in it before recovery runs again
// must be looked at again.
func (e *Engine) forgetClean(ctx context.Context, id string) {
	if _, err := e.store.Update(ctx, id, func(r *Record) error { r.TeardownClean = false; return nil }); err != nil && !errors.Is(err, ErrNotFound) {
		e.log.Warn("teardown: could not clear teardown_clean", "workspace", id, "err", err)
	}
}

// workOp names the operation in WIP commit and stash messages: recovery
// finishes an interrupted delete, so it saves work as that delete would.
func workOp(op string) string {
	if op == "recover" {
		return "delete"
	}
	return op
}

// StashMessage is the message of the stash entry a teardown op ("delete",
// "shelve") makes for workspace name.
func StashMessage(op, name string) string { return "amux: " + op + " of " + name }
