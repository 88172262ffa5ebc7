package workspace

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux/tmuxtest"
)

// ApproveRun approves exactly the run script shown and starts it; a script
// changed since it was shown does not start, and asks about the new one.
func TestApproveRunStartsWhatWasShownOnly(t *testing.T) {
	ctx := context.Background()
	srv := tmuxtest.New(t)
	repo := newRepo(t, map[string]string{RepoScriptsFile: `{"run": "echo first; exec sleep 600"}`})
	e := newEngine(t, func(o *Options) { o.Tmux, o.AmuxBin = srv.Client, os.Args[0] })
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "web"})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	_, err = e.StartRun(ctx, id)
	var ue *UntrustedError
	if !errors.As(err, &ue) || ue.Script.Kind != KindRun {
		t.Fatalf("an unapproved run started, or says %v", err)
	}
	if _, err := e.ApproveRun(ctx, id, Script{Kind: KindSetup, Hash: "x"}); err == nil {
		t.Fatal("ApproveRun took a setup script")
	}

	// Edited after it was shown: the shown content is what is approved.
	mustWrite(t, filepath.Join(res.Workspace.Root, RepoScriptsFile), `{"run": "echo second; exec sleep 600"}`)
	_, err = e.ApproveRun(ctx, id, ue.Script)
	var again *UntrustedError
	if !errors.As(err, &again) || !strings.Contains(strings.Join(again.Script.Commands, ""), "second") {
		t.Fatalf("a changed run script started on an old approval: %v", err)
	}
	rs, err := e.ApproveRun(ctx, id, again.Script)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, 10*time.Second, "the approved run's output", func() bool {
		out, err := e.Output(ctx, id, KindRun, 64<<10)
		return err == nil && out.Session == rs.Name && strings.Contains(out.Text, "second")
	})
}

// A delete that stops after its tombstone says so in the log at warn
// level, and the recovery that finishes it logs what it found and did.
func TestInterruptedDeleteAndItsRecoveryAreLogged(t *testing.T) {
	ctx := context.Background()
	var log bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&log, nil))
	repo := newRepo(t, nil)
	e := newEngine(t, func(o *Options) { o.Logger = logger })
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "doomed"})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	// A directory where git's worktree metadata is expected makes the
	// removal fail after the tombstone (root ignores permissions).
	gitDir := strings.TrimSpace(runGit(t, res.Workspace.Root, "rev-parse", "--git-dir"))
	if err := os.Remove(filepath.Join(gitDir, "gitdir")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(gitDir, "gitdir"), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Delete(ctx, id, DeleteOptions{}); err == nil {
		t.Fatal("the delete finished; the test wanted it interrupted")
	}
	if !strings.Contains(log.String(), `level=WARN msg="workspace delete interrupted`) || !strings.Contains(log.String(), "workspace="+id) {
		t.Fatalf("no warn line for the interrupted delete:\n%s", log.String())
	}
	os.Remove(filepath.Join(gitDir, "gitdir"))
	os.WriteFile(filepath.Join(gitDir, "gitdir"), []byte(filepath.Join(res.Workspace.Root, ".git")+"\n"), 0o644)

	log.Reset()
	rep, err := e.Recover(ctx, RecoverOptions{})
	if err != nil || len(rep.Finished) != 1 {
		t.Fatalf("recovery: %+v %v", rep, err)
	}
	for _, want := range []string{
		`level=WARN msg="startup recovery: found an interrupted workspace delete (.deleting tombstone)" workspace=` + id + " name=doomed",
		`level=WARN msg="startup recovery: the interrupted delete: finished`,
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("recovery's log lacks %q:\n%s", want, log.String())
		}
	}
}
