package client

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"amux.dev/amux/git"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/host"
)

// fakeSSHEnv, set in the environment, makes this test binary ssh: the
// client's ssh command line runs the host side here, on the test's own
// state home and private tmux server, so the services are driven over the
// real protocol and a real engine without an sshd.
const fakeSSHEnv = "AMUX_CLIENT_TEST_FAKE_SSH"

// testVersion is the amux version both sides of the fake connection say.
const testVersion = "v0.0.0-clienttest"

func TestMain(m *testing.M) {
	if os.Getenv(fakeSSHEnv) == "1" {
		os.Exit(fakeSSH(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// fakeSSH reads an ssh command line (options, "--", destination, remote
// command) and runs the remote command when it is the host verb.
func fakeSSH(args []string) int {
	i := slices.Index(args, "--")
	if i < 0 || len(args) < i+4 || args[i+3] != host.Verb {
		fmt.Fprintf(os.Stderr, "fake ssh: nothing to run in %q\n", args)
		return 127
	}
	return host.Main(args[i+4:], os.Stdin, os.Stdout, os.Stderr, testVersion)
}

// fakeHost is a connected Host over the fake ssh, with a project repo of
// one commit on main.
type fakeHost struct {
	h    *Host
	repo string
	git  func(dir string, args ...string) string
}

func startFakeHost(t *testing.T) *fakeHost {
	t.Helper()
	home := t.TempDir()
	srv := tmuxtest.New(t)
	t.Setenv(fakeSSHEnv, "1")
	t.Setenv("HOME", home)
	t.Setenv("AMUX_HOME", filepath.Join(home, ".amux"))
	for _, kv := range srv.Env() {
		k, v, _ := cutEnv(kv)
		t.Setenv(k, v)
	}
	gitIn := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@amux.invalid",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@amux.invalid")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	repo := filepath.Join(home, "code", "shop")
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	gitIn(repo, "init", "-q", "-b", "main")
	// amux's git drops GIT_* variables: commits through it take config.
	gitIn(repo, "config", "user.name", "t")
	gitIn(repo, "config", "user.email", "t@amux.invalid")
	writeTestFile(t, filepath.Join(repo, "README.md"), "# shop\n")
	gitIn(repo, "add", "README.md")
	gitIn(repo, "commit", "-q", "-m", "initial")

	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	local, err := os.MkdirTemp("", "amc") // short: the control socket path is bounded
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(local) })
	h := Start(Options{Dest: "fakehost", StateHome: local, Version: testVersion, SSH: bin, ControlPersist: time.Second})
	t.Cleanup(h.Close)
	waitHost(t, h, "the host connects", func() bool { return h.Err() == nil })
	return &fakeHost{h: h, repo: repo, git: gitIn}
}

func cutEnv(kv string) (string, string, bool) {
	for i := range len(kv) {
		if kv[i] == '=' {
			return kv[:i], kv[i+1:], true
		}
	}
	return kv, "", false
}

func writeTestFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitHost waits on the host's change notices until cond holds.
func waitHost(t *testing.T, h *Host, what string, cond func() bool) {
	t.Helper()
	deadline := time.NewTimer(20 * time.Second)
	defer deadline.Stop()
	for !cond() {
		select {
		case <-h.Changes():
		case <-deadline.C:
			t.Fatalf("%s: not within 20s (host error: %v)", what, h.Err())
		}
	}
}

// answered fails the test when err says the request never got the host's
// answer: the connection, not the engine, failed it.
func answered(t *testing.T, op string, err error) {
	t.Helper()
	var ue *UnreachableError
	if errors.As(err, &ue) || errors.Is(err, ErrUnreachable) || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%s: no answer from the host: %v", op, err)
	}
}

// The app takes a host's services where it takes the local engine's: a
// workspace's whole life driven through the service interfaces, over the
// protocol, reaches the host's real engine and comes back as the local
// engine would answer — the values where there are some, the engine's own
// refusal where the request asks for what is not there.
func TestAHostServesAWorkspacesLifeThroughTheServiceInterfaces(t *testing.T) {
	f := startFakeHost(t)
	var (
		lc workspace.LifecycleService = f.h
		ss workspace.SessionService   = f.h
		rv workspace.ReviewService    = f.h
		tr workspace.TrustService     = f.h
		st workspace.StatusService    = f.h
	)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	if f.h.Dest() != "fakehost" {
		t.Fatalf("Dest %q", f.h.Dest())
	}

	// A project and its settings.
	if _, err := lc.AddProject(ctx, f.repo); err != nil {
		t.Fatal(err)
	}
	states, err := lc.RefreshProjects(ctx)
	if err != nil || len(states) != 1 || states[0].Project.Path != f.repo {
		t.Fatalf("RefreshProjects: %+v, %v", states, err)
	}
	if err := tr.SetProjectEnv(ctx, f.repo, map[string]string{"DB_URL": "postgres://x"}); err != nil {
		t.Fatal(err)
	}
	if env, err := tr.ProjectEnv(ctx, f.repo); err != nil || env["DB_URL"] != "postgres://x" {
		t.Fatalf("ProjectEnv: %v, %v", env, err)
	}
	if err := tr.SetProjectScripts(ctx, f.repo, workspace.ScriptSet{Setup: []string{"true"}}); err != nil {
		t.Fatal(err)
	}
	if set, err := tr.ProjectScripts(ctx, f.repo); err != nil || !slices.Equal(set.Setup, []string{"true"}) {
		t.Fatalf("ProjectScripts: %+v, %v", set, err)
	}

	// A workspace: checked, made, renamed.
	req := workspace.CreateRequest{Repo: f.repo, Name: "feat", SkipSetup: true}
	if repo, err := lc.CheckCreate(ctx, req); err != nil || repo != f.repo {
		t.Fatalf("CheckCreate: %q, %v", repo, err)
	}
	if kb, err := lc.KeptBranch(ctx, req); err != nil || kb.Exists {
		t.Fatalf("KeptBranch: %+v, %v", kb, err)
	}
	created, err := lc.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	id := created.Workspace.ID
	recs, err := lc.Workspaces(ctx)
	if err != nil || len(recs) != 1 || recs[0].ID != id {
		t.Fatalf("Workspaces: %+v, %v", recs, err)
	}
	waitHost(t, f.h, "the record is pushed", func() bool { _, ok := f.h.State().record(id); return ok })
	if op, _ := lc.UnfinishedTeardown(id); op != "" {
		t.Fatalf("a fresh workspace has an unfinished %q", op)
	}
	if rec, err := lc.RenameWorkspace(ctx, id, "feat-two", false); err != nil || rec.Name != "feat-two" {
		t.Fatalf("RenameWorkspace: %+v, %v", rec, err)
	}
	if risk, err := lc.AtRisk(ctx, id); err != nil || risk.Dirty() {
		t.Fatalf("AtRisk of a clean worktree: %+v, %v", risk, err)
	}

	// Its status and scripts.
	if _, err := st.Status(ctx, id, nil); err != nil {
		t.Fatal(err)
	}
	_, err = st.ReleaseOrphans(ctx, 0, nil) // refused: a count of 0 confirms nothing
	answered(t, "ReleaseOrphans", err)
	if ue, err := tr.ArchiveToApprove(id); err != nil || ue != nil {
		t.Fatalf("ArchiveToApprove with no archive script: %+v, %v", ue, err)
	}
	if tr.ScriptRunning(id, workspace.KindRun) {
		t.Fatal("a run script runs that nobody started")
	}
	_, err = tr.Output(ctx, id, workspace.KindSetup, 1024)
	answered(t, "Output", err)
	_, err = tr.RevokeApprovals(ctx, id)
	answered(t, "RevokeApprovals", err)
	_, err = tr.ApproveScripts(ctx, id)
	answered(t, "ApproveScripts", err)
	_, err = tr.ApproveSetup(ctx, id, workspace.Script{Kind: workspace.KindSetup}, nil)
	answered(t, "ApproveSetup", err)
	_, err = tr.ApproveRun(ctx, id, workspace.Script{Kind: workspace.KindRun})
	answered(t, "ApproveRun", err)
	answered(t, "ApproveArchive", tr.ApproveArchive(ctx, id, workspace.Script{Kind: workspace.KindArchive}))
	if ch, err := tr.RunOnDone(ctx, id); err == nil {
		select { // no on-done script: its result comes at once
		case <-ch:
		case <-ctx.Done():
			t.Fatal("RunOnDone never answered")
		}
	} else {
		answered(t, "RunOnDone", err)
	}

	// Sessions: none is there, and the host says so.
	if list, err := ss.Sessions(ctx); err != nil {
		t.Fatal(err)
	} else {
		for _, s := range list {
			if s.Workspace == id {
				t.Fatalf("a session of the workspace nobody opened: %+v", s)
			}
		}
	}
	if alive, err := ss.SessionAlive(ctx, "amux-none"); err != nil || alive {
		t.Fatalf("SessionAlive of no session: %v, %v", alive, err)
	}
	_, err = ss.SessionOwnership(ctx, "amux-none", id)
	answered(t, "SessionOwnership", err)
	answered(t, "CloseSession", ss.CloseSession(ctx, "amux-none"))
	answered(t, "SendInterrupt", ss.SendInterrupt(ctx, "amux-none"))
	answered(t, "RefreshLabels", ss.RefreshLabels(ctx, id, "amux-none"))
	answered(t, "RepairTap", ss.RepairTap(ctx, "amux-none"))
	answered(t, "RelaunchSession", ss.RelaunchSession(ctx, "amux-none", workspace.SessionRequest{Workspace: id}))
	_, err = ss.ResumeTab(ctx, workspace.ResumeRequest{Workspace: id})
	answered(t, "ResumeTab", err)
	if _, err := ss.StartRun(ctx, id); err == nil {
		t.Fatal("StartRun without a run script started one")
	} else {
		answered(t, "StartRun", err)
	}
	_, err = ss.Deliver(ctx, workspace.DeliverRequest{Session: "amux-none", Text: "hi", Timeout: time.Second})
	answered(t, "Deliver", err)
	if err := ss.SaveTabs(ctx, id, nil); err != nil {
		t.Fatal(err)
	}
	ss.SetShellMarks(true)

	// Review and land: one hunk staged, committed, merged into main.
	root := created.Workspace.Root
	writeTestFile(t, filepath.Join(root, "README.md"), "# shop\nfrom feat\n")
	files, err := rv.Diff(ctx, id, workspace.DiffRequest{})
	if err != nil || len(files) != 1 {
		t.Fatalf("Diff: %d files, %v", len(files), err)
	}
	if err := rv.StageHunk(ctx, id, files[0], 0, false); err != nil {
		t.Fatal(err)
	}
	if _, err := rv.Commit(ctx, id, git.CommitRequest{Message: "feat: a line"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := rv.PreviewMerge(ctx, id); err != nil {
		t.Fatal(err)
	}
	if err := rv.Merge(ctx, id); err != nil {
		t.Fatal(err)
	}
	if got := f.git(f.repo, "show", "HEAD:README.md"); got != "# shop\nfrom feat\n" {
		t.Fatalf("main's README after the merge: %q", got)
	}
	// Nothing stopped on conflicts: each landing step is refused by the
	// engine, over the wire.
	for op, err := range map[string]error{
		"Rebase": rv.Rebase(ctx, id), "AbortLanding": rv.AbortLanding(ctx, id),
		"MarkResolved": rv.MarkResolved(ctx, id, "README.md"), "SkipRebase": rv.SkipRebase(ctx, id),
	} {
		answered(t, op, err)
	}
	_, err = rv.ContinueLanding(ctx, id)
	answered(t, "ContinueLanding", err)

	// The main checkout the workspace lands in, watched; the main
	// checkout as a workspace of its own, then forgotten.
	w, err := st.WatchMain(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	main, err := lc.MainWorkspace(ctx, f.repo)
	if err != nil {
		t.Fatal(err)
	}
	if err := lc.ForgetMain(ctx, main.ID); err != nil {
		t.Fatal(err)
	}

	// Shelved, restored, recovered, and the project removed with it.
	if _, err := lc.Shelve(ctx, id, workspace.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Fatalf("the shelved worktree is still there: %v", err)
	}
	if _, err := lc.Restore(ctx, id, workspace.RestoreOptions{SkipSetup: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(root); err != nil {
		t.Fatalf("the restored worktree: %v", err)
	}
	if _, err := lc.Recover(ctx, workspace.RecoverOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := lc.RemoveProject(ctx, f.repo, true, workspace.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if ps, err := lc.Projects(ctx); err != nil || len(ps) != 0 {
		t.Fatalf("Projects after the removal: %+v, %v", ps, err)
	}
}
