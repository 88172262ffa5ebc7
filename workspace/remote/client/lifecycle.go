package client

import (
	"context"

	"amux.dev/amux/git"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/proto"
)

// Host implements every workspace service a remote host provides (not
// ViewStateService: the saved layout is this machine's).
var (
	_ workspace.LifecycleService = (*Host)(nil)
	_ workspace.SessionService   = (*Host)(nil)
	_ workspace.ReviewService    = (*Host)(nil)
	_ workspace.TrustService     = (*Host)(nil)
	_ workspace.StatusService    = (*Host)(nil)
)

// Projects lists the host's projects.
func (h *Host) Projects(ctx context.Context) ([]workspace.Project, error) {
	return get[[]workspace.Project](ctx, h, "Projects")
}

// Workspaces lists the host's records.
func (h *Host) Workspaces(ctx context.Context) ([]workspace.Record, error) {
	return get[[]workspace.Record](ctx, h, "Workspaces")
}

// AddProject adds a project by its path on the host.
func (h *Host) AddProject(ctx context.Context, path string) (workspace.Project, error) {
	return get[workspace.Project](ctx, h, "AddProject", path)
}

// RefreshProjects checks the host's projects again.
func (h *Host) RefreshProjects(ctx context.Context) ([]workspace.ProjectState, error) {
	st, err := get[[]proto.ProjectState](ctx, h, "RefreshProjects")
	return proto.DecodeProjectStates(st), err
}

// RemoveProject unregisters a project on the host.
func (h *Host) RemoveProject(ctx context.Context, repo string, deleteWorkspaces bool, opts workspace.DeleteOptions) (workspace.RemoveProjectResult, error) {
	var r proto.RemoveProjectResult
	err := h.do(ctx, &call{observe: opts.Observe}, &r, "RemoveProject", repo, deleteWorkspaces, proto.FromDeleteOptions(opts))
	return r.Decode(), err
}

// MainWorkspace returns (making it if needed) a project's main checkout record.
func (h *Host) MainWorkspace(ctx context.Context, repo string) (workspace.Record, error) {
	return get[workspace.Record](ctx, h, "MainWorkspace", repo)
}

// ForgetMain drops a main checkout's record.
func (h *Host) ForgetMain(ctx context.Context, id string) error {
	_, err := get[struct{}](ctx, h, "ForgetMain", id)
	return err
}

// RenameWorkspace renames a workspace (and its branch).
func (h *Host) RenameWorkspace(ctx context.Context, id, name string, renameBranch bool) (workspace.Record, error) {
	return get[workspace.Record](ctx, h, "RenameWorkspace", id, name, renameBranch)
}

// CheckCreate validates a create before it starts.
func (h *Host) CheckCreate(ctx context.Context, req workspace.CreateRequest) (string, error) {
	return get[string](ctx, h, "CheckCreate", proto.FromCreateRequest(req))
}

// KeptBranch says what an existing branch of the name holds.
func (h *Host) KeptBranch(ctx context.Context, req workspace.CreateRequest) (workspace.KeptBranch, error) {
	return get[workspace.KeptBranch](ctx, h, "KeptBranch", proto.FromCreateRequest(req))
}

// Create makes a workspace on the host; its steps and setup output reach
// req.Observe and req.Output here, in order, before it returns.
func (h *Host) Create(ctx context.Context, req workspace.CreateRequest) (workspace.CreateResult, error) {
	var r proto.CreateResult
	err := h.do(ctx, &call{observe: req.Observe, output: req.Output}, &r, "Create", proto.FromCreateRequest(req))
	return r.Decode(), err
}

// AtRisk is what a teardown of id would lose.
func (h *Host) AtRisk(ctx context.Context, id string) (git.AtRisk, error) {
	return get[git.AtRisk](ctx, h, "AtRisk", id)
}

// Delete deletes a workspace on the host.
func (h *Host) Delete(ctx context.Context, id string, opts workspace.DeleteOptions) (workspace.TeardownResult, error) {
	return h.teardown(ctx, "Delete", id, opts)
}

// Shelve shelves a workspace on the host.
func (h *Host) Shelve(ctx context.Context, id string, opts workspace.DeleteOptions) (workspace.TeardownResult, error) {
	return h.teardown(ctx, "Shelve", id, opts)
}

func (h *Host) teardown(ctx context.Context, op, id string, opts workspace.DeleteOptions) (workspace.TeardownResult, error) {
	var r proto.TeardownResult
	err := h.do(ctx, &call{observe: opts.Observe}, &r, op, id, proto.FromDeleteOptions(opts))
	return r.Decode(), err
}

// UnfinishedTeardown answers from the pushed records.
func (h *Host) UnfinishedTeardown(id string) (string, workspace.CleanupState) {
	r, _ := h.State().record(id)
	return r.TeardownOp, r.Cleanup
}

// Restore restores a shelved workspace on the host.
func (h *Host) Restore(ctx context.Context, id string, opts workspace.RestoreOptions) (workspace.CreateResult, error) {
	var r proto.CreateResult
	err := h.do(ctx, &call{observe: opts.Observe, output: opts.Output}, &r, "Restore", id, proto.RestoreOptions{SkipSetup: opts.SkipSetup})
	return r.Decode(), err
}

// Recover finishes what a crash on the host interrupted.
func (h *Host) Recover(ctx context.Context, opts workspace.RecoverOptions) (workspace.RecoveryReport, error) {
	var r proto.RecoveryReport
	err := h.do(ctx, &call{observe: opts.Observe}, &r, "Recover")
	return r.Decode(), err
}
