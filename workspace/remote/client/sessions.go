package client

import (
	"context"
	"errors"

	"amux.dev/amux/git"
	"amux.dev/amux/git/udiff"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/proto"
)

// do0 is a request whose only result is its error.
func (h *Host) do0(ctx context.Context, op string, args ...any) error {
	return h.do(ctx, &call{}, nil, op, args...)
}

// Sessions lists the host's tmux sessions, validated like pushed ones.
func (h *Host) Sessions(ctx context.Context) ([]tmux.SessionInfo, error) {
	list, err := get[[]tmux.SessionInfo](ctx, h, "Sessions")
	out := list[:0]
	for _, s := range list {
		if c, ok := proto.CleanSession(proto.Session{SessionInfo: s}); ok {
			out = append(out, c.SessionInfo)
		}
	}
	return out, err
}

// OpenSession creates a tab's session on the host's tmux server.
func (h *Host) OpenSession(ctx context.Context, req workspace.SessionRequest) (workspace.Session, error) {
	return get[workspace.Session](ctx, h, "OpenSession", req)
}

// RelaunchSession runs a new command in an existing session's pane.
func (h *Host) RelaunchSession(ctx context.Context, session string, req workspace.SessionRequest) error {
	return h.do0(ctx, "RelaunchSession", session, req)
}

// ResumeTab reopens a recorded tab.
func (h *Host) ResumeTab(ctx context.Context, req workspace.ResumeRequest) (string, error) {
	return get[string](ctx, h, "ResumeTab", req)
}

// StartRun hosts the run script in a session on the host.
func (h *Host) StartRun(ctx context.Context, id string) (workspace.RunSession, error) {
	return get[workspace.RunSession](ctx, h, "StartRun", id)
}

// SessionAlive reports whether a session exists on the host.
func (h *Host) SessionAlive(ctx context.Context, session string) (bool, error) {
	return get[bool](ctx, h, "SessionAlive", session)
}

// SessionOwnership says whose a session on the host is.
func (h *Host) SessionOwnership(ctx context.Context, session, wsID string) (tmux.Ownership, error) {
	return get[tmux.Ownership](ctx, h, "SessionOwnership", session, wsID)
}

// CaptureHistory reads a session's history on the host for the pager. The
// text is outside input: the pager keeps only its text and styles.
func (h *Host) CaptureHistory(ctx context.Context, session string, lines int) (string, error) {
	if !proto.ValidSessionName(session) {
		return "", errors.New("not a session name: " + proto.Clean(session))
	}
	out, err := get[string](ctx, h, "CaptureHistory", session, lines)
	return proto.LastBytes(out, proto.MaxHistory), err
}

// CloseSession kills a session on the host.
func (h *Host) CloseSession(ctx context.Context, session string) error {
	return h.do0(ctx, "CloseSession", session)
}

// SendInterrupt sends Ctrl-C to a session's pane.
func (h *Host) SendInterrupt(ctx context.Context, session string) error {
	return h.do0(ctx, "SendInterrupt", session)
}

// RefreshLabels rewrites a session's display tags.
func (h *Host) RefreshLabels(ctx context.Context, id, session string) error {
	return h.do0(ctx, "RefreshLabels", id, session)
}

// RepairTap reinstalls a session's status tap.
func (h *Host) RepairTap(ctx context.Context, session string) error {
	return h.do0(ctx, "RepairTap", session)
}

// SaveTabs records a workspace's open tabs on the host.
func (h *Host) SaveTabs(ctx context.Context, id string, tabs []workspace.Tab) error {
	return h.do0(ctx, "SaveTabs", id, tabs)
}

// Deliver hands text to an agent on the host.
func (h *Host) Deliver(ctx context.Context, req workspace.DeliverRequest) (workspace.Delivery, error) {
	d, err := get[workspace.Delivery](ctx, h, "Deliver", req)
	d.Note, d.By = proto.Clean(d.Note), proto.Clean(d.By)
	return d, err
}

// SetShellMarks is sent on without waiting (a setting, not a read).
func (h *Host) SetShellMarks(on bool) {
	go func() {
		ctx, cancel := unwatchContext()
		defer cancel()
		_ = h.do0(ctx, "SetShellMarks", on)
	}()
}

// Review reads a workspace's changes on the host.
func (h *Host) Review(ctx context.Context, id string) (workspace.Review, error) {
	return get[workspace.Review](ctx, h, "Review", id)
}

// Diff reads one of a workspace's diffs on the host.
func (h *Host) Diff(ctx context.Context, id string, req workspace.DiffRequest) ([]udiff.File, error) {
	return get[[]udiff.File](ctx, h, "Diff", id, req)
}

// Stage stages or unstages a path.
func (h *Host) Stage(ctx context.Context, id, path string, unstage bool) error {
	return h.do0(ctx, "Stage", id, path, unstage)
}

// StageHunk stages or unstages one hunk of f.
func (h *Host) StageHunk(ctx context.Context, id string, f udiff.File, i int, unstage bool) error {
	return h.do0(ctx, "StageHunk", struct {
		ID      string
		File    udiff.File
		Hunk    int
		Unstage bool
	}{id, f, i, unstage})
}

// Commit commits what is staged.
func (h *Host) Commit(ctx context.Context, id string, req git.CommitRequest) (string, error) {
	return get[string](ctx, h, "Commit", id, req)
}

// LastMessage is the tip commit's message.
func (h *Host) LastMessage(ctx context.Context, id string) (string, error) {
	return get[string](ctx, h, "LastMessage", id)
}

// PreviewMerge dry-runs the merge on the host.
func (h *Host) PreviewMerge(ctx context.Context, id string) (git.MergePreview, string, error) {
	p, err := get[proto.MergePreview](ctx, h, "PreviewMerge", id)
	return p.Preview, p.Text, err
}

// Merge merges the branch into its base on the host.
func (h *Host) Merge(ctx context.Context, id string) error { return h.do0(ctx, "Merge", id) }

// Rebase rebases the branch onto its base on the host.
func (h *Host) Rebase(ctx context.Context, id string) error { return h.do0(ctx, "Rebase", id) }

// AbortLanding aborts a stopped merge or rebase.
func (h *Host) AbortLanding(ctx context.Context, id string) error {
	return h.do0(ctx, "AbortLanding", id)
}

// MarkResolved marks a conflicted path resolved.
func (h *Host) MarkResolved(ctx context.Context, id, path string) error {
	return h.do0(ctx, "MarkResolved", id, path)
}

// ContinueLanding finishes a stopped merge or rebase.
func (h *Host) ContinueLanding(ctx context.Context, id string) (string, error) {
	return get[string](ctx, h, "ContinueLanding", id)
}

// SkipRebase skips the commit a rebase stopped on.
func (h *Host) SkipRebase(ctx context.Context, id string) error {
	return h.do0(ctx, "SkipRebase", id)
}
