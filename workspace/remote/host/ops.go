package host

import (
	"context"
	"encoding/json"

	"amux.dev/amux/git/udiff"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/proto"
)

// Ops are the operations a host serves: the service methods that take a
// context (the reads without one are answered from pushed state), by their
// method names, and Unwatch. The client's test holds both lists together.
func Ops() []string {
	names := make([]string, 0, 64)
	for name := range opsFor(nil) {
		names = append(names, name)
	}
	return names
}

// opsFor is the operation table over e: one line an operation, the
// engine's own method where its arguments and results are plain data, a
// closure where they hold errors or sinks.
func opsFor(e *workspace.Engine) map[string]handler {
	return map[string]handler{
		// LifecycleService.
		"Projects":        r0(e.Projects),
		"Workspaces":      r0(e.Workspaces),
		"AddProject":      r1(e.AddProject),
		"RefreshProjects": refreshProjects(e),
		"RemoveProject":   removeProject(e),
		"MainWorkspace":   r1(e.MainWorkspace),
		"ForgetMain":      e1(e.ForgetMain),
		"RenameWorkspace": r3(e.RenameWorkspace),
		"CheckCreate": r1(func(ctx context.Context, r proto.CreateRequest) (string, error) {
			return e.CheckCreate(ctx, r.Engine())
		}),
		"KeptBranch": r1(func(ctx context.Context, r proto.CreateRequest) (workspace.KeptBranch, error) {
			return e.KeptBranch(ctx, r.Engine())
		}),
		"Create":  create(e),
		"AtRisk":  r1(e.AtRisk),
		"Delete":  teardown(e.Delete),
		"Shelve":  teardown(e.Shelve),
		"Restore": restore(e),
		"Recover": recoverOp(e),

		// SessionService.
		"Sessions":         r0(e.Sessions),
		"OpenSession":      r1(e.OpenSession),
		"RelaunchSession":  e2(e.RelaunchSession),
		"ResumeTab":        r1(e.ResumeTab),
		"StartRun":         r1(e.StartRun),
		"SessionAlive":     r1(e.SessionAlive),
		"SessionOwnership": r2(e.SessionOwnership),
		"CloseSession":     e1(e.CloseSession),
		"SendInterrupt":    e1(e.SendInterrupt),
		"CaptureHistory": r2(func(ctx context.Context, session string, lines int) (string, error) {
			out, err := e.CaptureHistory(ctx, session, lines)
			return proto.LastBytes(out, proto.MaxHistory), err
		}),
		"RefreshLabels": e2(e.RefreshLabels),
		"RepairTap":     e1(e.RepairTap),
		"SaveTabs":      e2(e.SaveTabs),
		"Deliver":       r1(e.Deliver),
		"SetShellMarks": e1(func(_ context.Context, on bool) error {
			e.SetShellMarks(on)
			return nil
		}),

		// ReviewService.
		"Review": r1(e.Review),
		"Diff":   r2(e.Diff),
		"Stage":  e3(e.Stage),
		"StageHunk": func(ctx context.Context, _ *conn, m proto.Message) (any, error) {
			var a struct {
				ID      string
				File    udiff.File
				Hunk    int
				Unstage bool
			}
			if err := json.Unmarshal(m.Args[0], &a); err != nil {
				return nil, err
			}
			return nil, e.StageHunk(ctx, a.ID, a.File, a.Hunk, a.Unstage)
		},
		"Commit":      r2(e.Commit),
		"LastMessage": r1(e.LastMessage),
		"PreviewMerge": r1(func(ctx context.Context, id string) (proto.MergePreview, error) {
			p, text, err := e.PreviewMerge(ctx, id)
			return proto.MergePreview{Preview: p, Text: text}, err
		}),
		"Merge":           e1(e.Merge),
		"Rebase":          e1(e.Rebase),
		"AbortLanding":    e1(e.AbortLanding),
		"MarkResolved":    e2(e.MarkResolved),
		"ContinueLanding": r1(e.ContinueLanding),
		"SkipRebase":      e1(e.SkipRebase),

		// TrustService.
		"ProjectEnv":        r1(e.ProjectEnv),
		"SetProjectEnv":     e2(e.SetProjectEnv),
		"ProjectScripts":    r1(e.ProjectScripts),
		"SetProjectScripts": e2(e.SetProjectScripts),
		"ApproveSetup":      approveSetup(e),
		"ApproveRun":        r2(e.ApproveRun),
		"ApproveArchive":    e2(e.ApproveArchive),
		"ApproveScripts":    r1(e.ApproveScripts),
		"RevokeApprovals":   r1(e.RevokeApprovals),
		"RunOnDone":         runOnDone(e),
		"Output": r3(func(ctx context.Context, id string, kind workspace.ScriptKind, max int) (workspace.ScriptOutput, error) {
			return e.Output(ctx, id, kind, max)
		}),

		// StatusService.
		"Status":         r2(e.Status),
		"Dirty":          r1(e.Dirty),
		"ReleaseOrphans": r2(e.ReleaseOrphans),
		"Watch":          watch(e.Watch),
		"WatchMain":      watch(e.WatchMain),
		"Unwatch": func(_ context.Context, c *conn, m proto.Message) (any, error) {
			id, err := arg[uint64](m, 0)
			if err == nil {
				c.unwatch(id)
			}
			return nil, err
		},
	}
}

func refreshProjects(e *workspace.Engine) handler {
	return func(ctx context.Context, _ *conn, _ proto.Message) (any, error) {
		st, err := e.RefreshProjects(ctx)
		return proto.FromProjectStates(st), err
	}
}

func removeProject(e *workspace.Engine) handler {
	return func(ctx context.Context, c *conn, m proto.Message) (any, error) {
		repo, err := arg[string](m, 0)
		if err != nil {
			return nil, err
		}
		all, err := arg[bool](m, 1)
		if err != nil {
			return nil, err
		}
		o, err := arg[proto.DeleteOptions](m, 2)
		if err != nil {
			return nil, err
		}
		opts := o.Engine()
		opts.Observe = c.observer(m.ID)
		res, err := e.RemoveProject(ctx, repo, all, opts)
		return proto.FromRemoveProject(res), err
	}
}

func create(e *workspace.Engine) handler {
	return func(ctx context.Context, c *conn, m proto.Message) (any, error) {
		r, err := arg[proto.CreateRequest](m, 0)
		if err != nil {
			return nil, err
		}
		req := r.Engine()
		req.Observe, req.Output = c.observer(m.ID), c.output(m)
		res, err := e.Create(ctx, req)
		return proto.FromCreate(res), err
	}
}

func teardown(f func(context.Context, string, workspace.DeleteOptions) (workspace.TeardownResult, error)) handler {
	return func(ctx context.Context, c *conn, m proto.Message) (any, error) {
		id, err := arg[string](m, 0)
		if err != nil {
			return nil, err
		}
		o, err := arg[proto.DeleteOptions](m, 1)
		if err != nil {
			return nil, err
		}
		opts := o.Engine()
		opts.Observe = c.observer(m.ID)
		res, err := f(ctx, id, opts)
		return proto.FromTeardown(res), err
	}
}

func restore(e *workspace.Engine) handler {
	return func(ctx context.Context, c *conn, m proto.Message) (any, error) {
		id, err := arg[string](m, 0)
		if err != nil {
			return nil, err
		}
		o, err := arg[proto.RestoreOptions](m, 1)
		if err != nil {
			return nil, err
		}
		res, err := e.Restore(ctx, id, workspace.RestoreOptions{SkipSetup: o.SkipSetup,
			Output: c.output(m), Observe: c.observer(m.ID)})
		return proto.FromCreate(res), err
	}
}

func recoverOp(e *workspace.Engine) handler {
	return func(ctx context.Context, c *conn, m proto.Message) (any, error) {
		rep, err := e.Recover(ctx, workspace.RecoverOptions{Observe: c.observer(m.ID)})
		return proto.FromRecovery(rep), err
	}
}

func approveSetup(e *workspace.Engine) handler {
	return func(ctx context.Context, c *conn, m proto.Message) (any, error) {
		id, err := arg[string](m, 0)
		if err != nil {
			return nil, err
		}
		sc, err := arg[workspace.Script](m, 1)
		if err != nil {
			return nil, err
		}
		return e.ApproveSetup(ctx, id, sc, c.output(m))
	}
}

// runOnDone answers at once whether the hook started; its result comes
// later, as a TypeLater message of the same request ID. The hook runs on
// the connection's context, not the request's, which ends with the reply.
func runOnDone(e *workspace.Engine) handler {
	return func(_ context.Context, c *conn, m proto.Message) (any, error) {
		id, err := arg[string](m, 0)
		if err != nil {
			return nil, err
		}
		ch, err := e.RunOnDone(c.ctx, id)
		if err != nil || ch == nil {
			return false, err
		}
		go func() {
			select {
			case r := <-ch:
				b, _ := json.Marshal(r)
				_ = c.out.Write(proto.Message{Type: proto.TypeLater, ID: m.ID, Result: b})
			case <-c.ctx.Done():
			}
		}()
		return true, nil
	}
}

func watch(f func(context.Context, string) (workspace.ChangeWatch, error)) handler {
	return func(_ context.Context, c *conn, m proto.Message) (any, error) {
		id, err := arg[string](m, 0)
		if err != nil {
			return nil, err
		}
		w, err := f(c.ctx, id)
		if err != nil {
			return nil, err
		}
		return c.watch(w), nil
	}
}
