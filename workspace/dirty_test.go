package workspace

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"amux.dev/amux/git"
)

// dirtyWorkspace creates a workspace and leaves a tracked edit and an
// untracked file in its worktree.
func dirtyWorkspace(t *testing.T, e *Engine, repo, name string) Record {
	t.Helper()
	res, err := e.Create(context.Background(), CreateRequest{Repo: repo, Name: name, SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(res.Workspace.Root, "README"), "edited\n")
	mustWrite(t, filepath.Join(res.Workspace.Root, "notes.txt"), "untracked\n")
	return res.Workspace
}

// porcelain is the worktree's `git status --porcelain`, entries in order,
// leading blanks kept (runGit trims its output, which would eat them).
func porcelain(t *testing.T, root string) []string {
	t.Helper()
	cmd := exec.Command("git", "status", "--porcelain", "-z", "--untracked-files=all")
	cmd.Dir, cmd.Env = root, gitEnv()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git status in %s: %v", root, err)
	}
	var lines []string
	for e := range strings.SplitSeq(string(out), "\x00") {
		if e != "" {
			lines = append(lines, e)
		}
	}
	return lines
}

func TestTeardownWithoutAChoiceLosesNothing(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	ws := dirtyWorkspace(t, e, repo, "feat")

	for name, op := range map[string]func() (TeardownResult, error){
		"delete": func() (TeardownResult, error) { return e.Delete(ctx, ws.ID, DeleteOptions{}) },
		"shelve": func() (TeardownResult, error) { return e.Shelve(ctx, ws.ID, DeleteOptions{}) },
	} {
		_, err := op()
		var ae *AtRiskError
		if !errors.As(err, &ae) || !errors.Is(err, ErrWorkAtRisk) {
			t.Fatalf("%s of a dirty tree without a choice: %v", name, err)
		}
		if ae.Risk.Modified != 1 || ae.Risk.Untracked != 1 || !contains(err.Error(), "notes.txt") {
			t.Fatalf("%s: the refusal does not name what would be lost: %v", name, err)
		}
		if e.CleanupStatus(ws.ID) != CleanupNone || !exists(filepath.Join(ws.Root, "notes.txt")) {
			t.Fatalf("%s: a refused teardown changed something", name)
		}
	}
	if rec, err := e.Store().Load(ws.ID); err != nil || rec.Shelved {
		t.Fatalf("record after the refusals: %+v %v", rec, err)
	}
}

// What an archive script writes into a tree that held nothing at risk once
// the agents were stopped is the teardown's own output: it goes with the
// tree, and the result says so.
func TestArchiveOutputGoesWithACleanTree(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	created, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "clean", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	clean := created.Workspace
	if _, err := e.Store().SetScripts(ctx, clean.ID, ScriptSet{Archive: "echo archived > archive.log"}); err != nil {
		t.Fatal(err)
	}
	res, err := e.Delete(ctx, clean.ID, DeleteOptions{})
	if err != nil {
		t.Fatalf("delete of a clean tree whose archive writes into it: %v", err)
	}
	if exists(clean.Root) || !strings.Contains(res.Work, "archive script left") {
		t.Fatalf("the tree stayed, or the result does not say what went with it: %+v", res)
	}
}

// Work the teardown finds once the agents are stopped, with no choice made
// for it, stops the teardown there: archive does not run, the tree stays,
// and the recovery bound by the same recorded choice stops too.
func TestWorkFoundAfterTheAgentsStopStopsTheTeardown(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	ws := res.Workspace
	if _, err := e.Store().SetScripts(ctx, ws.ID, ScriptSet{Archive: "echo archived > archive.log"}); err != nil {
		t.Fatal(err)
	}
	// The delete's own first look sees a clean tree; the work lands between
	// that look and the agents' stop (the session kill step's observer).
	obs := Observer(func(op, step, id string) {
		if step == StepTombstone {
			mustWrite(t, filepath.Join(ws.Root, "late.txt"), "work\n")
		}
	})
	if _, err := e.Delete(ctx, ws.ID, DeleteOptions{Observe: obs}); !errors.Is(err, ErrWorkAtRisk) {
		t.Fatalf("delete with work found once the agents stopped: %v", err)
	}
	if exists(filepath.Join(ws.Root, "archive.log")) || !exists(filepath.Join(ws.Root, "late.txt")) || e.CleanupStatus(ws.ID) != CleanupInterrupted {
		t.Fatal("archive ran, the work went, or the tombstone did not stay")
	}
	if rep, _ := e.Recover(context.Background(), RecoverOptions{}); !errors.Is(rep.Failed[ws.ID], ErrWorkAtRisk) || !exists(filepath.Join(ws.Root, "late.txt")) {
		t.Fatalf("recovery removed the work without a choice: %v", rep.Failed)
	}
	if _, err := e.Delete(context.Background(), ws.ID, DeleteOptions{Dirty: DirtyDiscard}); err != nil {
		t.Fatalf("delete choosing discard: %v", err)
	}
	if exists(ws.Root) || exists(e.Store().Layout().WorkspaceDir(ws.ID)) {
		t.Fatal("discard left the worktree or the record")
	}
}

func TestShelveKeepsWorkAsWIPCommitAndRestoreUnwindsIt(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	ws := dirtyWorkspace(t, e, repo, "feat")
	tip := runGit(t, repo, "rev-parse", "feat")

	res, err := e.Shelve(ctx, ws.ID, DeleteOptions{Dirty: DirtyWIP})
	if err != nil {
		t.Fatal(err)
	}
	if exists(ws.Root) || !contains(res.Work, "WIP commit") {
		t.Fatalf("shelve: tree still there or no word about the work (%q)", res.Work)
	}
	if msg := runGit(t, repo, "log", "-1", "--format=%B", "feat"); !contains(msg, "Amux-WIP: shelve") {
		t.Fatalf("branch tip %q", msg)
	}
	risk, err := e.AtRisk(ctx, ws.ID)
	if err != nil || risk.Unmerged != 1 || risk.Dirty() {
		t.Fatalf("AtRisk of the shelf: %+v %v", risk, err)
	}

	if _, err := e.Restore(ctx, ws.ID, RestoreOptions{SkipSetup: true}); err != nil {
		t.Fatal(err)
	}
	if got := runGit(t, repo, "rev-parse", "feat"); got != tip {
		t.Fatalf("WIP commit still on the branch after restore")
	}
	if got, want := porcelain(t, ws.Root), []string{" M README", "?? notes.txt"}; !slices.Equal(got, want) {
		t.Fatalf("restored tree %q, want %q", got, want)
	}
}

func TestDeleteIntoAStashKeepsTheWorkInTheRepository(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	ws := dirtyWorkspace(t, e, repo, "feat")

	res, err := e.Delete(ctx, ws.ID, DeleteOptions{Dirty: DirtyStash})
	if err != nil {
		t.Fatal(err)
	}
	if exists(ws.Root) || res.BranchKept || branchExists(t, repo, "feat") {
		t.Fatal("the worktree or the merged branch survived")
	}
	if list := runGit(t, repo, "stash", "list"); !contains(list, StashMessage("delete", "feat")) {
		t.Fatalf("stash list %q", list)
	}
	if got := runGit(t, repo, "show", "stash@{0}^3:notes.txt"); got != "untracked" {
		t.Fatalf("stashed untracked file %q", got)
	}
}

// The choice is durable: a delete interrupted after archive (its context
// cancelled there, as a kill would stop it) is finished by the next start's
// recovery, in a new engine reading only the disk, with the same choice.
func TestRecoveryAppliesTheRecordedChoice(t *testing.T) {
	for _, choice := range []DirtyChoice{DirtyWIP, DirtyDiscard} {
		t.Run(string(choice), func(t *testing.T) {
			repo := newRepo(t, nil)
			e := newEngine(t, nil)
			ws := dirtyWorkspace(t, e, repo, "feat")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			obs := Observer(func(_, step, _ string) {
				if step == StepArchive {
					cancel()
				}
			})
			if _, err := e.Delete(ctx, ws.ID, DeleteOptions{Dirty: choice, Observe: obs}); err == nil {
				t.Fatal("the interrupted delete finished")
			}
			if !exists(ws.Root) || len(porcelain(t, ws.Root)) != 2 {
				t.Fatal("the interruption did not leave the dirty tree")
			}
			if b, _ := os.ReadFile(filepath.Join(e.Store().Layout().WorkspaceDir(ws.ID), "workspace.json")); !contains(string(b), `"dirty_choice": "`+string(choice)+`"`) {
				t.Fatalf("the choice is not in the record:\n%s", b)
			}

			next := newEngineAt(t, e.opts.Home)
			rep, err := next.Recover(context.Background(), RecoverOptions{})
			if err != nil || len(rep.Finished) != 1 {
				t.Fatalf("recovery: %+v %v", rep, err)
			}
			if exists(ws.Root) {
				t.Fatal("recovery left the worktree")
			}
			kept := branchExists(t, repo, "feat")
			switch choice {
			case DirtyWIP:
				if !kept || !contains(runGit(t, repo, "log", "-1", "--format=%B", "feat"), "Amux-WIP: delete") {
					t.Fatal("recovery did not keep the work as a WIP commit on the kept branch")
				}
			case DirtyDiscard:
				if kept {
					t.Fatal("recovery kept a branch for work the person discarded")
				}
			}
		})
	}
}

// Commits only a detached HEAD holds are lost with the tree: neither a WIP
// commit nor a stash keeps them, so only discard removes the tree.
func TestDetachedCommitsAreNeverRemovedWithoutDiscard(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	root := res.Workspace.Root
	runGit(t, root, "checkout", "-q", "--detach")
	mustWrite(t, filepath.Join(root, "loose"), "l\n")
	runGit(t, root, "add", "loose")
	runGit(t, root, "commit", "-q", "-m", "loose commit")
	for _, c := range []DirtyChoice{DirtyRefuse, DirtyWIP, DirtyStash} {
		if _, err := e.Delete(ctx, res.Workspace.ID, DeleteOptions{Dirty: c}); !errors.Is(err, ErrWorkAtRisk) {
			t.Fatalf("delete (%q) of a tree with a detached commit: %v", c, err)
		}
	}
	if !exists(filepath.Join(root, "loose")) || e.CleanupStatus(res.Workspace.ID) != CleanupNone {
		t.Fatal("a refused delete changed something")
	}
}

func TestWIPChoiceRefusesAHeadOnAnotherBranch(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	ws := dirtyWorkspace(t, e, repo, "feat")
	runGit(t, ws.Root, "checkout", "-q", "-b", "elsewhere")
	_, err := e.Shelve(ctx, ws.ID, DeleteOptions{Dirty: DirtyWIP})
	if !errors.Is(err, ErrWorkAtRisk) || !contains(err.Error(), "elsewhere") {
		t.Fatalf("WIP shelve with HEAD on another branch: %v", err)
	}
	if _, err := e.Shelve(ctx, ws.ID, DeleteOptions{Dirty: "keep-it-somehow"}); err == nil {
		t.Fatal("an unknown choice was accepted")
	}
}

// newEngineAt builds a second engine over an existing state home, as the
// next start of amux would.
func newEngineAt(t *testing.T, home string) *Engine {
	t.Helper()
	e, err := New(Options{Home: home, Git: git.New(git.Options{}), Ports: testPorts(t, home), Environ: gitEnv()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// A stash cannot take unresolved conflicts, so it is refused before
// anything happens; a WIP commit keeps them (markers and all) on the branch.
func TestConflictsAreKeptByAWIPCommitNotAStash(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	ws := res.Workspace
	mustWrite(t, filepath.Join(repo, "README"), "main's line\n")
	runGit(t, repo, "commit", "-q", "-am", "main side")
	mustWrite(t, filepath.Join(ws.Root, "README"), "feat's line\n")
	runGit(t, ws.Root, "commit", "-q", "-am", "feat side")
	cmd := exec.Command("git", "merge", "-q", "main")
	cmd.Dir, cmd.Env = ws.Root, gitEnv()
	if cmd.Run() == nil {
		t.Fatal("the merge did not conflict")
	}
	if risk, err := e.AtRisk(ctx, ws.ID); err != nil || risk.Conflicted != 1 {
		t.Fatalf("AtRisk of a conflicted tree: %+v %v", risk, err)
	}
	if _, err := e.Delete(ctx, ws.ID, DeleteOptions{Dirty: DirtyStash}); !errors.Is(err, ErrWorkAtRisk) || e.CleanupStatus(ws.ID) != CleanupNone {
		t.Fatalf("stash of a conflicted tree: %v", err)
	}
	if _, err := e.Delete(ctx, ws.ID, DeleteOptions{Dirty: DirtyWIP}); err != nil {
		t.Fatal(err)
	}
	if got := runGit(t, repo, "show", "feat:README"); !contains(got, "<<<<<<<") {
		t.Fatalf("the WIP commit does not hold the conflicted file as it was: %q", got)
	}
}
