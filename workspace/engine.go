package workspace

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"amux.dev/amux/git"
	"amux.dev/amux/ports"
	"amux.dev/amux/tmux"
)

// Options are the engine's dependencies. Only Home is required; each
// missing dependency disables exactly the feature that needs it.
type Options struct {
	// Home is the state home (see StateHome).
	Home string
	// WorktreesDir is where new worktrees go, as <WorktreesDir>/<project>/<name>;
	// empty means <Home>/worktrees.
	WorktreesDir string
	// Git is the hardened git runner (*git.Runner, built by the app with
	// git.OptionsFromEnv). Nil means a runner with the hardened defaults.
	Git Git
	// Tmux is the server hosting run sessions. Nil disables hosted runs (and
	// their teardown step, since none can exist).
	Tmux tmux.Runner
	// Ports is the durable port registry: it provides AMUX_PORT and
	// AMUX_PORT_RANGE, and the status's range and orphans. Nil omits both
	// variables and reports no ports.
	Ports *ports.Registry
	// AmuxBin is the amux executable: run sessions start through its pane
	// launch transport, and scripts see it as AMUX_BIN_PATH.
	AmuxBin string
	// LaunchTmpDir is where pane launch payloads go; empty is os.TempDir().
	LaunchTmpDir string
	// Instance is this process's @amux_instance, tagged on every session it
	// creates.
	Instance string
	// InstallTap installs the status tap on a new run session's pane. It is
	// best effort: a failure is logged and the session hosts without it.
	InstallTap func(ctx context.Context, paneID string) error
	// Environ is the base environment of lifecycle scripts; nil means this
	// process's environment.
	Environ []string
	// OutputCap bounds each captured output file; zero is DefaultOutputCap.
	OutputCap int64
	// Composer reads an agent's composer off its screen (screen rules), for
	// Deliver's confirmation. Nil leaves only the state and queue signs.
	Composer ComposerReader
	// NoShellMarks starts terminal tabs' commands as they are, without the
	// OSC 133 prompt marks amux gives bash, zsh and fish (config
	// status.shell_marks = false).
	NoShellMarks bool
	// Logger receives warn-level lines about degraded paths (unreadable
	// registries, failed archive scripts, recovery). Nil discards them.
	Logger *slog.Logger
}

// Engine runs the workspace lifecycle: create, setup, run sessions, on-done
// hooks, shelve, restore, delete and recovery. It is safe for concurrent use;
// every method may block on git, tmux or a script and so must be called off
// the UI's update loop.
type Engine struct {
	opts  Options
	store *Store
	log   *slog.Logger
	gates gates
	self  owner // this process, as recorded in tombstones, intents and pid files

	// noShellMarks starts from Options.NoShellMarks; SetShellMarks changes
	// it for the tabs opened next (Settings applies it at once).
	noShellMarks atomic.Bool

	mu       sync.Mutex
	localRun map[string]*localRun // the local run slot, one per workspace
	running  map[string]int       // lifecycle scripts running now, by workspace and kind

	commits commitCache // branch commits of the last Review, by workspace
}

// New returns an engine over opts.Home.
func New(opts Options) (*Engine, error) {
	if opts.Home == "" {
		return nil, errors.New("workspace engine: no state home")
	}
	home, err := filepath.Abs(opts.Home)
	if err != nil {
		return nil, err
	}
	opts.Home = home
	if opts.WorktreesDir == "" {
		opts.WorktreesDir = Layout{Home: home}.WorktreesDir()
	}
	if opts.Git == nil {
		opts.Git = git.New(git.Options{})
	}
	if opts.OutputCap <= 0 {
		opts.OutputCap = DefaultOutputCap
	}
	if opts.Environ == nil {
		opts.Environ = os.Environ()
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	e := &Engine{opts: opts, store: NewStore(home), log: log, localRun: map[string]*localRun{}, running: map[string]int{}, self: currentOwner()}
	e.noShellMarks.Store(opts.NoShellMarks)
	return e, nil
}

// SetShellMarks turns the prompt marks of terminal tabs opened from now on
// on or off; tabs already open keep what they started with.
func (e *Engine) SetShellMarks(on bool) { e.noShellMarks.Store(!on) }

// Store returns the engine's record and registry store.
func (e *Engine) Store() *Store { return e.store }

// OutputPath is where a workspace's captured output of one script kind is
// (the local run slot captures under KindRun).
func (e *Engine) OutputPath(id string, kind ScriptKind) string {
	return filepath.Join(e.store.layout.LogsDir(id), string(kind)+".log")
}
