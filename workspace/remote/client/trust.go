package client

import (
	"context"
	"io"
	"slices"

	"amux.dev/amux/workspace"
)

// ProjectEnv reads a project's environment on the host.
func (h *Host) ProjectEnv(ctx context.Context, repo string) (map[string]string, error) {
	return get[map[string]string](ctx, h, "ProjectEnv", repo)
}

// SetProjectEnv writes a project's environment on the host.
func (h *Host) SetProjectEnv(ctx context.Context, repo string, env map[string]string) error {
	return h.do0(ctx, "SetProjectEnv", repo, env)
}

// ProjectScripts reads a project's scripts on the host.
func (h *Host) ProjectScripts(ctx context.Context, repo string) (workspace.ScriptSet, error) {
	return get[workspace.ScriptSet](ctx, h, "ProjectScripts", repo)
}

// SetProjectScripts writes a project's scripts on the host.
func (h *Host) SetProjectScripts(ctx context.Context, repo string, set workspace.ScriptSet) error {
	return h.do0(ctx, "SetProjectScripts", repo, set)
}

// ApproveSetup approves and runs setup on the host, its output streamed to out.
func (h *Host) ApproveSetup(ctx context.Context, id string, sc workspace.Script, out io.Writer) (workspace.ScriptResult, error) {
	var r workspace.ScriptResult
	err := h.do(ctx, &call{output: out}, &r, "ApproveSetup", id, sc)
	return r, err
}

// ApproveRun approves and starts the run script on the host.
func (h *Host) ApproveRun(ctx context.Context, id string, sc workspace.Script) (workspace.RunSession, error) {
	return get[workspace.RunSession](ctx, h, "ApproveRun", id, sc)
}

// ArchiveToApprove answers from the pushed records.
func (h *Host) ArchiveToApprove(id string) (*workspace.UntrustedError, error) {
	r, ok := h.State().record(id)
	if !ok || r.Archive == nil {
		return nil, nil
	}
	err := r.Archive.Decode()
	if ue, ok := err.(*workspace.UntrustedError); ok {
		return ue, nil
	}
	return nil, err
}

// ApproveArchive approves the archive script on the host.
func (h *Host) ApproveArchive(ctx context.Context, id string, sc workspace.Script) error {
	return h.do0(ctx, "ApproveArchive", id, sc)
}

// ApproveScripts approves every script awaiting approval.
func (h *Host) ApproveScripts(ctx context.Context, id string) (bool, error) {
	return get[bool](ctx, h, "ApproveScripts", id)
}

// RevokeApprovals drops a project's approvals on the host.
func (h *Host) RevokeApprovals(ctx context.Context, id string) (int, error) {
	return get[int](ctx, h, "RevokeApprovals", id)
}

// RunOnDone starts the on-done hook on the host; the channel gets its
// result when the host sends it (and is never filled if the connection
// drops first, as a local hook's is not if amux quits).
func (h *Host) RunOnDone(ctx context.Context, id string) (<-chan workspace.ScriptResult, error) {
	c, err := h.live()
	if err != nil {
		return nil, err
	}
	ch := make(chan workspace.ScriptResult, 1)
	cl := &call{}
	var started bool
	// The result arrives under the request's ID: register it before the
	// reply can.
	cl.later = ch
	if err := c.request(ctx, cl, &started, "RunOnDone", id); err != nil || !started {
		c.forgetLater(cl)
		return nil, err
	}
	return ch, nil
}

// ScriptRunning answers from the pushed records.
func (h *Host) ScriptRunning(id string, kind workspace.ScriptKind) bool {
	r, _ := h.State().record(id)
	return slices.Contains(r.Running, kind)
}

// Output reads a script's output on the host. Path names a file there, so
// it is left empty: a viewer asks again.
func (h *Host) Output(ctx context.Context, id string, kind workspace.ScriptKind, maxBytes int) (workspace.ScriptOutput, error) {
	o, err := get[workspace.ScriptOutput](ctx, h, "Output", id, kind, maxBytes)
	o.Path = ""
	return o, err
}

// Status reads a workspace's status on the host.
func (h *Host) Status(ctx context.Context, id string, inFlight []string) (workspace.Status, error) {
	return get[workspace.Status](ctx, h, "Status", id, inFlight)
}

// Dirty reports whether the workspace's tree is dirty.
func (h *Host) Dirty(ctx context.Context, id string) (bool, error) {
	return get[bool](ctx, h, "Dirty", id)
}

// ReleaseOrphans releases orphaned port reservations on the host.
func (h *Host) ReleaseOrphans(ctx context.Context, confirmed int, inFlight []string) (int, error) {
	return get[int](ctx, h, "ReleaseOrphans", confirmed, inFlight)
}

// Watch watches a workspace's tree on the host: the host pushes each
// coalesced change. The watch ends with the connection (one last signal,
// so its reader asks again and hears the host is unreachable).
func (h *Host) Watch(ctx context.Context, id string) (workspace.ChangeWatch, error) {
	return h.watch(ctx, "Watch", id)
}

// WatchMain watches the project's main checkout on the host.
func (h *Host) WatchMain(ctx context.Context, id string) (workspace.ChangeWatch, error) {
	return h.watch(ctx, "WatchMain", id)
}

func (h *Host) watch(ctx context.Context, op, id string) (workspace.ChangeWatch, error) {
	c, err := h.live()
	if err != nil {
		return nil, err
	}
	var wid uint64
	if err := c.request(ctx, &call{}, &wid, op, id); err != nil {
		return nil, err
	}
	w := newChangeWatch()
	w.close = func() {
		c.mu.Lock()
		delete(c.watches, wid)
		c.mu.Unlock()
		go func() {
			ctx, cancel := unwatchContext()
			defer cancel()
			_ = c.request(ctx, &call{}, nil, "Unwatch", wid)
		}()
	}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		w.signal()
		return w, nil
	}
	c.watches[wid] = w
	c.mu.Unlock()
	return w, nil
}
