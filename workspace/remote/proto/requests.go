package proto

import "amux.dev/amux/workspace"

// The engine's requests that hold the caller's sinks (an Observer, an
// io.Writer) travel without them: the host puts its own in their place,
// which stream steps (TypeStep) and output (TypeOutput, when the request
// says Out) back, and the client feeds them to the caller's sinks.

// CreateRequest is workspace.CreateRequest without its sinks.
type CreateRequest struct {
	Repo, Name, Base, Assistant string
	SkipSetup                   bool
	Branch                      workspace.BranchChoice
}

// FromCreateRequest drops r's sinks.
func FromCreateRequest(r workspace.CreateRequest) CreateRequest {
	return CreateRequest{Repo: r.Repo, Name: r.Name, Base: r.Base, Assistant: r.Assistant, SkipSetup: r.SkipSetup, Branch: r.Branch}
}

// Engine returns the request for the host's engine.
func (r CreateRequest) Engine() workspace.CreateRequest {
	return workspace.CreateRequest{Repo: r.Repo, Name: r.Name, Base: r.Base, Assistant: r.Assistant, SkipSetup: r.SkipSetup, Branch: r.Branch}
}

// DeleteOptions is workspace.DeleteOptions without its Observer.
type DeleteOptions struct {
	KeepBranch, SkipArchive bool
	Dirty                   workspace.DirtyChoice
}

// FromDeleteOptions drops o's Observer.
func FromDeleteOptions(o workspace.DeleteOptions) DeleteOptions {
	return DeleteOptions{KeepBranch: o.KeepBranch, SkipArchive: o.SkipArchive, Dirty: o.Dirty}
}

// Engine returns the options for the host's engine.
func (o DeleteOptions) Engine() workspace.DeleteOptions {
	return workspace.DeleteOptions{KeepBranch: o.KeepBranch, SkipArchive: o.SkipArchive, Dirty: o.Dirty}
}

// RestoreOptions is workspace.RestoreOptions without its sinks.
type RestoreOptions struct {
	SkipSetup bool
}
