package git

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Sentinel errors, for errors.Is. The typed errors below wrap them so a
// caller can branch on the class and still show the specific cause.
var (
	// ErrNotRepo means the directory is not inside a git work tree.
	ErrNotRepo = errors.New("not a git repository")
	// ErrForgedCommondir means a checkout's .git directory holds a commondir
	// file. git only writes one under <common>/worktrees/<id>/, so inside a
	// checkout it can only be planted to redirect git at another repository.
	ErrForgedCommondir = errors.New("forged commondir")
	// ErrDriverRefused means a repo-configured filter or merge driver would
	// have run during the operation, so the operation did not start.
	ErrDriverRefused = errors.New("repo-configured driver refused")
	// ErrInvalidRef means a base ref, merge ref or branch name was refused.
	ErrInvalidRef = errors.New("invalid ref")
	// ErrOutputTooLarge means git wrote more than the runner keeps; the
	// result would have been silently incomplete, so it is an error.
	ErrOutputTooLarge = errors.New("git output exceeds limit")
	// ErrTruncated accompanies a partial result that is still usable up to
	// the cut (Diff returns it with the text it kept).
	ErrTruncated = errors.New("output truncated")
	// ErrDetachedHead means HEAD is not on a branch.
	ErrDetachedHead = errors.New("HEAD is detached")
	// ErrNoDefaultBranch means no default branch could be detected.
	ErrNoDefaultBranch = errors.New("no default branch detected")
	// ErrMergeConflict means a merge stopped with conflicts to resolve.
	ErrMergeConflict = errors.New("merge conflict")
	// ErrNoSuchPath means the directory named does not exist (nor does
	// what a link there points at). errors.Is(err, fs.ErrNotExist) holds
	// too. It is not ErrNotRepo: nothing was there to be a repository.
	ErrNoSuchPath error = noSuchPath{}
	// ErrNotDirectory means the path names something other than a
	// directory (a file), so it cannot be a work tree.
	ErrNotDirectory = errors.New("not a directory")
	// ErrEmptyRepo means the repository has no commit yet, so there is
	// nothing to branch a workspace from.
	ErrEmptyRepo = errors.New("the repository has no commits yet: make a first commit (for example git commit --allow-empty -m init), then try again")
)

type noSuchPath struct{}

func (noSuchPath) Error() string        { return "no such directory" }
func (noSuchPath) Is(target error) bool { return target == fs.ErrNotExist }

// Error is a git invocation that failed: non-zero exit, deadline, or a start
// failure. It carries what git said so the user sees the real reason.
type Error struct {
	Dir      string   // directory the command ran in
	Args     []string // the subcommand and its arguments (without hardening flags)
	ExitCode int      // -1 when git did not exit normally (killed, not started)
	Stderr   string   // git's stderr, capped
	Stdout   string   // git's stdout when it explains the failure (merge conflicts), capped
	Err      error    // the underlying cause; context.DeadlineExceeded after a deadline
}

// Error implements error.
func (e *Error) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		msg = strings.TrimSpace(e.Stdout)
	}
	if msg == "" {
		msg = e.Err.Error()
	} else if e.ExitCode < 0 {
		msg = e.Err.Error() + ": " + msg
	}
	return fmt.Sprintf("git %s: %s", strings.Join(e.Args, " "), msg)
}

// Unwrap returns the underlying cause, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// DriverError names the driver a refused operation would have run and where
// it came from, so the user can see which config and attribute to inspect.
type DriverError struct {
	Kind   string // "filter" or "merge"
	Name   string // the driver name as configured
	Source string // where it is bound: an attributes file, a tree, or merge.default
}

// Error implements error.
func (e *DriverError) Error() string {
	return fmt.Sprintf("refusing to run repo-configured %s driver %q (bound by %s); set AMUX_ALLOW_GIT_HOOKS=1 only if you trust this repository",
		e.Kind, e.Name, e.Source)
}

// Unwrap returns the underlying cause, for errors.Is and errors.As.
func (e *DriverError) Unwrap() error { return ErrDriverRefused }

// RefError explains why a ref or branch name was refused.
type RefError struct {
	Ref    string
	Reason string
}

// Error implements error.
func (e *RefError) Error() string {
	return fmt.Sprintf("invalid ref %q: %s", e.Ref, e.Reason)
}

// Unwrap returns the underlying cause, for errors.Is and errors.As.
func (e *RefError) Unwrap() error { return ErrInvalidRef }
