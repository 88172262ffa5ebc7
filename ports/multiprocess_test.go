package ports

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// Eight real processes reserve the same 200 workspaces at once. Every
// process must see the same interval for a workspace, no two workspaces may
// share a port, and a fresh Registry (a restart) must return the same
// intervals again.
func TestConcurrentProcessesGetDisjointStableIntervals(t *testing.T) {
	const procs, workspaces = 8, 200
	home := stateHome(t)

	outs := make([][]byte, procs)
	errs := make([]error, procs)
	var wg sync.WaitGroup
	for p := range procs {
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
			cmd.Env = helperCmdEnv("reserve", home, fmt.Sprintf("%d/%d", workspaces, p*workspaces/procs))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			outs[p], errs[p] = cmd.Output()
			if errs[p] != nil {
				errs[p] = fmt.Errorf("%w: %s", errs[p], stderr.String())
			}
		})
	}
	wg.Wait()

	want := map[string]Reservation{}
	for p := range procs {
		if errs[p] != nil {
			t.Fatalf("process %d: %v", p, errs[p])
		}
		seen := 0
		sc := bufio.NewScanner(bytes.NewReader(outs[p]))
		for sc.Scan() {
			var got Reservation
			if _, err := fmt.Sscanf(sc.Text(), "RES %s %d %d", &got.Owner, &got.Start, &got.Size); err != nil {
				continue // go test's own output
			}
			seen++
			if prev, ok := want[got.Owner]; ok && (prev.Start != got.Start || prev.Size != got.Size) {
				t.Fatalf("process %d saw %s at %s, another saw %s", p, got.Owner, got.Range(), prev.Range())
			}
			want[got.Owner] = got
		}
		if seen != workspaces {
			t.Fatalf("process %d reported %d reservations, want %d", p, seen, workspaces)
		}
	}
	if len(want) != workspaces {
		t.Fatalf("%d distinct owners, want %d", len(want), workspaces)
	}
	assertDisjoint(t, want)

	// Restart: a new Registry reads the committed intervals verbatim.
	r := newRegistry(t, home, wideSettings)
	for id, w := range want {
		if got := mustReserve(t, r, id); got.Start != w.Start || got.Size != w.Size {
			t.Fatalf("after restart %s at %s, want %s", id, got.Range(), w.Range())
		}
	}
	if n := len(fileDoc(t, r).Reservations); n != workspaces {
		t.Fatalf("file holds %d reservations, want %d", n, workspaces)
	}
}

func assertDisjoint(t *testing.T, rs map[string]Reservation) {
	t.Helper()
	byPort := map[int]string{}
	for id, r := range rs {
		for p := r.Start; p <= r.End(); p++ {
			if other, ok := byPort[p]; ok {
				t.Fatalf("port %d held by %s and %s", p, other, id)
			}
			byPort[p] = id
		}
		if strings.HasPrefix(id, transientPrefix) != r.Transient {
			t.Fatalf("%s: Transient = %v", id, r.Transient)
		}
	}
}
