package workspace

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/config/atomicfile"
	"amux.dev/amux/config/procid"
)

func requireProc(t *testing.T) {
	t.Helper()
	if procid.BootID() == "" {
		t.Skip("needs /proc and a parent-death signal (Linux)")
	}
}

// procRecords lists the lifecycle process records under the state home.
func procRecords(t *testing.T, e *Engine) []string {
	t.Helper()
	ents, err := os.ReadDir(e.Store().Layout().ProcsDir())
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, de := range ents {
		out = append(out, de.Name())
	}
	return out
}

// An amux killed while a setup-workspace runs takes the script's shell with
// it at once; what the shell started in its group is killed by the next
// start, before recovery touches any worktree, and reported.
func TestScriptsDieWithAmuxAndTheNextStartReapsTheRest(t *testing.T) {
	requireProc(t)
	ctx := context.Background()
	repo := newRepo(t, nil)
	marks := t.TempDir()
	e := newEngine(t, func(o *Options) { o.Environ = append(gitEnv(), "MARKS="+marks) })
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	if _, err := e.Store().SetScripts(ctx, id, ScriptSet{Setup: []string{
		`sleep 300 & echo $! > "$MARKS/straggler"; echo $$ > "$MARKS/leader"; touch "$MARKS/paused"; wait`,
	}}); err != nil {
		t.Fatal(err)
	}
	killHelperAt(t, filepath.Join(marks, "paused"), nil, "MARKS="+marks, "HELPER_OP=setup", "HELPER_ID="+id)
	leader, straggler := readPID(t, filepath.Join(marks, "leader")), readPID(t, filepath.Join(marks, "straggler"))
	waitFor(t, 10*time.Second, "the script's shell to die with its amux", func() bool { return !alive(leader) })
	if !alive(straggler) || len(procRecords(t, e)) != 1 {
		t.Fatalf("want the shell's child left for the next start, and its record: alive=%v records=%v", alive(straggler), procRecords(t, e))
	}

	e2, rep := restart(t, e)
	if alive(straggler) {
		t.Fatal("the next start left the script's child running")
	}
	if !slices.Equal(rep.Reaped, []ReapedProcess{{Workspace: id, Name: "feat", Script: KindSetup}}) || len(procRecords(t, e2)) != 0 {
		t.Fatalf("reaped %+v, records %v", rep.Reaped, procRecords(t, e2))
	}
}

// startGroup starts argv as the leader of a new process group with extra
// environment, killed (with its group) when the test ends.
func startGroup(t *testing.T, env []string, argv ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pgid := cmd.Process.Pid
	t.Cleanup(func() { syscall.Kill(-pgid, syscall.SIGKILL); cmd.Wait() })
	return cmd
}

// leaderless starts a group whose shell exits at once, leaving a sleep in
// the group, and returns the group's id once only the sleep is left.
func leaderless(t *testing.T, env ...string) int {
	t.Helper()
	cmd := startGroup(t, env, "/bin/sh", "-c", "sleep 300 & exit 0")
	pgid := cmd.Process.Pid
	cmd.Wait()
	waitFor(t, 5*time.Second, "the group's sleep", func() bool { return len(procid.GroupMembers(pgid)) == 1 })
	return pgid
}

// The reaper never signals a group that is not provably the one recorded:
// a pid recycled by another process, a leaderless group whose members do
// not carry the recorded mark, or a group whose amux still runs.
func TestReaperLeavesRecycledAndLiveGroupsAlone(t *testing.T) {
	requireProc(t)
	e := newEngine(t, nil)
	dead := owner{PID: 1 << 30} // above any pid_max: no such process
	recycled := startGroup(t, nil, "sleep", "300").Process.Pid
	foreign := leaderless(t)
	liveOwner := startGroup(t, nil, "sleep", "300").Process.Pid
	ownedElsewhere := leaderless(t, markEnv+"=live")
	orphan := leaderless(t, markEnv+"=orphan")
	if err := os.MkdirAll(e.Store().Layout().ProcsDir(), 0o700); err != nil {
		t.Fatal(err)
	}
	write := func(ent procEntry) {
		if err := e.withProcsLock(func() error {
			return os.WriteFile(e.Store().Layout().procFile(ent.PGID), []byte(mustJSON(t, ent)), 0o600)
		}); err != nil {
			t.Fatal(err)
		}
	}
	write(procEntry{PGID: recycled, Token: procid.BootID() + ":1", Mark: "recycled", Owner: dead, Script: KindSetup})
	write(procEntry{PGID: foreign, Mark: "foreign", Owner: dead, Script: KindSetup})
	write(procEntry{PGID: ownedElsewhere, Mark: "live", Owner: owner{PID: liveOwner, Token: procid.Token(liveOwner)}, Script: KindOnDone})
	write(procEntry{PGID: orphan, Mark: "orphan", Owner: dead, Workspace: "0123456789abcdef", Script: KindArchive})

	e2, rep := restart(t, e)
	if !alive(recycled) || len(procid.GroupMembers(foreign)) != 1 || len(procid.GroupMembers(ownedElsewhere)) != 1 {
		t.Fatal("the reaper killed a group it could not prove was a crashed amux's")
	}
	if len(procid.GroupMembers(orphan)) != 0 {
		t.Fatal("the orphaned, marked group survived")
	}
	if !slices.Equal(rep.Reaped, []ReapedProcess{{Workspace: "0123456789abcdef", Script: KindArchive}}) {
		t.Fatalf("reaped %+v", rep.Reaped)
	}
	if got := procRecords(t, e2); !slices.Equal(got, []string{strconv.Itoa(ownedElsewhere) + ".json"}) {
		t.Fatalf("records left %v, want only the live amux's", got)
	}
}

// A teardown's drain ends an on-done hook that ignores SIGTERM: SIGKILL to
// its whole group after the grace period.
func TestDrainKillsAHookThatIgnoresSigterm(t *testing.T) {
	requireProc(t)
	ctx := context.Background()
	repo := newRepo(t, nil)
	marks := t.TempDir()
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	pidFile := filepath.Join(marks, "hook")
	if _, err := e.Store().SetScripts(ctx, id, ScriptSet{OnDone: `trap '' TERM; echo $$ > ` + pidFile + `; while :; do sleep 0.1; done`}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.RunOnDone(ctx, id); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 10*time.Second, "the hook to start", func() bool { return exists(pidFile) })
	hook := readPID(t, pidFile)
	if _, err := e.Delete(ctx, id, DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if alive(hook) || len(procid.GroupMembers(hook)) != 0 {
		t.Fatal("the SIGTERM-ignoring hook (or its group) survived the drain")
	}
	if len(procRecords(t, e)) != 0 {
		t.Fatalf("records left after the hook ended: %v", procRecords(t, e))
	}
}

// The parent-death signal follows the thread that forked the child. Threads
// the Go runtime ends (a goroutine exiting while locked to one) must never
// take a running lifecycle script with them.
func TestScriptSurvivesThreadChurn(t *testing.T) {
	requireProc(t)
	ctx := context.Background()
	repo := newRepo(t, nil)
	marks := t.TempDir()
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	pidFile := filepath.Join(marks, "hook")
	if _, err := e.Store().SetScripts(ctx, id, ScriptSet{OnDone: `echo $$ > ` + pidFile + `; exec sleep 300`}); err != nil {
		t.Fatal(err)
	}
	// Holding the process registry's lock parks the goroutine that started
	// the hook (it waits to record it), freeing the thread that forked it
	// for the churn below, unless that goroutine is pinned to it.
	unlock, err := atomicfile.Lock(ctx, e.Store().Layout().ProcsLockPath())
	if err != nil {
		t.Fatal(err)
	}
	ended, err := e.RunOnDone(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	// The hook's process exists (held at its gate until it is recorded).
	waitFor(t, 10*time.Second, "the hook's process", func() bool { return len(procid.InDir(realPath(res.Workspace.Root))) > 0 })
	for range 200 {
		done := make(chan struct{})
		go func() {
			runtime.LockOSThread() // exits locked: the runtime ends this thread
			close(done)
		}()
		<-done
	}
	unlock()
	waitFor(t, 10*time.Second, "the hook to run", func() bool {
		select {
		case r := <-ended:
			t.Fatalf("a lifecycle script died when an unrelated thread ended: %+v", r)
		default:
		}
		return exists(pidFile)
	})
	hook := readPID(t, pidFile)
	// A kill signalled as a thread ended may still be on its way.
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) && alive(hook) {
		time.Sleep(10 * time.Millisecond)
	}
	if !alive(hook) {
		t.Fatal("a lifecycle script died when an unrelated thread ended")
	}
	if _, err := e.Delete(ctx, id, DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// BenchmarkTrackProc is what recording and forgetting one lifecycle process
// adds to a script's start and end (a locked, fsynced write and a removal).
func BenchmarkTrackProc(b *testing.B) {
	e := newEngine(b, nil)
	for b.Loop() {
		e.trackProc(os.Getpid(), "bench", "0123456789abcdef", KindSetup)()
	}
}
