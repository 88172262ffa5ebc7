package proto

import (
	"amux.dev/amux/git"
	"amux.dev/amux/workspace"
)

// The engine's results that hold errors travel in these forms: an error
// interface has no fields JSON could carry, so each becomes an *Error and
// is rebuilt by the client (From… on the host, To… on the client).

// CreateResult is workspace.CreateResult on the wire.
type CreateResult struct {
	Workspace workspace.Record
	Setup     workspace.ScriptResult
	SetupErr  *Error
}

// FromCreate encodes r.
func FromCreate(r workspace.CreateResult) CreateResult {
	return CreateResult{Workspace: r.Workspace, Setup: r.Setup, SetupErr: EncodeError(r.SetupErr)}
}

// Decode rebuilds the result.
func (r CreateResult) Decode() workspace.CreateResult {
	return workspace.CreateResult{Workspace: r.Workspace, Setup: r.Setup, SetupErr: r.SetupErr.Decode()}
}

// TeardownResult is workspace.TeardownResult on the wire.
type TeardownResult struct {
	Archive        workspace.ScriptResult
	ArchiveErr     *Error
	ArchiveSkipped *Error
	BranchKept     bool
	Work           string
}

// FromTeardown encodes r.
func FromTeardown(r workspace.TeardownResult) TeardownResult {
	return TeardownResult{Archive: r.Archive, ArchiveErr: EncodeError(r.ArchiveErr),
		ArchiveSkipped: EncodeError(r.ArchiveSkipped), BranchKept: r.BranchKept, Work: r.Work}
}

// Decode rebuilds the result.
func (r TeardownResult) Decode() workspace.TeardownResult {
	return workspace.TeardownResult{Archive: r.Archive, ArchiveErr: r.ArchiveErr.Decode(),
		ArchiveSkipped: r.ArchiveSkipped.Decode(), BranchKept: r.BranchKept, Work: Clean(r.Work)}
}

// ProjectState is workspace.ProjectState on the wire.
type ProjectState struct {
	Project  workspace.Project
	Err      *Error
	Imported []workspace.Record
	Refused  []workspace.RefusedWorktree
}

// FromProjectStates encodes a refresh.
func FromProjectStates(in []workspace.ProjectState) []ProjectState {
	out := make([]ProjectState, len(in))
	for i, p := range in {
		out[i] = ProjectState{Project: p.Project, Err: EncodeError(p.Err), Imported: p.Imported, Refused: p.Refused}
	}
	return out
}

// DecodeProjectStates rebuilds a refresh.
func DecodeProjectStates(in []ProjectState) []workspace.ProjectState {
	out := make([]workspace.ProjectState, len(in))
	for i, p := range in {
		out[i] = workspace.ProjectState{Project: p.Project, Err: p.Err.Decode(), Imported: p.Imported, Refused: p.Refused}
	}
	return out
}

// RemoveProjectResult is workspace.RemoveProjectResult on the wire.
type RemoveProjectResult struct {
	Kept    int
	Deleted []string
	Failed  map[string]*Error
}

// FromRemoveProject encodes r.
func FromRemoveProject(r workspace.RemoveProjectResult) RemoveProjectResult {
	return RemoveProjectResult{Kept: r.Kept, Deleted: r.Deleted, Failed: encodeMap(r.Failed)}
}

// Decode rebuilds the result.
func (r RemoveProjectResult) Decode() workspace.RemoveProjectResult {
	return workspace.RemoveProjectResult{Kept: r.Kept, Deleted: r.Deleted, Failed: decodeMap(r.Failed)}
}

// RecoveryReport is workspace.RecoveryReport on the wire.
type RecoveryReport struct {
	Finished, Shelved, RolledBack, Restored, Unrestored, Busy []string
	Reaped                                                    []workspace.ReapedProcess
	Failed                                                    map[string]*Error
}

// FromRecovery encodes r.
func FromRecovery(r workspace.RecoveryReport) RecoveryReport {
	return RecoveryReport{Finished: r.Finished, Shelved: r.Shelved, RolledBack: r.RolledBack, Restored: r.Restored,
		Unrestored: r.Unrestored, Busy: r.Busy, Reaped: r.Reaped, Failed: encodeMap(r.Failed)}
}

// Decode rebuilds the report.
func (r RecoveryReport) Decode() workspace.RecoveryReport {
	return workspace.RecoveryReport{Finished: r.Finished, Shelved: r.Shelved, RolledBack: r.RolledBack, Restored: r.Restored,
		Unrestored: r.Unrestored, Busy: r.Busy, Reaped: r.Reaped, Failed: decodeMap(r.Failed)}
}

func encodeMap(m map[string]error) map[string]*Error {
	if m == nil {
		return nil
	}
	out := make(map[string]*Error, len(m))
	for k, v := range m {
		out[k] = EncodeError(v)
	}
	return out
}

func decodeMap(m map[string]*Error) map[string]error {
	if m == nil {
		return nil
	}
	out := make(map[string]error, len(m))
	for k, v := range m {
		out[k] = v.Decode()
	}
	return out
}

// MergePreview is PreviewMerge's two results.
type MergePreview struct {
	Preview git.MergePreview
	Text    string
}
