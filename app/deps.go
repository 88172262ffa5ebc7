package app

import (
	"context"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/git"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// Workspaces is what the app needs from the workspace engine. Every method
// may block on git, tmux or scripts, so the app only calls it from commands.
type Workspaces interface {
	Projects() ([]workspace.Project, error)
	Records() ([]workspace.Record, error)
	// AddProject registers the repository containing path; a path outside
	// any git repository is refused with a message saying so.
	AddProject(ctx context.Context, path string) (workspace.Project, error)
	// Dirty reports whether a worktree has uncommitted changes.
	Dirty(ctx context.Context, root string) (bool, error)
	// ValidateCreate checks a create request before anything runs. field is
	// 0 for the name and 1 for the base ref.
	ValidateCreate(ctx context.Context, req CreateRequest) (field int, err error)
	// Create makes the workspace; output receives setup-workspace lines as
	// they are printed. On failure the result says what was rolled back.
	Create(ctx context.Context, req CreateRequest, output func(line string)) (CreateResult, error)
	// AtRisk summarizes what deleting or shelving a workspace would lose:
	// uncommitted changes, commits on its branch merged nowhere else,
	// commits only a detached HEAD holds.
	AtRisk(ctx context.Context, id string) (git.AtRisk, error)
	// Teardown deletes (or shelves) a workspace in the contract's order,
	// reporting each step as it starts and ends, doing with uncommitted work
	// what dirty says. note tells the user about anything kept or skipped on
	// purpose (a branch with unmerged commits, a WIP commit, a stash, an
	// archive script a broken scripts file made unusable) and, after a
	// failure, what the next start will do about it, read from the state the
	// failure left.
	Teardown(ctx context.Context, id string, shelve bool, dirty workspace.DirtyChoice, step func(StepEvent)) (note string, err error)
	// Restore brings a shelved workspace back (worktree re-added on its
	// branch, setup-workspace run).
	Restore(ctx context.Context, id string) error
	// StartRun hosts the workspace's run script in a new run session and
	// returns the session's name.
	StartRun(ctx context.Context, id string) (string, error)
	// ScriptOutput returns the tail of a lifecycle script's captured output
	// (kind: setup-workspace, run, archive, on-done).
	ScriptOutput(id, kind string, maxBytes int) (string, error)
	// Recover finishes (or undoes) the creates, deletes, shelves and
	// restores a crash interrupted, and kills scripts it left running.
	Recover(ctx context.Context) (RecoveryReport, error)
	// OpenSession creates a tab's tmux session (tags, launch payload, tap).
	OpenSession(ctx context.Context, req workspace.SessionRequest) (workspace.Session, error)
	// RelaunchSession restarts an existing session's program in place.
	RelaunchSession(ctx context.Context, session string, req workspace.SessionRequest) error
	// SetTabs records the workspace's open tabs (restored on start).
	SetTabs(ctx context.Context, id string, tabs []workspace.Tab) error
	// Status gathers the workspace-status dialog: cleanup state, ports,
	// orphaned reservations, scripts and their trust.
	Status(ctx context.Context, id string, inFlight []string) (WorkspaceStatus, error)
	// ReleaseOrphans releases orphaned port reservations if, probed afresh,
	// there are exactly confirmed of them; otherwise nothing.
	ReleaseOrphans(ctx context.Context, confirmed int, inFlight []string) (int, error)
	// Approve trusts the workspace's repo scripts as they are now.
	Approve(ctx context.Context, id string) (ranSetup bool, err error)
	// Untrust revokes the project's recorded script approvals.
	Untrust(ctx context.Context, id string) (int, error)
}

// CreateRequest is what the create dialog collects.
type CreateRequest struct {
	Repo string
	Name string
	Base string // empty: the repository's default branch
}

// CreateResult reports a create, including a failed one's rollback.
type CreateResult struct {
	Record   workspace.Record
	Rollback []string // what a failed create undid (or could not)
}

// StepEvent is one teardown step starting or finishing.
type StepEvent struct {
	Step string
	Done bool
	Err  error
}

// RecoveryReport summarizes startup recovery.
type RecoveryReport struct {
	Notes  []string // what recovery did, one phrase each ("finished 1 interrupted delete(s)")
	Failed []string // workspace names (or IDs) whose cleanup is still pending
}

// Deps are the app's dependencies, built by Run or by a test.
type Deps struct {
	Config        config.Config
	ConfigWarning error // malformed config: defaults in use, shown once
	Tmux          *tmux.Client
	Engine        Workspaces
	Home          string // the user's home directory, for ~ in pickers
	Cwd           string // where amux was started, for relative paths
	Now           func() time.Time
	Zone          *time.Location // where times are shown; nil is the local zone
	Instance      string         // this process's @amux_instance
	StateHome     string
	AmuxBin       string // this binary, for pane launches and AMUX_BIN_PATH
	// ScreenRules matches captured agent screens (nil: activity only).
	ScreenRules monitor.ScreenMatcher
	// OnDone runs a workspace's on-done hook (nil: none).
	OnDone func(ctx context.Context, workspaceID string) error
	// LiveTabs caps how many tabs hold a live PTY; others show their last
	// frame and reattach on focus. Zero means defaultLiveTabs.
	LiveTabs int
}
