package workspace

import (
	"context"
	"fmt"
	"io"
	"strings"

	"amux.dev/amux/tmux"
)

// ScriptResult is the outcome of one lifecycle script run.
type ScriptResult struct {
	Script   Script
	Ran      bool   // false when no source defines the kind
	Failed   int    // index of the command that failed; -1 when none did
	ExitCode int    // of the last command run
	Output   string // the captured output file
	// Provisioned says, per entry of the repository's worktree file list,
	// what setup's first step did (copied, linked, skipped and why).
	Provisioned []string
}

// ResolveScript finds a workspace's script of one kind (for
// KindWorktreeFiles: the repository's worktree file list, as approval
// lines). Sources are
// consulted in order — the repo's .amux/scripts.json in the workspace root,
// the record's scripts, project-scripts.json — and the first that defines
// the kind wins. ok is false when none does. A repo file that exists but
// cannot be read or parsed is an error; an unreadable project-scripts.json
// degrades to "not defined" (logged).
func (e *Engine) ResolveScript(rec Record, kind ScriptKind) (sc Script, ok bool, err error) {
	if kind == KindWorktreeFiles {
		// Only the repository lists worktree files; its list is trust-gated
		// like its scripts.
		w, err := readWorktreeFiles(rec.Root)
		if err != nil {
			return Script{}, false, err
		}
		if cmds := w.commands(); len(cmds) > 0 {
			return newScript(kind, SourceRepo, cmds), true, nil
		}
		return Script{}, false, nil
	}
	repo, err := readRepoScripts(rec.Root)
	if err != nil {
		return Script{}, false, err
	}
	if cmds := repo.Commands(kind); len(cmds) > 0 {
		return newScript(kind, SourceRepo, cmds), true, nil
	}
	if cmds := rec.Scripts.Commands(kind); len(cmds) > 0 {
		return newScript(kind, SourceWorkspace, cmds), true, nil
	}
	proj, err := e.store.ProjectScripts(rec.Repo)
	if err != nil {
		e.log.Warn("project scripts unavailable", "repo", rec.Repo, "err", err)
	}
	if cmds := proj.Commands(kind); len(cmds) > 0 {
		return newScript(kind, SourceProject, cmds), true, nil
	}
	return Script{}, false, nil
}

// trustedScript resolves a script and applies the trust gate: a repo script
// whose exact content the user has not approved is an *UntrustedError.
func (e *Engine) trustedScript(rec Record, kind ScriptKind) (Script, bool, error) {
	sc, ok, err := e.ResolveScript(rec, kind)
	if err != nil || !ok {
		return sc, ok, err
	}
	if !e.store.IsTrusted(rec.Repo, sc) {
		return sc, true, &UntrustedError{Repo: rec.Repo, Script: sc}
	}
	return sc, true, nil
}

// usable loads a record that lifecycle work may run against: present and
// not shelved. An interrupted delete (tombstone, worktree still there) is
// usable by contract until recovery finishes it; the gate, not the
// tombstone, is what stops starts during a live teardown.
func (e *Engine) usable(id string) (Record, error) {
	rec, err := e.store.Load(id)
	if err != nil {
		return Record{}, err
	}
	if rec.Shelved {
		return Record{}, fmt.Errorf("%w: %s", ErrShelved, id)
	}
	return rec, nil
}

// RunSetup runs the workspace's setup-workspace sequence in its root and
// waits for it. First it copies and links what the repository's
// .amux/worktree.json lists from the main checkout (once approved: an
// unapproved list is an *UntrustedError and setup does not run, since it
// may need those files). Commands run in order; the first failure stops
// the sequence and is returned with the result. A teardown cancels it. No
// script defined is success with Ran false.
func (e *Engine) RunSetup(ctx context.Context, id string) (ScriptResult, error) {
	return e.runSetup(ctx, id, nil)
}

// runSetup is RunSetup with the output also copied to copyTo (nil: none).
func (e *Engine) runSetup(ctx context.Context, id string, copyTo io.Writer) (ScriptResult, error) {
	rec, err := e.usable(id)
	if err != nil {
		return ScriptResult{}, err
	}
	wctx, done, err := e.gates.admit(ctx, id)
	if err != nil {
		return ScriptResult{Failed: -1}, err
	}
	defer done()
	sc, ok, err := e.trustedScript(rec, KindSetup)
	if err != nil {
		return ScriptResult{Script: sc, Failed: -1}, err
	}
	notes, err := e.provisionWorktree(rec)
	if err != nil || !ok {
		return ScriptResult{Script: sc, Failed: -1, Provisioned: notes}, err
	}
	res, err := e.runScript(wctx, rec, sc, copyTo, notes...)
	res.Provisioned = notes
	return res, err
}

// RunOnDone starts the workspace's on-done hook, detached: it returns once
// the hook is admitted, and the channel delivers the result when it ends.
// The app calls it on an agent's working→done edge. The hook outlives ctx
// (it is not the caller's work to cancel) but not a teardown.
func (e *Engine) RunOnDone(ctx context.Context, id string) (<-chan ScriptResult, error) {
	rec, err := e.usable(id)
	if err != nil {
		return nil, err
	}
	wctx, done, err := e.gates.admit(context.WithoutCancel(ctx), id)
	if err != nil {
		return nil, err
	}
	sc, ok, err := e.trustedScript(rec, KindOnDone)
	if err != nil {
		done()
		return nil, err
	}
	ch := make(chan ScriptResult, 1)
	if !ok {
		done()
		ch <- ScriptResult{Failed: -1}
		return ch, nil
	}
	go func() {
		defer done()
		res, err := e.runScript(wctx, rec, sc, nil)
		if err != nil {
			e.log.Warn("on-done hook failed", "workspace", id, "err", err)
		}
		ch <- res
	}()
	return ch, nil
}

// runScript runs every command of sc in the workspace root with the
// workspace environment, capturing output to the kind's bounded file.
func (e *Engine) runScript(ctx context.Context, rec Record, sc Script, copyTo io.Writer, preamble ...string) (ScriptResult, error) {
	id := rec.WorkspaceID()
	res := ScriptResult{Script: sc, Ran: true, Failed: -1, Output: e.OutputPath(id, sc.Kind)}
	extra, err := e.extraEnv(ctx, rec, sc.Kind)
	if err != nil {
		return res, err
	}
	out, err := createCapped(res.Output, e.opts.OutputCap)
	if err != nil {
		return res, err
	}
	defer out.Close()
	sink := scriptSink(out, copyTo)
	for _, line := range preamble {
		fmt.Fprintf(sink, "[amux: %s]\n", line)
	}
	env := tmux.MergeEnv(e.opts.Environ, extra)
	for i, cmd := range sc.Commands {
		fmt.Fprintf(sink, "$ %s\n", strings.ReplaceAll(cmd, "\n", "\n> "))
		mark := newMark()
		code, err := runShell(ctx, shellSpec{Dir: rec.Root, Env: append(env, markEnv+"="+mark), Command: cmd, Out: sink,
			Track: func(pgid int) func() { return e.trackProc(pgid, mark, id, sc.Kind) }})
		res.ExitCode = code
		if err != nil {
			res.Failed = i
			fmt.Fprintf(sink, "[amux: %s stopped at command %d: %v]\n", sc.Kind, i+1, err)
			return res, fmt.Errorf("%s command %d of %d failed (exit %d): %w", sc.Kind, i+1, len(sc.Commands), code, err)
		}
	}
	fmt.Fprintf(sink, "[amux: %s finished]\n", sc.Kind)
	return res, nil
}

// localRun is the local run slot: the run script as a local process, for
// when it should not be hosted in tmux.
type localRun struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// StartLocalRun starts the run script as a local process in the workspace's
// run slot, replacing one already running there. Output goes to
// OutputPath(id, KindRun). It returns once the process has started.
func (e *Engine) StartLocalRun(ctx context.Context, id string) error {
	rec, err := e.usable(id)
	if err != nil {
		return err
	}
	// Admission covers the start only: once the process sits in the slot, a
	// teardown kills it at the run-session step, not the drain step.
	_, done, err := e.gates.admit(ctx, id)
	if err != nil {
		return err
	}
	defer done()
	sc, ok, err := e.trustedScript(rec, KindRun)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("workspace %s defines no run script", id)
	}
	e.StopLocalRun(id)
	rctx, cancel := context.WithCancel(context.Background())
	lr := &localRun{cancel: cancel, done: make(chan struct{})}
	e.mu.Lock()
	e.localRun[id] = lr
	e.mu.Unlock()
	go func() {
		defer close(lr.done)
		defer cancel()
		if _, err := e.runScript(rctx, rec, sc, nil); err != nil && rctx.Err() == nil {
			e.log.Warn("local run script ended with an error", "workspace", id, "err", err)
		}
		e.mu.Lock()
		if e.localRun[id] == lr {
			delete(e.localRun, id)
		}
		e.mu.Unlock()
	}()
	return nil
}

// StopLocalRun kills the local run slot's process group and waits for it.
func (e *Engine) StopLocalRun(id string) {
	e.mu.Lock()
	lr := e.localRun[id]
	delete(e.localRun, id)
	e.mu.Unlock()
	if lr != nil {
		lr.cancel()
		<-lr.done
	}
}

// LocalRunActive reports whether the local run slot holds a live process.
func (e *Engine) LocalRunActive(id string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.localRun[id] != nil
}
