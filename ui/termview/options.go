package termview

import (
	"context"
	"time"
)

// Options tune a Terminal. Zero values pick the defaults.
type Options struct {
	Width, Height int // initial size in cells; default 80×24
	// FrameInterval is the least time between two frames of a focused
	// terminal: match the screen's frame rate. The first output after a
	// quiet spell is published at once; only what follows within the
	// interval is batched. Default 1/240 s, the rate ui/screen caps at.
	FrameInterval time.Duration
	// BackgroundInterval is the same for an unfocused terminal. Default 250 ms.
	BackgroundInterval time.Duration
	// SustainedRate is the frames per second a terminal may average over
	// time, and FrameBurst how many frames it may show beyond that at the
	// full rate (see budget). Each frame makes the program re-render its
	// whole screen; a flood would otherwise keep it doing so at full rate.
	// Typing after a pause is still shown at once. Defaults 12 and 12.
	SustainedRate float64
	FrameBurst    int
	// SyncTimeout caps how long a synchronized update (DEC 2026 or tmux's
	// DCS form) may hold frames back, so a program that never ends one
	// cannot freeze the view. Default 150 ms.
	SyncTimeout time.Duration
	// EmulationShare is the fraction of one core a terminal's emulator may
	// use over time, and EmulationBurst how much it may use at once, before
	// the reader pauses and lets tmux discard a flood (see budget).
	// Defaults 0.2 and 100 ms.
	EmulationShare float64
	EmulationBurst time.Duration
	// HistoryLines caps the lines captured for scrolling back; 0 (the
	// default) captures all the pane's history-limit kept.
	HistoryLines int
	// Capture reads the pane's history for scrolling back (its last lines
	// lines, all of it when lines ≤ 0) where no tmux runner reaches it: a
	// remote tab's, through its host. Nil: capture-pane on the runner.
	Capture func(ctx context.Context, lines int) (string, error)
	// NewEmulator makes the emulator; default NewVTEmulator.
	NewEmulator func(width, height int) Emulator
	// Env is the attach client's base environment; default os.Environ().
	// TMUX is always removed and TERM set to xterm-256color.
	Env []string
}

func (o Options) withDefaults() Options {
	if o.Width <= 0 || o.Height <= 0 {
		o.Width, o.Height = 80, 24
	}
	if o.FrameInterval <= 0 {
		o.FrameInterval = time.Second / 240
	}
	if o.BackgroundInterval <= 0 {
		o.BackgroundInterval = 250 * time.Millisecond
	}
	if o.SustainedRate <= 0 {
		o.SustainedRate = 12
	}
	if o.FrameBurst <= 0 {
		o.FrameBurst = 6
	}
	if o.SyncTimeout <= 0 {
		o.SyncTimeout = 150 * time.Millisecond
	}
	if o.EmulationShare <= 0 || o.EmulationShare > 1 {
		o.EmulationShare = 0.1
	}
	if o.EmulationBurst <= 0 {
		o.EmulationBurst = 50 * time.Millisecond
	}
	if o.NewEmulator == nil {
		o.NewEmulator = NewVTEmulator
	}
	return o
}
