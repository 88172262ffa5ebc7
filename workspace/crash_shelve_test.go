package workspace

import (
	"context"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"amux.dev/amux/config/procid"
)

// A shelve killed after any step is finished by the next start: the record
// says shelved, the worktree is gone, the branch and the record stay, and
// the workspace restores. Before the restart the status dialog tells the
// truth about it.
func TestKilledShelveIsFinished(t *testing.T) {
	cases := []struct {
		step string
		want CleanupState
	}{
		{StepTombstone, CleanupInterrupted},
		{StepDrain, CleanupInterrupted},
		{StepKillRuns, CleanupInterrupted},
		{StepArchive, CleanupInterrupted},
		{StepRemoveWorktree, CleanupPending},
		{StepRemoveRecord, CleanupPending}, // marked shelved, tombstone not yet removed
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
			id := res.Workspace.ID
			if _, err := e.Store().SetScripts(ctx, id, ScriptSet{Archive: "echo archived >> " + filepath.Join(marks, "archived")}); err != nil {
				t.Fatal(err)
			}
			killHelperAt(t, filepath.Join(marks, "paused"), nil, "HELPER_OP=shelve", "HELPER_STEP="+c.step, "HELPER_ID="+id)
			if op, st := e.UnfinishedTeardown(id); op != OpShelve || st != c.want {
				t.Fatalf("status after kill = %s %q, want shelve %q", op, st, c.want)
			}

			e2, rep := restart(t, e)
			if !slices.Equal(rep.Shelved, []string{id}) {
				t.Fatalf("report %+v, want %s shelved", rep, id)
			}
			rec, err := e2.Store().Load(id)
			if err != nil || !rec.Shelved || exists(rec.Root) || !branchExists(t, repo, "parked") {
				t.Fatalf("after recovery: %+v %v (want shelved, no worktree, branch kept)", rec, err)
			}
			if _, st := e2.UnfinishedTeardown(id); st != CleanupNone || contains(worktreeList(t, repo), rec.Root) {
				t.Fatal("tombstone or stale worktree record survives recovery")
			}
			if !exists(filepath.Join(marks, "archived")) {
				t.Fatal("archive never ran")
			}
			if _, err := e2.Restore(ctx, id, RestoreOptions{SkipSetup: true}); err != nil || !exists(filepath.Join(rec.Root, "README")) {
				t.Fatalf("restore after a recovered shelve: %v", err)
			}
		})
	}
}

// A delete killed while removing its metadata directory (renamed aside in
// one step, then removed file by file) leaves only the renamed directory:
// no listing ever sees it, and the next start sweeps it.
func TestKilledRecordRemovalIsSwept(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	if _, err := e.Delete(ctx, id, DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	trash := filepath.Join(e.Store().Layout().WorkspacesDir(), trashPrefix+id+"-crash")
	mustWrite(t, filepath.Join(trash, "workspace.json"), "{}")
	mustWrite(t, filepath.Join(trash, ".deleting"), "1\n")
	if list, err := e.Store().List(); err != nil || len(list) != 0 {
		t.Fatalf("a half-removed directory is listed: %+v %v", list, err)
	}
	e2, _ := restart(t, e)
	if exists(trash) {
		t.Fatal("the next start left the half-removed metadata")
	}
	if list, _ := e2.Store().List(); len(list) != 0 {
		t.Fatalf("records after recovery: %+v", list)
	}
}

// Another amux sharing the state home may be in the middle of a create or
// a shelve: a start's recovery leaves its intent and tombstone alone.
func TestRecoveryLeavesAnotherLiveAmuxsWorkAlone(t *testing.T) {
	if currentOwner().Token == "" {
		t.Skip("needs /proc to tell processes apart")
	}
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	other := exec.Command("sleep", "300") // stands in for the other amux
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Process.Kill(); other.Wait() })
	busy := owner{PID: other.Process.Pid, Token: procid.Token(other.Process.Pid)}

	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "parked", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	shelving := e.Store().Layout().ShelvingFile(res.Workspace.ID)
	if err := e.Store().writeMarker(ctx, res.Workspace.ID, shelving, tombstone{Owner: busy}); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(e.opts.WorktreesDir, "app", "fresh")
	creating := MintID(repo, root)
	runGit(t, repo, "worktree", "add", "-q", "-b", "fresh", root, "main")
	if err := e.Store().writeMarker(ctx, creating, e.Store().Layout().CreatingFile(creating),
		intent{Owner: busy, Name: "fresh", Repo: repo, Root: root, Branch: "fresh", Base: "main"}); err != nil {
		t.Fatal(err)
	}

	_, rep := restart(t, e)
	slices.Sort(rep.Busy)
	want := []string{creating, res.Workspace.ID}
	slices.Sort(want)
	if !slices.Equal(rep.Busy, want) || len(rep.Shelved)+len(rep.RolledBack) != 0 {
		t.Fatalf("report %+v, want both left to their owner", rep)
	}
	if !exists(res.Workspace.Root) || !exists(root) || !branchExists(t, repo, "fresh") || !exists(shelving) {
		t.Fatal("recovery touched another amux's work in progress")
	}
}

// amux is killed while a shelve's drain waits on an on-done hook that
// ignores SIGTERM: the hook dies with amux, what it started dies at the next
// start, and the shelve is finished.
func TestKilledDuringTheDrainOfAHookIgnoringSigterm(t *testing.T) {
	if procid.BootID() == "" {
		t.Skip("needs /proc and a parent-death signal (Linux)")
	}
	ctx := context.Background()
	repo := newRepo(t, nil)
	marks := t.TempDir()
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "parked", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	m := func(name string) string { return filepath.Join(marks, name) }
	// Both the hook and its child ignore SIGTERM; the hook notes it got one.
	hook := `trap '' TERM; sleep 300 & echo $! > ` + m("child") + `; trap 'touch ` + m("got-term") + `' TERM; echo $$ > ` + m("hook") +
		`; touch ` + m("ready") + `; while :; do wait; done`
	if _, err := e.Store().SetScripts(ctx, id, ScriptSet{OnDone: hook}); err != nil {
		t.Fatal(err)
	}
	killHelperAt(t, m("got-term"), nil, "HELPER_OP=ondone-then-shelve", "HELPER_ID="+id, "HELPER_HOOK_READY="+m("ready"))
	hookPID, child := readPID(t, m("hook")), readPID(t, m("child"))
	waitFor(t, 10*time.Second, "the hook to die with its amux", func() bool { return !alive(hookPID) })
	if !alive(child) {
		t.Fatal("the story needs the hook's child left for the next start")
	}

	e2, rep := restart(t, e)
	if alive(child) || !slices.Equal(rep.Shelved, []string{id}) {
		t.Fatalf("after the next start: child alive=%v, report %+v", alive(child), rep)
	}
	if rec, err := e2.Store().Load(id); err != nil || !rec.Shelved || exists(rec.Root) {
		t.Fatalf("the shelve was not finished: %+v %v", rec, err)
	}
}
