package app

import (
	"context"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// Deps are the app's dependencies, built by Run or by a test.
type Deps struct {
	Config        config.Config
	ConfigWarning error // malformed config: defaults in use, shown once
	Tmux          *tmux.Client
	Engine        *workspace.Engine
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
