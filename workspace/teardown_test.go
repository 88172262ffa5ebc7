package workspace

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// alive reports whether pid is a live (non-zombie) process.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

// readPID reads the pid a script wrote with `echo $$ > path`. The shell
// creates the file before it writes the line, so a reader that saw the file
// appear waits for the whole line.
func readPID(t *testing.T, path string) int {
	t.Helper()
	var line string
	waitFor(t, 10*time.Second, "a whole pid line in "+path, func() bool {
		b, err := os.ReadFile(path)
		line = string(b)
		return err == nil && strings.HasSuffix(line, "\n")
	})
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

func TestDeleteTearsDownInContractOrder(t *testing.T) {
	ctx := context.Background()
	srv := tmuxtest.New(t)
	repo := newRepo(t, nil)
	marks := t.TempDir()
	var (
		e     *Engine
		mu    sync.Mutex
		steps []string
		taps  []string
		check = map[string]func(id string){}
	)
	e = newEngine(t, func(o *Options) {
		o.Tmux = srv.Client
		o.AmuxBin = os.Args[0] // TestMain plays the pane launch verb
		o.InstallTap = func(_ context.Context, pane string) error {
			mu.Lock()
			taps = append(taps, pane)
			mu.Unlock()
			return errors.New("tap unavailable") // best effort: must not fail the start
		}
	})
	observe := func(op, step, id string) {
		if op != "delete" {
			return
		}
		steps = append(steps, step)
		if f := check[step]; f != nil {
			f(id)
		}
	}
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	ws := res.Workspace
	const secret = "s3cr3t-value"
	if _, err := e.Store().SetEnv(ctx, ws.ID, map[string]string{"SECRET": secret, "MARKS": marks}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Store().SetScripts(ctx, ws.ID, ScriptSet{
		Setup:   []string{`sleep 300 & echo $! > "$MARKS/setup-child.pid"; wait`},
		Run:     `echo "$AMUX_PORT $SECRET" >> "$MARKS/run.out"; exec sleep 300`,
		Archive: `test -d "$AMUX_WORKSPACE_ROOT" && echo archived > "$MARKS/archived"`,
	}); err != nil {
		t.Fatal(err)
	}

	// A setup sequence in flight, two hosted run sessions, the local slot.
	setupDone := make(chan error, 1)
	go func() { _, err := e.RunSetup(ctx, ws.ID); setupDone <- err }()
	waitFor(t, 10*time.Second, "setup child", func() bool {
		b, _ := os.ReadFile(filepath.Join(marks, "setup-child.pid"))
		return strings.HasSuffix(string(b), "\n")
	})
	setupChild := readPID(t, filepath.Join(marks, "setup-child.pid"))

	var names []string
	for range 2 {
		rs, err := e.StartRun(ctx, ws.ID)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, rs.Name)
	}
	if want := []string{tmux.RunSessionName(ws.ID, 1), tmux.RunSessionName(ws.ID, 2)}; !slices.Equal(names, want) {
		t.Fatalf("run sessions %v, want %v", names, want)
	}
	runs, err := e.RunSessions(ctx, ws.ID)
	if err != nil || len(runs) != 2 {
		t.Fatalf("tagged run sessions: %+v %v", runs, err)
	}
	for _, s := range runs {
		if !s.Managed || s.Workspace != ws.ID || s.Type != tmux.TypeRun {
			t.Fatalf("tags %+v", s)
		}
	}
	if len(taps) != 2 {
		t.Fatalf("tap installer called %d times", len(taps))
	}
	waitFor(t, 10*time.Second, "run sessions to see their env", func() bool {
		b, _ := os.ReadFile(filepath.Join(marks, "run.out"))
		return strings.Count(string(b), "6200 "+secret) == 2
	})
	starts := srv.MustRun(t, "list-panes", "-a", "-F", "#{pane_start_command}")
	if strings.Contains(starts, secret) || strings.Contains(starts, "6200") {
		t.Fatalf("env value visible in pane_start_command: %s", starts)
	}
	if err := e.StartLocalRun(ctx, ws.ID); err != nil {
		t.Fatal(err)
	}

	check[StepTombstone] = func(id string) {
		if e.CleanupStatus(id) != CleanupInterrupted {
			t.Errorf("tombstone step: status %q", e.CleanupStatus(id))
		}
	}
	check[StepDrain] = func(id string) {
		// The drain returns once setup's admission is released; RunSetup's
		// own return to its caller follows a moment later.
		select {
		case err := <-setupDone:
			if err == nil {
				t.Error("setup reported success after being cancelled")
			}
		case <-time.After(5 * time.Second):
			t.Error("setup still running after the drain")
		}
		// SIGKILL is queued by the drain; the kernel reaps on its schedule.
		// A killed process never runs user code again, so "dying" counts.
		waitFor(t, 5*time.Second, "setup's child to die", func() bool { return !alive(setupChild) })
		if _, err := e.RunSetup(ctx, id); !errors.Is(err, ErrWorkspaceTeardown) {
			t.Errorf("setup admitted during teardown: %v", err)
		}
		if _, err := e.StartRun(ctx, id); !errors.Is(err, ErrWorkspaceTeardown) {
			t.Errorf("run admitted during teardown: %v", err)
		}
		if _, err := e.RunOnDone(ctx, id); !errors.Is(err, ErrWorkspaceTeardown) {
			t.Errorf("on-done admitted during teardown: %v", err)
		}
		if runs, _ := e.RunSessions(ctx, id); len(runs) != 2 || !e.LocalRunActive(id) {
			t.Error("runs killed before the drain step finished")
		}
	}
	check[StepKillRuns] = func(id string) {
		if runs, _ := e.RunSessions(ctx, id); len(runs) != 0 || e.LocalRunActive(id) {
			t.Errorf("runs alive after kill step: %d sessions, local %v", len(runs), e.LocalRunActive(id))
		}
		if exists(filepath.Join(marks, "archived")) {
			t.Error("archive ran before the runs were killed")
		}
	}
	check[StepArchive] = func(id string) {
		if readFile(t, filepath.Join(marks, "archived")) != "archived\n" || !exists(ws.Root) {
			t.Error("archive did not run while the worktree existed")
		}
	}
	check[StepRemoveWorktree] = func(id string) {
		if exists(ws.Root) || branchExists(t, repo, "feat") {
			t.Error("worktree or owned branch still there")
		}
		if _, err := e.Store().Load(id); err != nil || e.CleanupStatus(id) != CleanupPending {
			t.Errorf("record gone before the worktree step ended: %v", err)
		}
	}
	if _, err := e.Delete(ctx, ws.ID, DeleteOptions{Observe: observe}); err != nil {
		t.Fatal(err)
	}
	want := []string{StepTombstone, StepDrain, StepKillRuns, StepArchive, StepRemoveWorktree, StepRemoveRecord}
	if !slices.Equal(steps, want) {
		t.Fatalf("steps %v, want %v", steps, want)
	}
	if exists(e.Store().Layout().WorkspaceDir(ws.ID)) || e.CleanupStatus(ws.ID) != CleanupNone {
		t.Fatal("metadata left after delete")
	}
	// The gate is gone with the workspace: a new one with the same ID works.
	if _, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true}); err != nil {
		t.Fatalf("re-create after delete: %v", err)
	}
}

func TestUntrustedArchiveStopsDeleteBeforeAnything(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, map[string]string{RepoScriptsFile: `{"archive": "touch \"$AMUX_WORKSPACE_ROOT/../archived\""}`})
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat"})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	if _, err := e.Delete(ctx, id, DeleteOptions{}); !errors.Is(err, ErrUntrusted) {
		t.Fatalf("delete with untrusted archive: %v", err)
	}
	if e.CleanupStatus(id) != CleanupNone || !exists(res.Workspace.Root) {
		t.Fatal("a refused delete changed something")
	}
	if _, err := e.Delete(ctx, id, DeleteOptions{SkipArchive: true}); err != nil {
		t.Fatal(err)
	}
	if exists(filepath.Join(filepath.Dir(res.Workspace.Root), "archived")) {
		t.Fatal("skipped archive ran")
	}
}

func TestShelveAndRestore(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat"})
	if err != nil {
		t.Fatal(err)
	}
	ws := res.Workspace
	mustWrite(t, filepath.Join(ws.Root, "work"), "committed work")
	runGit(t, ws.Root, "add", "work")
	runGit(t, ws.Root, "commit", "-q", "-m", "work")
	if _, err := e.Store().SetScripts(ctx, ws.ID, ScriptSet{Setup: []string{"touch setup-ran"}, Archive: "true"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Shelve(ctx, ws.ID, DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	rec, err := e.Store().Load(ws.ID)
	if err != nil || !rec.Shelved || exists(ws.Root) || !branchExists(t, repo, "feat") {
		t.Fatalf("shelve: %+v %v", rec, err)
	}
	if _, err := e.RunSetup(ctx, ws.ID); !errors.Is(err, ErrShelved) {
		t.Fatalf("setup on a shelf: %v", err)
	}
	back, err := e.Restore(ctx, ws.ID, RestoreOptions{})
	if err != nil || back.SetupErr != nil {
		t.Fatalf("restore: %v %v", err, back.SetupErr)
	}
	if back.Workspace.Shelved || readFile(t, filepath.Join(ws.Root, "work")) != "committed work" || !exists(filepath.Join(ws.Root, "setup-ran")) {
		t.Fatal("restore did not bring the branch's work back and provision it")
	}
}
