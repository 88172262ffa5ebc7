package workspace

import (
	"context"
	"fmt"
	"strings"
	"time"

	"amux.dev/amux/tmux"
)

// markRunning notes that a lifecycle script of kind runs for id until the
// returned function is called.
func (e *Engine) markRunning(id string, kind ScriptKind) (done func()) {
	key := id + "\x00" + string(kind)
	e.mu.Lock()
	e.running[key]++
	e.mu.Unlock()
	return func() {
		e.mu.Lock()
		if e.running[key]--; e.running[key] <= 0 {
			delete(e.running, key)
		}
		e.mu.Unlock()
	}
}

// ScriptRunning reports whether this engine is running a lifecycle script
// of kind for the workspace right now: a viewer tailing its output keeps
// following while it is, and settles to the transcript once it is not.
// The local run slot counts as KindRun.
func (e *Engine) ScriptRunning(id string, kind ScriptKind) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.running[id+"\x00"+string(kind)] > 0
}

// ScriptOutput is what a workspace's script of one kind printed, and
// whether it is still printing.
type ScriptOutput struct {
	Text string // the newest maxBytes of it
	// Live is true while the script runs: a viewer follows Path (or asks
	// again, for a hosted run) until it is false.
	Live bool
	// Path is the captured output file; empty when Text came from a hosted
	// run session's pane.
	Path string
	// Session names the hosted run session Text was captured from.
	Session string
}

// runCaptureTimeout bounds reading a hosted run session's pane.
const runCaptureTimeout = 5 * time.Second

// Output returns the output of a workspace's script of kind. For KindRun
// it is the newest hosted run session's pane when one exists — the run
// prints there, not into a file — and the local run slot's file otherwise.
func (e *Engine) Output(ctx context.Context, id string, kind ScriptKind, maxBytes int) (ScriptOutput, error) {
	if kind == KindRun && e.opts.Tmux != nil {
		if out, ok, err := e.runSessionOutput(ctx, id, maxBytes); ok || err != nil {
			return out, err
		}
	}
	path := e.OutputPath(id, kind)
	b, err := ReadTail(path, maxBytes)
	live := e.ScriptRunning(id, kind)
	return ScriptOutput{Text: string(b), Live: live, Path: path}, err
}

// runSessionOutput captures the newest hosted run session of id; ok is
// false when there is none.
func (e *Engine) runSessionOutput(ctx context.Context, id string, maxBytes int) (ScriptOutput, bool, error) {
	ctx, cancel := context.WithTimeout(ctx, runCaptureTimeout)
	defer cancel()
	runs, err := e.RunSessions(ctx, id)
	if err != nil || len(runs) == 0 {
		return ScriptOutput{}, false, err
	}
	newest := runs[0]
	for _, r := range runs[1:] {
		if r.CreatedAt > newest.CreatedAt || (r.CreatedAt == newest.CreatedAt && r.Name > newest.Name) {
			newest = r
		}
	}
	target := newest.ID + ":"
	text, err := tmux.CaptureHistory(ctx, e.opts.Tmux, target, false)
	if err != nil {
		return ScriptOutput{}, true, fmt.Errorf("run session %s: %w", newest.Name, err)
	}
	text = strings.TrimRight(text, "\n") + "\n"
	if len(text) > maxBytes {
		text = text[len(text)-maxBytes:]
	}
	dead, err := e.opts.Tmux.Run(ctx, "display-message", "-p", "-t", target, "#{pane_dead}")
	live := err == nil && strings.TrimSpace(dead) == "0"
	return ScriptOutput{Text: text, Live: live, Session: newest.Name}, true, nil
}
