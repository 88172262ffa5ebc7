package app

import (
	"context"
	"log/slog"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/ports"
	"amux.dev/amux/status/events"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// Deps are the app's dependencies, built by Run or by a test.
type Deps struct {
	Config config.Config
	// StartupWarning is what start-up found wrong but started past, shown
	// once as a notice: a malformed config.json (defaults in use), no log
	// file, the port registry's adoption, unloadable screen rules.
	StartupWarning error
	Tmux           *tmux.Client
	// The workspace engine's services, one per job (workspace/services.go):
	// each part of the app reaches only the ones it uses, and a remote
	// host's implementation can stand in for any of them. useEngine sets
	// them all to the local engine.
	Lifecycle workspace.LifecycleService
	Sessions  workspace.SessionService
	Review    workspace.ReviewService
	Trust     workspace.TrustService
	Status    workspace.StatusService
	Views     workspace.ViewStateService // the saved layout: always the local engine's
	// Fleet is the configured remote hosts (app/remote.go; nil: this
	// machine only). A workspace on a host takes that host's services
	// instead of the ones above (router).
	Fleet   hostFleet
	Version string // this amux's version: every host must run the same
	Home    string // the user's home directory, for ~ in pickers
	Cwd     string // where amux was started, for relative paths
	// Now is the app's one clock: every time the app records or compares
	// (attention, last use, first-task waits, health, the timeline's span)
	// is read from it, so a test can move it. nil is time.Now.
	Now       func() time.Time
	Zone      *time.Location // where times are shown; nil is the local zone
	Instance  string         // this process's @amux_instance
	StateHome string
	AmuxBin   string // this binary, for pane launches and AMUX_BIN_PATH
	// ScreenRules matches captured agent screens (nil: activity only).
	ScreenRules monitor.ScreenMatcher
	// Rules are the live screen rules behind ScreenRules: watched for
	// changes while the monitor runs, and their load errors shown by the
	// health check (nil: none).
	Rules *screenrules.Live
	// History is the state history the scan owner appends to and the
	// status dialog and timeline read (nil: none kept).
	History *events.Log
	// OnDone runs a workspace's on-done hook (nil: none).
	OnDone func(ctx context.Context, workspaceID string) error
	// OuterTmux: amux itself runs inside tmux, so desktop notifications go
	// through tmux's passthrough.
	OuterTmux bool
	// LiveTabs caps how many tabs hold a live PTY; others show their last
	// frame and reattach on focus. Zero means defaultLiveTabs.
	LiveTabs int
	// Ports is the port registry (nil in tests): Settings changes what new
	// reservations are minted under.
	Ports *ports.Registry
	// LogPath is amux's log (config/logfile), "" when it could not open.
	LogPath string
	// Log receives the app's own warn-level lines (nil: discarded).
	Log *slog.Logger
	// closeLog closes the log when Run returns.
	closeLog func()
}

// now reads the app's clock (Deps.Now; New fills in time.Now when a test
// left it out).
func (m *Model) now() time.Time { return m.deps.Now() }

// useEngine makes the local engine every service of d (nil leaves them
// unset: no typed nil in an interface).
func (d *Deps) useEngine(e *workspace.Engine) {
	if e == nil {
		return
	}
	d.Lifecycle, d.Sessions, d.Review, d.Trust, d.Status, d.Views = e, e, e, e, e, e
}
