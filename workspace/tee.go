package workspace

import "io"

// Observer is told about each step of one Create, Delete, Shelve, Restore
// or Recover call as it completes: op is "create", "delete", "shelve",
// "restore" or "recover", step one of the Step* names, id the workspace's.
// A progress view follows one call with it; crash tests stop at a step. It
// travels as a field of the call's request, never in the context. It is the
// caller's sink, so it stays on the caller's side: a remote host sends each
// step as a progress message and the caller's side calls the Observer with
// it, in order, before the call's result arrives.
type Observer func(op, step, id string)

// step reports a finished step; a nil Observer ignores it.
func (o Observer) step(op, name, id string) {
	if o != nil {
		o(op, name, id)
	}
}

// scriptSink is where a script's output goes: the capped file, and the
// caller's copy (a request's Output) when there is one. The copy must
// tolerate being written from another goroutine.
func scriptSink(file, copyTo io.Writer) io.Writer {
	if copyTo != nil {
		return io.MultiWriter(file, copyTo)
	}
	return file
}
