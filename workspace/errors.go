package workspace

import "errors"

// Sentinel errors callers test with errors.Is.
var (
	// ErrNotFound: no record exists under that workspace ID.
	ErrNotFound = errors.New("workspace not found")
	// ErrExists: a record (or a delete in progress) already holds that ID.
	ErrExists = errors.New("workspace already exists")
	// ErrPathTaken: something (a directory left behind, a file) is already
	// where the new worktree would go. Its *PathTakenError matches
	// ErrExists too.
	ErrPathTaken = errors.New("a directory already exists")
	// ErrBadName: the workspace name cannot become a branch and a directory.
	ErrBadName = errors.New("invalid workspace name")
	// ErrBadBase: the base ref of a create does not name a commit.
	ErrBadBase = errors.New("invalid base ref")
	// ErrWorkspaceTeardown: the workspace's admission gate is held by a
	// delete or shelve, so no new lifecycle process may start.
	ErrWorkspaceTeardown = errors.New("workspace is being torn down")
	// ErrUnreadable: an existing registry file could not be read, so the save
	// was refused and the file keeps its bytes.
	ErrUnreadable = errors.New("registry file exists but cannot be read")
	// ErrCorrupt: a file's bytes are not the JSON object expected.
	ErrCorrupt = errors.New("file is not a valid JSON object")
	// ErrUntrusted: a project-supplied script needs the user's approval.
	// The concrete error is an *UntrustedError carrying what to approve.
	ErrUntrusted = errors.New("script is not trusted")
	// ErrRepoScripts: the repository's .amux/scripts.json exists but cannot
	// be used (a link, a directory, a device, too large, not JSON). No
	// script of any source runs while it is so: setup and run fail with it,
	// and a delete or shelve goes on without its archive script.
	ErrRepoScripts = errors.New("repo scripts")
	// ErrMainCheckout: the operation would remove or move the project's
	// main checkout, which a workspace of its own never does.
	ErrMainCheckout = errors.New("the main checkout is not removed by amux")
	// ErrProjectMissing: a registered project's directory moved or vanished
	// (or is no longer a repository's top level).
	ErrProjectMissing = errors.New("project directory missing")
	// ErrShelved: the workspace is shelved (no worktree) and must be restored.
	ErrShelved = errors.New("workspace is shelved")
	// ErrDeleting: a delete of this workspace is in progress or interrupted.
	ErrDeleting = errors.New("workspace delete in progress")
)

// PathTakenError is a create refused because its worktree's path is taken.
type PathTakenError struct{ Path string }

// Error implements error.
func (e *PathTakenError) Error() string {
	return "a directory already exists at " + e.Path + ": move it away (or pick another name)"
}

// Is makes errors.Is match ErrPathTaken and ErrExists.
func (e *PathTakenError) Is(target error) bool { return target == ErrPathTaken || target == ErrExists }
