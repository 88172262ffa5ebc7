package workspace

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// RolledBackError is a create that failed after it had begun making things
// (its intent was written): what it made was undone, and Undone says what,
// for people ("the worktree … was removed"). Undone is empty when the
// failing step had made nothing yet. An error from Create that is not a
// *RolledBackError failed before anything was made: there is nothing to
// report as rolled back.
type RolledBackError struct {
	Name   string
	Undone []string
	Err    error
}

// Error implements error.
func (e *RolledBackError) Error() string { return fmt.Sprintf("create %s: %v", e.Name, e.Err) }

// Unwrap returns the cause.
func (e *RolledBackError) Unwrap() error { return e.Err }

// madeBy describes what an intent's operation has made so far, before its
// rollback removes it: the lines a RolledBackError reports.
func (e *Engine) madeBy(ctx context.Context, in intent) []string {
	var out []string
	if exists(in.Root) {
		out = append(out, "the worktree "+in.Root+" was removed")
	}
	switch {
	case in.BranchExisted:
		if in.WorktreeAdded || exists(in.Root) {
			out = append(out, "branch "+in.Branch+", which existed before, was kept")
		}
	default:
		if ok, err := e.opts.Git.BranchExists(ctx, in.Repo, in.Branch); err == nil && ok {
			out = append(out, "branch "+in.Branch+", made by this attempt, was deleted")
		}
	}
	return out
}

// SetupOutcome is how a created (or restored) workspace's setup went. The
// workspace exists in every case: a setup that did not run or failed is a
// warning about a success, never a failed create.
type SetupOutcome int

// The outcomes of setup (SetupNone also when the caller skipped it).
const (
	SetupNone           SetupOutcome = iota // no setup-workspace script is defined
	SetupSucceeded                          // it ran and every command succeeded
	SetupAwaitsApproval                     // it comes from the repository and is not approved
	SetupNotRun                             // it could not run (the repository's scripts file is refused, …)
	SetupFailed                             // a command failed; its output says why
)

// SetupOutcome classifies Setup and SetupErr.
func (r CreateResult) SetupOutcome() SetupOutcome {
	switch {
	case errors.Is(r.SetupErr, ErrUntrusted):
		return SetupAwaitsApproval
	case r.SetupErr != nil && r.Setup.Ran && r.Setup.Failed >= 0:
		return SetupFailed
	case r.SetupErr != nil:
		return SetupNotRun
	case r.Setup.Ran:
		return SetupSucceeded
	}
	return SetupNone
}

// ApproveSetup records the person's approval of exactly sc — the
// setup-workspace script, or the .amux/worktree.json list of files setup
// copies and links first, they were shown (an *UntrustedError's Script) —
// and runs setup with its output also copied to out (nil: none). If the
// repository's script changed since it was shown, the trust gate refuses
// to run the new content: approval is of what was seen.
func (e *Engine) ApproveSetup(ctx context.Context, id string, sc Script, out io.Writer) (ScriptResult, error) {
	if sc.Kind != KindSetup && sc.Kind != KindWorktreeFiles {
		return ScriptResult{Failed: -1}, fmt.Errorf("approve setup: got a %s script", sc.Kind)
	}
	rec, err := e.store.Load(id)
	if err != nil {
		return ScriptResult{Failed: -1}, err
	}
	if err := e.trust(ctx, rec, sc); err != nil {
		return ScriptResult{Failed: -1}, fmt.Errorf("approve setup-workspace: %w", err)
	}
	return e.runSetup(ctx, id, out)
}

// ApproveRun records the person's approval of exactly sc — the run script
// they were shown (an *UntrustedError's Script) — and starts it as
// StartRun does. A script changed since it was shown is refused by
// StartRun's own trust gate, with the new content to ask about.
func (e *Engine) ApproveRun(ctx context.Context, id string, sc Script) (RunSession, error) {
	if sc.Kind != KindRun {
		return RunSession{}, fmt.Errorf("approve run: got a %s script", sc.Kind)
	}
	rec, err := e.store.Load(id)
	if err != nil {
		return RunSession{}, err
	}
	if err := e.trust(ctx, rec, sc); err != nil {
		return RunSession{}, fmt.Errorf("approve the run script: %w", err)
	}
	return e.StartRun(ctx, id)
}
