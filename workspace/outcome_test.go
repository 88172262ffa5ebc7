package workspace

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"amux.dev/amux/git"
)

// A repository with no commit has nothing to branch from: the create is
// refused up front, says why, and has nothing to report as rolled back.
func TestCreateInAnEmptyRepositoryRefusesBeforeMakingAnything(t *testing.T) {
	ctx := context.Background()
	repo := t.TempDir()
	cmd := exec.Command("git", "init", "-q", repo)
	cmd.Env = gitEnv()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	e := newEngine(t, nil)
	if _, err := e.CheckCreate(ctx, CreateRequest{Repo: repo, Name: "feat"}); !errors.Is(err, git.ErrEmptyRepo) {
		t.Fatalf("CheckCreate: %v", err)
	}
	_, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat"})
	var rb *RolledBackError
	if !errors.Is(err, git.ErrEmptyRepo) || errors.As(err, &rb) {
		t.Fatalf("Create: %v", err)
	}
	if exists(e.opts.WorktreesDir) || exists(e.store.layout.WorkspacesDir()) {
		t.Fatal("a refused create left something")
	}
}

// A create that fails after it began says what it undid — and nothing when
// the failing step had made nothing.
func TestFailedCreateSaysWhatItUndid(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	// The main checkout has "main": a worktree of it is refused by git
	// after the intent is written, before anything is made.
	current := runGit(t, repo, "branch", "--show-current")
	_, err := e.Create(ctx, CreateRequest{Repo: repo, Name: current})
	var rb *RolledBackError
	if !errors.As(err, &rb) || len(rb.Undone) != 0 {
		t.Fatalf("refused worktree add: %v (%#v)", err, rb)
	}
	// Break the intent update after the worktree is added: the worktree
	// and the branch this attempt made are undone, and said so.
	breakIntent := func(op, step, id string) {
		if step == StepWorktree {
			p := e.store.layout.CreatingFile(id)
			os.Remove(p)
			os.Mkdir(p, 0o700)
		}
	}
	_, err = e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", Observe: breakIntent})
	if !errors.As(err, &rb) {
		t.Fatalf("create with a broken intent: %v", err)
	}
	text := strings.Join(rb.Undone, "\n")
	if !strings.Contains(text, "worktree") || !strings.Contains(text, "branch feat, made by this attempt, was deleted") {
		t.Fatalf("undone = %q", rb.Undone)
	}
	if branchExists(t, repo, "feat") {
		t.Fatal("the branch stayed")
	}
}

func TestSetupOutcomeTellsSuccessFromFailure(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "none"})
	if err != nil || res.SetupOutcome() != SetupNone {
		t.Fatalf("no setup: %v %v", res.SetupOutcome(), err)
	}
	if err := e.Store().SetProjectScripts(ctx, repo, ScriptSet{Setup: []string{"true", "exit 3"}}); err != nil {
		t.Fatal(err)
	}
	res, err = e.Create(ctx, CreateRequest{Repo: repo, Name: "fails"})
	if err != nil || res.SetupOutcome() != SetupFailed || res.Setup.ExitCode != 3 {
		t.Fatalf("failed setup: err %v, outcome %v, %+v", err, res.SetupOutcome(), res.Setup)
	}
	if !exists(res.Workspace.Root) {
		t.Fatal("a failed setup undid the workspace")
	}
	if err := e.Store().SetProjectScripts(ctx, repo, ScriptSet{Setup: []string{"true"}}); err != nil {
		t.Fatal(err)
	}
	if res, _ = e.Create(ctx, CreateRequest{Repo: repo, Name: "ok"}); res.SetupOutcome() != SetupSucceeded {
		t.Fatalf("ok setup: %v", res.SetupOutcome())
	}
	mustWrite(t, repo+"/"+RepoScriptsFile, `{"setup-workspace": "true"}`)
	runGit(t, repo, "add", ".")
	runGit(t, repo, "commit", "-q", "-m", "scripts")
	if res, _ = e.Create(ctx, CreateRequest{Repo: repo, Name: "untrusted"}); res.SetupOutcome() != SetupAwaitsApproval {
		t.Fatalf("repo setup: %v", res.SetupOutcome())
	}
}

// Adding a project says what is wrong with the path, not always "not a
// repository".
func TestAddProjectSaysWhatIsWrongWithThePath(t *testing.T) {
	ctx := context.Background()
	e := newEngine(t, nil)
	missing := t.TempDir() + "/no/such/repo"
	file := t.TempDir() + "/f"
	mustWrite(t, file, "x")
	plain := t.TempDir()
	for path, want := range map[string]string{missing: "does not exist", file: "is a file", plain: "is not inside a git repository"} {
		_, err := e.AddProject(ctx, path)
		if err == nil || !strings.Contains(err.Error(), path+" "+want) {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
	}
}
