package workspace

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"amux.dev/amux/config/procid"
	"amux.dev/amux/git"
)

// helperOp is the child process of the kill-at-every-step tests: it runs
// HELPER_OP (create, shelve, restore, setup) and, after step HELPER_STEP of that
// op completes, writes HELPER_MARK and hangs until the parent SIGKILLs it.
// With no step, it hangs where a script it runs writes the mark itself.
func helperOp(ctx context.Context, home string) error {
	op, pauseAt, mark := os.Getenv("HELPER_OP"), os.Getenv("HELPER_STEP"), os.Getenv("HELPER_MARK")
	e, err := New(Options{Home: home, Git: git.New(git.Options{}), Environ: gitEnv()})
	if err != nil {
		return err
	}
	obs := Observer(func(o, step, _ string) {
		if o == op && step == pauseAt {
			_ = os.WriteFile(mark, []byte(step), 0o600)
			for {
				time.Sleep(time.Hour) // wait for SIGKILL
			}
		}
	})
	id := os.Getenv("HELPER_ID")
	switch op {
	case "create":
		_, err = e.Create(ctx, CreateRequest{Repo: os.Getenv("HELPER_REPO"), Name: os.Getenv("HELPER_NAME"), Observe: obs})
	case "shelve":
		_, err = e.Shelve(ctx, id, DeleteOptions{Observe: obs})
	case "restore":
		_, err = e.Restore(ctx, id, RestoreOptions{SkipSetup: true, Observe: obs})
	case "setup":
		_, err = e.RunSetup(ctx, id)
	case "ondone-then-shelve":
		// The hook first, so the shelve's drain has it to wait for.
		if _, err = e.RunOnDone(ctx, id); err == nil {
			waitForFile(os.Getenv("HELPER_HOOK_READY"))
			_, err = e.Shelve(ctx, id, DeleteOptions{Observe: obs})
		}
	default:
		err = fmt.Errorf("unknown op %q", op)
	}
	if err == nil {
		err = errors.New(op + " finished; the test wanted it killed")
	}
	return err
}

// waitForFile polls for path (in a helper, which has no testing.T).
func waitForFile(path string) {
	for !exists(path) {
		time.Sleep(5 * time.Millisecond)
	}
}

// killHelperAt runs helperOp with env, waits until it has written mark
// (or until ready reports true) and SIGKILLs it, as a crash would.
func killHelperAt(t *testing.T, mark string, ready func() bool, env ...string) {
	t.Helper()
	cmd := helperCmd(t, "op", append(env, "HELPER_MARK="+mark)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	if ready == nil {
		ready = func() bool { return exists(mark) }
	}
	waitFor(t, 60*time.Second, "helper to reach its kill point", func() bool {
		select {
		case err := <-exited:
			t.Fatalf("helper exited before its kill point: %v\n%s", err, stderr.String())
		default:
		}
		return ready()
	})
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-exited
}

// restart is the next start of amux: a fresh engine over the same home,
// running recovery.
func restart(t *testing.T, e *Engine) (*Engine, RecoveryReport) {
	t.Helper()
	e2, err := New(e.opts)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := e2.Recover(context.Background(), RecoverOptions{})
	if err != nil {
		t.Fatalf("recover: %+v %v", rep, err)
	}
	return e2, rep
}

// worktreeList is git's own list of the repo's worktrees.
func worktreeList(t *testing.T, repo string) string {
	return runGit(t, repo, "worktree", "list", "--porcelain")
}

// A create killed after any of its steps is, after the next start, either
// fully there (the record was written) or gone without a trace: no
// worktree, no branch it made, no metadata — and creating the same name
// again owns its branch, so a later delete removes it.
func TestKilledCreateIsUndoneOrKept(t *testing.T) {
	cases := []struct {
		name, step   string
		setup        string // setup-workspace of the project
		branchBefore bool   // the branch exists before the create
		kept         bool   // the workspace survives (else rolled back)
	}{
		{name: "after-intent", step: StepIntent},
		{name: "after-worktree-add", step: StepWorktree},
		{name: "after-intent-update", step: StepIntentUpdated},
		{name: "after-worktree-add-of-existing-branch", step: StepWorktree, branchBefore: true},
		{name: "after-record", step: StepRecord, kept: true},
		// The setup's shell dies with amux; the sleep it started is left
		// for the next start to kill.
		{name: "during-setup", setup: `sleep 300 & echo $! > "$MARKS/setup.pid"; touch "$MARKS/paused"; wait`, kept: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			repo := newRepo(t, nil)
			marks := t.TempDir()
			e := newEngine(t, func(o *Options) { o.Environ = append(gitEnv(), "MARKS="+marks) })
			if c.branchBefore {
				runGit(t, repo, "branch", "feat")
			}
			if c.setup != "" {
				if err := e.Store().SetProjectScripts(ctx, repo, ScriptSet{Setup: []string{c.setup}}); err != nil {
					t.Fatal(err)
				}
			}
			root := filepath.Join(e.opts.WorktreesDir, "app", "feat")
			id := MintID(repo, root)
			killHelperAt(t, filepath.Join(marks, "paused"), nil, "MARKS="+marks,
				"HELPER_OP=create", "HELPER_STEP="+c.step, "HELPER_REPO="+repo, "HELPER_NAME=feat")

			if c.setup != "" && !alive(readPID(t, filepath.Join(marks, "setup.pid"))) {
				t.Fatal("the setup's child died with amux; this case wants one left for the next start")
			}
			e2, rep := restart(t, e)
			if c.kept {
				rec, err := e2.Store().Load(id)
				if err != nil || !exists(filepath.Join(root, "README")) || !branchExists(t, repo, "feat") || !rec.CreatedBranch {
					t.Fatalf("the created workspace did not survive intact: %+v %v", rec, err)
				}
				if len(rep.RolledBack) != 0 || exists(e.Store().Layout().CreatingFile(id)) {
					t.Fatalf("a create that wrote its record was rolled back or kept its intent: %+v", rep)
				}
				if c.setup != "" {
					if !slices.Contains(rep.Reaped, ReapedProcess{Workspace: id, Name: "feat", Script: KindSetup}) {
						t.Fatalf("the interrupted setup was not reported as reaped: %+v", rep.Reaped)
					}
					if alive(readPID(t, filepath.Join(marks, "setup.pid"))) {
						t.Fatal("the setup script outlived its amux and the next start")
					}
				}
				return
			}
			if !slices.Equal(rep.RolledBack, []string{id}) {
				t.Fatalf("report %+v, want %s rolled back", rep, id)
			}
			if exists(root) || exists(e.Store().Layout().WorkspaceDir(id)) || contains(worktreeList(t, repo), root) {
				t.Fatal("the rolled-back create left its worktree or metadata")
			}
			if branchExists(t, repo, "feat") != c.branchBefore {
				t.Fatalf("branch exists = %v after rollback, want %v (only what the create made goes)", !c.branchBefore, c.branchBefore)
			}
			res, err := e2.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
			if err != nil || res.Workspace.CreatedBranch == c.branchBefore {
				t.Fatalf("re-create: %+v %v (created_branch must say whether this create made it)", res.Workspace, err)
			}
		})
	}
}

// A restore killed after any step comes back sane: cut off before its
// intent records a finished worktree add, it is undone and the workspace is
// still shelved (and restores); cut off after, it is finished.
func TestKilledRestoreComesBackSane(t *testing.T) {
	cases := []struct {
		step     string
		restored bool
	}{
		{StepIntent, false},
		{StepWorktree, false}, // the intent does not say the add finished yet: undone

		{StepIntentUpdated, true},
		{StepRecord, true}, // flag cleared, intent not yet removed
	}
	for _, c := range cases {
		t.Run(c.step, func(t *testing.T) {
			ctx := context.Background()
			repo := newRepo(t, nil)
			marks := t.TempDir()
			e := newEngine(t, nil)
			res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "parked", SkipSetup: true})
			if err != nil {
				t.Fatal(err)
			}
			ws := res.Workspace
			if _, err := e.Shelve(ctx, ws.ID, DeleteOptions{}); err != nil {
				t.Fatal(err)
			}
			killHelperAt(t, filepath.Join(marks, "paused"), nil, "HELPER_OP=restore", "HELPER_STEP="+c.step, "HELPER_ID="+ws.ID)

			e2, rep := restart(t, e)
			rec, err := e2.Store().Load(ws.ID)
			if err != nil || exists(e.Store().Layout().RestoringFile(ws.ID)) || !branchExists(t, repo, "parked") {
				t.Fatalf("after recovery: %+v %v (want the record and branch, no intent)", rec, err)
			}
			if c.restored {
				if !slices.Equal(rep.Restored, []string{ws.ID}) || rec.Shelved || !exists(filepath.Join(ws.Root, "README")) {
					t.Fatalf("want restored: %+v %+v", rep, rec)
				}
				return
			}
			if !slices.Equal(rep.Unrestored, []string{ws.ID}) || !rec.Shelved || exists(ws.Root) || contains(worktreeList(t, repo), ws.Root) {
				t.Fatalf("want still shelved, no worktree: %+v %+v", rep, rec)
			}
			if _, err := e2.Restore(ctx, ws.ID, RestoreOptions{SkipSetup: true}); err != nil || !exists(filepath.Join(ws.Root, "README")) {
				t.Fatalf("restore again: %v", err)
			}
		})
	}
}

// A `worktree add` killed part-way leaves git's own "initializing" lock on
// a half-checked-out worktree, which git will neither remove nor prune.
// Recovery of the create that started it still removes all of it.
func TestRecoveryUndoesAHalfMadeLockedWorktree(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, map[string]string{"a": "1", "b/c": "2"})
	e := newEngine(t, nil)
	root := filepath.Join(e.opts.WorktreesDir, "app", "feat")
	id := MintID(repo, root)
	if err := e.Store().writeMarker(ctx, id, e.Store().Layout().CreatingFile(id),
		intent{Owner: owner{PID: 1 << 30}, Name: "feat", Repo: repo, Root: root, Branch: "feat", Base: "main"}); err != nil {
		t.Fatal(err)
	}
	runGit(t, repo, "worktree", "add", "-q", "-b", "feat", root, "main")
	runGit(t, repo, "worktree", "lock", "--reason", "initializing", root)
	if err := os.RemoveAll(filepath.Join(root, "b")); err != nil { // the checkout never got there
		t.Fatal(err)
	}
	_, rep := restart(t, e)
	if !slices.Equal(rep.RolledBack, []string{id}) || exists(root) || branchExists(t, repo, "feat") || contains(worktreeList(t, repo), root) {
		t.Fatalf("half-made worktree survives: %+v\n%s", rep, worktreeList(t, repo))
	}
}

// A create killed in the middle of the checkout of a large repository: git
// dies with amux (and removes what it registered), but the checkout child
// it started goes on writing the tree for a while. The next start waits for
// it before undoing the create, so nothing is left and nothing can
// reappear.
func TestKilledDuringTheCheckoutOfALargeRepository(t *testing.T) {
	if procid.BootID() == "" {
		t.Skip("needs /proc to see what works inside the tree")
	}
	files := map[string]string{}
	for i := range 2000 {
		files[fmt.Sprintf("d%d/f%d", i%40, i)] = fmt.Sprintf("%0200d\n", i)
	}
	repo := newRepo(t, files)
	e := newEngine(t, nil)
	root := filepath.Join(e.opts.WorktreesDir, "app", "feat")
	id := MintID(repo, root)
	killHelperAt(t, filepath.Join(t.TempDir(), "unused"), func() bool { return exists(filepath.Join(root, ".git")) },
		"HELPER_OP=create", "HELPER_REPO="+repo, "HELPER_NAME=feat")

	_, rep := restart(t, e)
	if !slices.Equal(rep.RolledBack, []string{id}) {
		t.Fatalf("report %+v, want the create rolled back", rep)
	}
	if busy := procid.InDir(realPath(root)); len(busy) != 0 {
		t.Fatalf("processes %v still work in the removed tree", busy)
	}
	if exists(root) || branchExists(t, repo, "feat") || contains(worktreeList(t, repo), root) || exists(e.Store().Layout().WorkspaceDir(id)) {
		t.Fatalf("the killed create left a worktree, branch or metadata:\n%s", worktreeList(t, repo))
	}
}
