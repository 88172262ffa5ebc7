package workspace

import (
	"context"
	"io"
)

// teeKey marks the context value WithScriptOutput sets.
type teeKey struct{}

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
