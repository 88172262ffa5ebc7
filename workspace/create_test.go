package workspace

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/git"
)

func TestCreateThenDeleteOwnedBranch(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: filepath.Join(repo), Name: "feat", Assistant: "claude"})
	if err != nil || res.SetupErr != nil {
		t.Fatalf("create: %v / %v", err, res.SetupErr)
	}
	ws := res.Workspace
	wantRoot := filepath.Join(e.opts.WorktreesDir, "app", "feat")
	if ws.Root != wantRoot || ws.Branch != "feat" || ws.Base != "main" || ws.Repo != repo || !ws.CreatedBranch || ws.Assistant != "claude" {
		t.Fatalf("record %+v", ws)
	}
	if ws.ID != MintID(repo, wantRoot) {
		t.Fatalf("id %s", ws.ID)
	}
	if got := runGit(t, ws.Root, "symbolic-ref", "--short", "HEAD"); got != "feat" {
		t.Fatalf("worktree on %q", got)
	}
	if ps, _ := e.Store().Projects(); len(ps) != 1 || ps[0].Path != repo {
		t.Fatalf("project not registered: %+v", ps)
	}
	if _, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat"}); !errors.Is(err, ErrExists) {
		t.Fatalf("second create: %v", err)
	}

	if _, err := e.Delete(ctx, ws.ID, DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if exists(ws.Root) || branchExists(t, repo, "feat") || exists(e.Store().Layout().WorkspaceDir(ws.ID)) {
		t.Fatal("delete left the worktree, branch or metadata behind")
	}
	if list := runGit(t, repo, "worktree", "list", "--porcelain"); contains(list, "feat") {
		t.Fatalf("stale worktree record: %s", list)
	}
	if _, err := e.Store().Load(ws.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("record still loads: %v", err)
	}
}

func TestCreateValidatesNameAndBaseBeforeAnythingRuns(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	for _, name := range []string{"", "bad name", "-x", "a..b", "x.lock"} {
		if _, err := e.Create(ctx, CreateRequest{Repo: repo, Name: name}); !errors.Is(err, ErrBadName) {
			t.Errorf("name %q: %v", name, err)
		}
	}
	for _, base := range []string{"no-such-ref", "-x", "main..HEAD"} {
		if _, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "ok", Base: base}); !errors.Is(err, git.ErrInvalidRef) {
			t.Errorf("base %q: %v", base, err)
		}
	}
	if _, err := e.Create(ctx, CreateRequest{Repo: t.TempDir(), Name: "ok"}); !errors.Is(err, git.ErrNotRepo) {
		t.Errorf("not a repo: %v", err)
	}
	if exists(e.opts.WorktreesDir) || branchExists(t, repo, "ok") {
		t.Fatal("a refused create touched the disk or the repo")
	}
}

func TestCreateFromBaseRefAndAttachExistingBranch(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	base := runGit(t, repo, "rev-parse", "HEAD")
	mustWrite(t, filepath.Join(repo, "later"), "x")
	runGit(t, repo, "add", "later")
	runGit(t, repo, "commit", "-q", "-m", "later")
	runGit(t, repo, "tag", "v1", base)
	runGit(t, repo, "branch", "existing")
	existingTip := runGit(t, repo, "rev-parse", "existing")
	e := newEngine(t, nil)

	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "from-tag", Base: "v1"})
	if err != nil {
		t.Fatal(err)
	}
	if got := runGit(t, res.Workspace.Root, "rev-parse", "HEAD"); got != base {
		t.Fatalf("branch from v1 at %s, want %s", got, base)
	}
	att, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "existing", Base: "v1"})
	if err != nil {
		t.Fatal(err)
	}
	if att.Workspace.CreatedBranch {
		t.Fatal("attaching an existing branch claimed to create it")
	}
	if got := runGit(t, att.Workspace.Root, "rev-parse", "HEAD"); got != existingTip {
		t.Fatalf("attached branch moved to %s", got)
	}
	// Deleting the attached workspace never deletes the pre-existing branch.
	if _, err := e.Delete(ctx, att.Workspace.ID, DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if !branchExists(t, repo, "existing") || runGit(t, repo, "rev-parse", "existing") != existingTip {
		t.Fatal("pre-existing branch did not survive delete")
	}
	// KeepBranch keeps even an owned branch.
	if _, err := e.Delete(ctx, res.Workspace.ID, DeleteOptions{KeepBranch: true}); err != nil {
		t.Fatal(err)
	}
	if !branchExists(t, repo, "from-tag") {
		t.Fatal("KeepBranch deleted the branch")
	}
}

// failAfterCreate wraps the real runner: CreateWorktree does its real work
// and then reports a failure, as a checkout that fails after `worktree add
// -b` created the branch would.
type failAfterCreate struct {
	Git
}

var errInjected = errors.New("injected failure")

func (f failAfterCreate) CreateWorktree(ctx context.Context, repo, root, branch, base string) (bool, error) {
	created, err := f.Git.CreateWorktree(ctx, repo, root, branch, base)
	if err != nil {
		return created, err
	}
	return created, errInjected
}

func TestFailedCreateRollsBackOnlyWhatItOwns(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	runGit(t, repo, "branch", "mine-already")
	tip := runGit(t, repo, "rev-parse", "mine-already")
	e := newEngine(t, func(o *Options) { o.Git = failAfterCreate{git.New(git.Options{})} })

	for _, name := range []string{"fresh", "mine-already"} {
		_, err := e.Create(ctx, CreateRequest{Repo: repo, Name: name})
		if !errors.Is(err, errInjected) {
			t.Fatalf("%s: err = %v", name, err)
		}
		root := filepath.Join(e.opts.WorktreesDir, "app", name)
		if exists(root) {
			t.Fatalf("%s: worktree left behind", name)
		}
		if _, err := e.Store().Load(MintID(repo, root)); !errors.Is(err, ErrNotFound) {
			t.Fatalf("%s: record written: %v", name, err)
		}
	}
	if branchExists(t, repo, "fresh") {
		t.Fatal("branch created by the failed create survived")
	}
	if !branchExists(t, repo, "mine-already") || runGit(t, repo, "rev-parse", "mine-already") != tip {
		t.Fatal("pre-existing branch did not survive the rollback")
	}
	if list := runGit(t, repo, "worktree", "list", "--porcelain"); contains(list, "fresh") || contains(list, "mine-already") {
		t.Fatalf("stale worktree records: %s", list)
	}
}

func TestRecordWriteFailureRollsBack(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	obs := Observer(func(op, step, id string) {
		if op == "create" && step == StepIntentUpdated {
			// A directory where the record goes: the insert fails.
			if err := os.Mkdir(e.Store().Layout().RecordFile(id), 0o700); err != nil {
				t.Fatal(err)
			}
		}
	})
	if _, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", Observe: obs}); err == nil {
		t.Fatal("create succeeded without a record")
	}
	if exists(filepath.Join(e.opts.WorktreesDir, "app", "feat")) || branchExists(t, repo, "feat") {
		t.Fatal("rollback left the worktree or the branch")
	}
	if exists(e.Store().Layout().WorkspaceDir(MintID(repo, filepath.Join(e.opts.WorktreesDir, "app", "feat")))) {
		t.Fatal("rollback left the metadata directory (and its intent)")
	}
}

func TestSetupFailureKeepsWorkspace(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	if err := e.Store().SetProjectScripts(ctx, repo, ScriptSet{Setup: []string{"echo step1 > one", "echo boom >&2; exit 3", "touch never"}}); err != nil {
		t.Fatal(err)
	}
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat"})
	if err != nil {
		t.Fatalf("create failed instead of reporting setup: %v", err)
	}
	if res.SetupErr == nil || res.Setup.Failed != 1 || res.Setup.ExitCode != 3 || res.Setup.Script.Source != SourceProject {
		t.Fatalf("setup result %+v err %v", res.Setup, res.SetupErr)
	}
	root := res.Workspace.Root
	if !exists(filepath.Join(root, "one")) || exists(filepath.Join(root, "never")) {
		t.Fatal("sequence did not stop at the failing command")
	}
	out := readFile(t, res.Setup.Output)
	if !contains(out, "$ echo step1 > one") || !contains(out, "boom") {
		t.Fatalf("captured output: %q", out)
	}
	if _, err := e.Store().Load(res.Workspace.ID); err != nil {
		t.Fatal("workspace not kept after setup failure")
	}
	if _, err := os.Stat(root); err != nil {
		t.Fatal(err)
	}
}

// CheckCreate tells a bad base ref apart from a bad name, so the dialog can
// point at the right field, and writes nothing.
func TestCheckCreateClassifiesRefusals(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	if got, err := e.CheckCreate(ctx, CreateRequest{Repo: repo, Name: "feat", Base: "main"}); err != nil || got != repo {
		t.Fatalf("good request: %q %v", got, err)
	}
	_, err := e.CheckCreate(ctx, CreateRequest{Repo: repo, Name: "feat", Base: "no-such-ref"})
	if !errors.Is(err, git.ErrInvalidRef) || errors.Is(err, ErrBadName) {
		t.Fatalf("bad base: %v", err)
	}
	_, err = e.CheckCreate(ctx, CreateRequest{Repo: repo, Name: "feat.lock"})
	if !errors.Is(err, ErrBadName) {
		t.Fatalf("name git refuses: %v", err)
	}
	if exists(filepath.Join(e.opts.WorktreesDir, "app")) || branchExists(t, repo, "feat") {
		t.Fatal("a check wrote something")
	}
	if _, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.CheckCreate(ctx, CreateRequest{Repo: repo, Name: "feat"}); !errors.Is(err, ErrExists) {
		t.Fatalf("taken name: %v", err)
	}
}

// A directory left where the worktree would go is named as such, not as a
// workspace that exists.
func TestCreateOverALeftDirectorySaysSo(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	left := filepath.Join(e.opts.WorktreesDir, projectName(repo), "feat")
	mustWrite(t, filepath.Join(left, "stray.txt"), "left behind\n")
	_, err := e.CheckCreate(ctx, CreateRequest{Repo: repo, Name: "feat"})
	if !errors.Is(err, ErrPathTaken) || !errors.Is(err, ErrExists) || err.Error() != "a directory already exists at "+left+": move it away (or pick another name)" {
		t.Fatalf("err = %v", err)
	}
}
