package workspace

import (
	"context"
	"io"
)

// Context keys of the per-call observers below.
type (
	teeKey  struct{}
	stepKey struct{}
)

// WithStepObserver returns a context under which a Create, Delete, Shelve,
// Restore or recovery reports each step to fn as it completes (op is
// "create", "delete", "shelve", "restore" or "recover"; step one of the
// Step* names; id the workspace's), so a progress view can follow the
// teardown of this one call and crash tests can stop at any step.
func WithStepObserver(ctx context.Context, fn func(op, step, id string)) context.Context {
	return context.WithValue(ctx, stepKey{}, fn)
}

// WithScriptOutput returns a context under which lifecycle scripts started
// by this call (setup on Create, Restore or RunSetup) also copy their output
// to w as it is printed — how the create dialog shows the live tail without
// polling the output file. w must tolerate being written from another
// goroutine; the bounded output file is written either way.
func WithScriptOutput(ctx context.Context, w io.Writer) context.Context {
	return context.WithValue(ctx, teeKey{}, w)
}

// scriptSink is where a script's output goes: the capped file, and the
// caller's writer when the context carries one.
func scriptSink(ctx context.Context, file io.Writer) io.Writer {
	if w, ok := ctx.Value(teeKey{}).(io.Writer); ok && w != nil {
		return io.MultiWriter(file, w)
	}
	return file
}
