package ports

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/config/procid"
)

// A real child process takes a transient hold and is killed; the next write
// from another process sweeps the hold and can reuse its interval, while a
// live process's hold survives every write and is never an orphan.
func TestKilledOwnersTransientHoldIsSwept(t *testing.T) {
	home := stateHome(t)
	r := newRegistry(t, home, wideSettings)
	ctx := context.Background()

	child := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	child.Env = helperCmdEnv("hold", home, "feedbeef")
	stdin, err := child.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	child.Stderr = os.Stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			child.Process.Kill()
			child.Wait()
		}
	}()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "ready ") {
		t.Fatalf("child did not take its hold: %q %v", line, err)
	}
	pid := child.Process.Pid
	holdKey := TransientOwner(pid, "feedbeef")
	var childStart int
	fmt.Sscanf(line, "ready %d", &childStart)

	// While the child lives, writes keep its hold and mint around it.
	before := mustReserve(t, r, "ws-before")
	own, err := r.ReserveTransient(ctx, "cafe")
	if err != nil {
		t.Fatal(err)
	}
	if !own.Transient || own.Owner != TransientOwner(os.Getpid(), "cafe") {
		t.Fatalf("own hold = %+v", own)
	}
	if _, ok := fileDoc(t, r).find(holdKey); !ok {
		t.Fatalf("live child's hold %s was swept", holdKey)
	}
	assertDisjoint(t, map[string]Reservation{
		holdKey: {Start: childStart, Size: 10, Transient: true}, "ws-before": before, own.Owner: own,
	})
	orphans, err := r.Orphans(ctx, func(context.Context) ([]string, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(orphans) != 1 || orphans[0].Owner != "ws-before" {
		t.Fatalf("orphans = %+v, want only ws-before (holds are never orphans)", orphans)
	}

	// Kill the child and wait until it is reaped, then write.
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	child.Wait()
	killed = true
	waitFor(t, func() bool { return syscall.Kill(pid, 0) == syscall.ESRCH })

	after := mustReserve(t, r, "ws-after")
	doc := fileDoc(t, r)
	if _, ok := doc.find(holdKey); ok {
		t.Fatalf("dead child's hold %s survived a write", holdKey)
	}
	if _, ok := doc.find(own.Owner); !ok {
		t.Fatalf("this process's own hold was swept")
	}
	if after.Start != childStart {
		t.Fatalf("ws-after got %d, want the swept interval %d", after.Start, childStart)
	}

	// The owner releases its own hold on delete/shelve.
	if err := r.ReleaseTransient(ctx, "cafe"); err != nil {
		t.Fatal(err)
	}
	if _, ok := fileDoc(t, r).find(own.Owner); ok {
		t.Fatalf("ReleaseTransient left the hold")
	}
}

// A hold recorded under this process's pid by an earlier process (pid
// reuse) carries a different token and is swept; a hold with the current
// token is kept.
func TestRecycledPidHoldIsSwept(t *testing.T) {
	if procid.Token(os.Getpid()) == "" {
		t.Skip("no /proc: only signal 0 is available, recycled pids keep holds (safe direction)")
	}
	home := stateHome(t)
	r := newRegistry(t, home, wideSettings)
	pid := os.Getpid()
	stale := entry{Owner: TransientOwner(pid, "old"), Start: 20000, Size: 10, PIDToken: "not-this-boot:1"}
	mine := entry{Owner: TransientOwner(pid, "new"), Start: 20010, Size: 10, PIDToken: procid.Token(pid)}
	data, err := encode(&document{Reservations: []entry{stale, mine}})
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(home, 0o700)
	if err := os.WriteFile(r.Path(), data, 0o600); err != nil {
		t.Fatal(err)
	}
	got := mustReserve(t, r, "ws")
	doc := fileDoc(t, r)
	if _, ok := doc.find(stale.Owner); ok {
		t.Fatalf("hold from a previous process with this pid survived")
	}
	if _, ok := doc.find(mine.Owner); !ok {
		t.Fatalf("hold with the current token was swept")
	}
	if got.Start != 20000 {
		t.Fatalf("ws got %d, want the swept 20000", got.Start)
	}
}

// waitFor polls cond until it holds or a deadline passes.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met before the deadline")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
