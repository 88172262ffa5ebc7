package workspace

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"amux.dev/amux/git"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// helperDelete is the child process of the crash test: it deletes
// HELPER_ID and, after step HELPER_STEP completes, writes HELPER_MARK and
// hangs until the parent SIGKILLs it.
func helperDelete(ctx context.Context, home string) error {
	pauseAt, mark := os.Getenv("HELPER_STEP"), os.Getenv("HELPER_MARK")
	e, err := New(Options{
		Home: home,
		Git:  git.New(git.Options{}),
		Tmux: tmux.New(tmux.ResolveServer(os.Getenv)),
	})
	if err != nil {
		return err
	}
	obs := Observer(func(op, step, _ string) {
		if op == "delete" && step == pauseAt {
			_ = os.WriteFile(mark, []byte(step), 0o600)
			for {
				time.Sleep(time.Hour) // wait for SIGKILL (select{} would trip the deadlock detector)
			}
		}
	})
	_, err = e.Delete(ctx, os.Getenv("HELPER_ID"), DeleteOptions{Observe: obs})
	if err == nil {
		err = errors.New("delete finished; the test wanted it killed")
	}
	return err
}

// TestKilledDeleteIsFinishedByRecovery SIGKILLs a real amux-side process
// after each teardown step of a delete and shows that startup recovery
// finishes the job, while another workspace of the same repo (record,
// worktree, branch, run session) loses nothing.
func TestKilledDeleteIsFinishedByRecovery(t *testing.T) {
	cases := []struct {
		step string
		want CleanupState
	}{
		{StepTombstone, CleanupInterrupted},
		{StepDrain, CleanupInterrupted},
		{StepKillRuns, CleanupInterrupted},
		{StepArchive, CleanupInterrupted},
		{StepRemoveWorktree, CleanupPending},
	}
	for _, c := range cases {
		t.Run(c.step, func(t *testing.T) {
			ctx := context.Background()
			srv := tmuxtest.New(t)
			repo := newRepo(t, nil)
			marks := t.TempDir()
			opts := func(o *Options) { o.Tmux, o.AmuxBin = srv.Client, os.Args[0] }
			e := newEngine(t, opts)
			var ids [2]string
			for i, name := range []string{"doomed", "keeper"} {
				res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: name, SkipSetup: true})
				if err != nil {
					t.Fatal(err)
				}
				ids[i] = res.Workspace.ID
				if _, err := e.Store().SetScripts(ctx, ids[i], ScriptSet{
					Run:     "exec sleep 300",
					Archive: `echo "$AMUX_WORKSPACE_NAME" >> ` + filepath.Join(marks, "archived"),
				}); err != nil {
					t.Fatal(err)
				}
				if _, err := e.StartRun(ctx, ids[i]); err != nil {
					t.Fatal(err)
				}
			}
			doomed, keeper := ids[0], ids[1]
			keeperRec, _ := e.Store().Load(keeper)
			keeperBytes := readFile(t, e.Store().Layout().RecordFile(keeper))

			mark := filepath.Join(marks, "paused")
			cmd := helperCmd(t, "delete", append(srv.Env(),
				"HELPER_ID="+doomed, "HELPER_STEP="+c.step, "HELPER_MARK="+mark)...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			waitFor(t, 30*time.Second, "helper to pause at "+c.step, func() bool {
				select {
				case err := <-exited:
					t.Fatalf("helper exited before pausing: %v\n%s", err, stderr.String())
				default:
				}
				return exists(mark)
			})
			if err := cmd.Process.Kill(); err != nil {
				t.Fatal(err)
			}
			<-exited

			if got := e.CleanupStatus(doomed); got != c.want {
				t.Fatalf("status after kill at %s = %q, want %q", c.step, got, c.want)
			}
			if c.want == CleanupInterrupted {
				// Interrupted means usable: lifecycle work is still admitted.
				if _, err := e.RunSetup(ctx, doomed); err != nil {
					t.Fatalf("interrupted workspace not usable: %v", err)
				}
			}

			// A fresh engine is the next amux start.
			e2, err := New(e.opts)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := e2.Recover(ctx, RecoverOptions{})
			if err != nil || !slices.Equal(rep.Finished, []string{doomed}) {
				t.Fatalf("recover: %+v %v", rep, err)
			}
			doomedRoot := filepath.Join(e.opts.WorktreesDir, "app", "doomed")
			if exists(doomedRoot) || branchExists(t, repo, "doomed") || exists(e.Store().Layout().WorkspaceDir(doomed)) {
				t.Fatal("recovery left the doomed workspace's tree, branch or metadata")
			}
			if runs, _ := e2.RunSessions(ctx, doomed); len(runs) != 0 {
				t.Fatalf("doomed run sessions survive: %+v", runs)
			}
			if e2.CleanupStatus(doomed) != CleanupNone {
				t.Fatal("tombstone survives recovery")
			}
			// Nothing lost from the other workspace.
			if readFile(t, e.Store().Layout().RecordFile(keeper)) != keeperBytes {
				t.Fatal("keeper's record changed")
			}
			if !exists(keeperRec.Root) || !branchExists(t, repo, "keeper") {
				t.Fatal("keeper's worktree or branch lost")
			}
			if runs, _ := e2.RunSessions(ctx, keeper); len(runs) != 1 {
				t.Fatalf("keeper's run session lost: %+v", runs)
			}
			if got := readFile(t, filepath.Join(marks, "archived")); !contains(got, "doomed") || contains(got, "keeper") {
				t.Fatalf("archive runs: %q", got)
			}
			list, _ := e2.Store().List()
			if len(list) != 1 || list[0].ID != keeper {
				t.Fatalf("records after recovery: %+v", list)
			}
		})
	}
}
