package workspace

import (
	"context"
	"io"

	"amux.dev/amux/git"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/tmux"
)

// The engine is offered to the app as services, one per job. *Engine is
// the local implementation of every one of them; a remote host (the same
// amux binary on another machine, behind one SSH connection) is the second,
// so each service is written to cross a process boundary:
//
//   - Requests and results are plain data (strings, numbers, records,
//     git's and tmux's value types): they travel as they are.
//   - The few callbacks are the caller's own sinks, never the engine's
//     reach into the caller: an Observer (a request's Observe) and an
//     io.Writer (a request's Output, ApproveSetup's out). A remote
//     implementation streams each step or chunk back over the request's
//     channel and calls the caller's sink locally, in order, before it
//     returns the result.
//   - Errors say what failed in their text, those inside results too
//     (CreateResult.SetupErr, TeardownResult.ArchiveErr, ProjectState.Err,
//     the Failed maps). Where the app branches on an error it uses errors.Is/As with this package's and git's sentinels
//     and typed errors (ErrUntrusted with *UntrustedError, ErrWorkAtRisk,
//     ErrBadBase, ErrCorrupt, ErrRepoScripts, ErrNotThisLanding,
//     *RolledBackError, git.ErrMergeConflict, git.ErrUnresolved): a remote
//     implementation sends the kind with the text and rebuilds those.
//   - The methods without a context (ScriptRunning, UnfinishedTeardown,
//     ArchiveToApprove, SetShellMarks) are cheap reads or settings today: a
//     remote implementation answers the reads from the state the host last
//     pushed (the snapshot and its changes) and sends settings on, never
//     blocking on a round trip.
//   - Paths in results (a record's Root, ScriptResult.Output,
//     ScriptOutput.Path) name files on the host; a remote implementation
//     leaves ScriptOutput.Path empty, so a viewer asks again instead of
//     following a file it cannot open.

// LifecycleService creates, tears down and restores workspaces, recovers
// what a crash cut off, and keeps the projects and their records. A remote
// host must provide the same orderings (tombstone or intent before the
// first step, recovery before any tree is touched) on its own state home.
type LifecycleService interface {
	// Projects lists the added projects; Workspaces lists every record.
	Projects(ctx context.Context) ([]Project, error)
	Workspaces(ctx context.Context) ([]Record, error)
	AddProject(ctx context.Context, path string) (Project, error)
	RefreshProjects(ctx context.Context) ([]ProjectState, error)
	RemoveProject(ctx context.Context, repo string, deleteWorkspaces bool, opts DeleteOptions) (RemoveProjectResult, error)
	MainWorkspace(ctx context.Context, repo string) (Record, error)
	ForgetMain(ctx context.Context, id string) error
	RenameWorkspace(ctx context.Context, id, name string, renameBranch bool) (Record, error)

	CheckCreate(ctx context.Context, req CreateRequest) (repo string, err error)
	KeptBranch(ctx context.Context, req CreateRequest) (KeptBranch, error)
	Create(ctx context.Context, req CreateRequest) (CreateResult, error)
	// AtRisk is what a teardown of id would lose, asked before it starts.
	AtRisk(ctx context.Context, id string) (git.AtRisk, error)
	Delete(ctx context.Context, id string, opts DeleteOptions) (TeardownResult, error)
	Shelve(ctx context.Context, id string, opts DeleteOptions) (TeardownResult, error)
	// UnfinishedTeardown says which teardown of id left its tombstone.
	UnfinishedTeardown(id string) (op string, st CleanupState)
	Restore(ctx context.Context, id string, opts RestoreOptions) (CreateResult, error)
	Recover(ctx context.Context, opts RecoverOptions) (RecoveryReport, error)
}

// SessionService hosts the tmux sessions of tabs and runs and hands text
// to the agents in them. A remote host creates every session on its own
// private tmux server through the one session-making path (hostSession),
// tap installed; the local side attaches to them over the connection.
type SessionService interface {
	// Sessions lists the server's sessions, amux's and others'.
	Sessions(ctx context.Context) ([]tmux.SessionInfo, error)
	OpenSession(ctx context.Context, req SessionRequest) (Session, error)
	RelaunchSession(ctx context.Context, session string, req SessionRequest) error
	ResumeTab(ctx context.Context, req ResumeRequest) (string, error)
	StartRun(ctx context.Context, id string) (RunSession, error)
	SessionAlive(ctx context.Context, session string) (bool, error)
	SessionOwnership(ctx context.Context, session, wsID string) (tmux.Ownership, error)
	CloseSession(ctx context.Context, session string) error
	SendInterrupt(ctx context.Context, session string) error
	// CaptureHistory is an amux session's pane as it scrolled by, styles
	// kept: its last lines lines, or everything it keeps (lines ≤ 0).
	CaptureHistory(ctx context.Context, session string, lines int) (string, error)
	RefreshLabels(ctx context.Context, id, session string) error
	RepairTap(ctx context.Context, session string) error
	// SaveTabs records a workspace's open tabs (a hint for the next start:
	// the sessions are the truth).
	SaveTabs(ctx context.Context, id string, tabs []Tab) error
	Deliver(ctx context.Context, req DeliverRequest) (Delivery, error)
	// SetShellMarks turns terminal tabs' prompt marks on or off for the
	// tabs opened next.
	SetShellMarks(on bool)
}

// ReviewService reads a workspace's changes and lands its branch: review,
// diffs, staging, commits, the merge preview, merge and rebase, and the
// ways out of a stopped one. A remote host runs git in its own checkouts;
// diffs and previews come back as data (udiff files, git's values).
type ReviewService interface {
	Review(ctx context.Context, id string) (Review, error)
	Diff(ctx context.Context, id string, req DiffRequest) ([]udiff.File, error)
	Stage(ctx context.Context, id, path string, unstage bool) error
	StageHunk(ctx context.Context, id string, f udiff.File, i int, unstage bool) error
	Commit(ctx context.Context, id string, req git.CommitRequest) (commit string, err error)
	LastMessage(ctx context.Context, id string) (string, error)
	PreviewMerge(ctx context.Context, id string) (git.MergePreview, string, error)
	Merge(ctx context.Context, id string) error
	Rebase(ctx context.Context, id string) error
	AbortLanding(ctx context.Context, id string) error
	MarkResolved(ctx context.Context, id, path string) error
	ContinueLanding(ctx context.Context, id string) (how string, err error)
	SkipRebase(ctx context.Context, id string) error
}

// TrustService keeps the script approvals and the projects' registries
// (environment, scripts) and runs the lifecycle scripts a person approved.
// A remote host keeps its own trust file: an approval is of the script as
// that host resolves it, and is recorded there.
type TrustService interface {
	ProjectEnv(ctx context.Context, repo string) (map[string]string, error)
	SetProjectEnv(ctx context.Context, repo string, env map[string]string) error
	ProjectScripts(ctx context.Context, repo string) (ScriptSet, error)
	SetProjectScripts(ctx context.Context, repo string, set ScriptSet) error
	// ApproveSetup copies setup's output to out as it is printed (nil:
	// none); a remote implementation streams it (see above).
	ApproveSetup(ctx context.Context, id string, sc Script, out io.Writer) (ScriptResult, error)
	ApproveRun(ctx context.Context, id string, sc Script) (RunSession, error)
	ArchiveToApprove(id string) (*UntrustedError, error)
	ApproveArchive(ctx context.Context, id string, sc Script) error
	ApproveScripts(ctx context.Context, id string) (ranSetup bool, err error)
	RevokeApprovals(ctx context.Context, id string) (int, error)
	// RunOnDone starts the on-done hook; the channel delivers its one
	// result when it ends (a remote implementation fills it from the
	// host's answer).
	RunOnDone(ctx context.Context, id string) (<-chan ScriptResult, error)
	ScriptRunning(id string, kind ScriptKind) bool
	Output(ctx context.Context, id string, kind ScriptKind, maxBytes int) (ScriptOutput, error)
}

// StatusService answers what state a workspace is in: its status (cleanup,
// ports, scripts, approvals), whether its tree is dirty, the port orphans,
// and a watch of its checkouts. A remote host watches its own trees and
// pushes each coalesced signal.
type StatusService interface {
	Status(ctx context.Context, id string, inFlight []string) (Status, error)
	Dirty(ctx context.Context, id string) (bool, error)
	ReleaseOrphans(ctx context.Context, confirmed int, inFlight []string) (int, error)
	// Watch and WatchMain start a watch of the workspace's work tree, or
	// of its project's main checkout while a merge is stopped there.
	Watch(ctx context.Context, id string) (ChangeWatch, error)
	WatchMain(ctx context.Context, id string) (ChangeWatch, error)
}

// ViewStateService keeps the app's saved layout (ui-state.json). It is the
// local machine's: a remote host does not provide it.
type ViewStateService interface {
	ViewState(ctx context.Context) (ViewState, error)
	SaveViewState(ctx context.Context, v ViewState) error
}

// ChangeWatch is a running watch of one checkout: Changed receives one
// value per coalesced burst of changes (at most one pending) and is closed
// by Close. Locally it is a treewatch.Watcher; a remote implementation
// feeds it from the host's pushed signals and tells the host on Close.
type ChangeWatch interface {
	Changed() <-chan struct{}
	Close()
}

// *Engine is the local implementation of every service.
var (
	_ LifecycleService = (*Engine)(nil)
	_ SessionService   = (*Engine)(nil)
	_ ReviewService    = (*Engine)(nil)
	_ TrustService     = (*Engine)(nil)
	_ StatusService    = (*Engine)(nil)
	_ ViewStateService = (*Engine)(nil)
)
