package projecttree

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand, so a read's deadline and
// the wait for a slot pass exactly when the test says.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Duration
	timers []*fakeTimer
	set    chan time.Duration // each timer's duration as it is set
}

type fakeTimer struct {
	at   time.Duration
	f    func()
	done bool
}

func newFakeClock() *fakeClock { return &fakeClock{set: make(chan time.Duration, 256)} }

func (c *fakeClock) afterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	t := &fakeTimer{at: c.now + d, f: f}
	c.timers = append(c.timers, t)
	c.mu.Unlock()
	c.set <- d
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.done
		t.done = true
		return was
	}
}

// advance moves the clock on by d and runs the timers due by then.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now += d
	var due []func()
	for _, t := range c.timers {
		if !t.done && t.at <= c.now {
			t.done = true
			due = append(due, t.f)
		}
	}
	c.mu.Unlock()
	for _, f := range due {
		f()
	}
}

// timerSet waits for the next timer to be set and returns its duration.
func (c *fakeClock) timerSet(t *testing.T) time.Duration {
	t.Helper()
	select {
	case d := <-c.set:
		return d
	case <-time.After(10 * time.Second):
		t.Fatal("no timer was set")
		return 0
	}
}

// wedgedFS is a filesystem whose directories named w* never answer until
// release is closed; entered gets each wedged path as its read begins,
// which is when that read holds a slot.
type wedgedFS struct {
	release chan struct{}
	entered chan string
}

func newWedgedReader(t *testing.T) (*DirReader, *fakeClock, *wedgedFS) {
	t.Helper()
	fsys := &wedgedFS{release: make(chan struct{}), entered: make(chan string, 256)}
	clock := newFakeClock()
	r := NewDirReader()
	r.afterFunc = clock.afterFunc
	r.list = func(p string, limit int) (Listing, error) {
		if strings.HasPrefix(filepath.Base(p), "w") {
			fsys.entered <- p
			<-fsys.release
		}
		return listDir(p, limit)
	}
	t.Cleanup(fsys.unwedge)
	return r, clock, fsys
}

func (f *wedgedFS) unwedge() {
	select {
	case <-f.release:
	default:
		close(f.release)
	}
}

// waitEntered waits until n wedged reads have begun.
func (f *wedgedFS) waitEntered(t *testing.T, n int) {
	t.Helper()
	for range n {
		select {
		case <-f.entered:
		case <-time.After(10 * time.Second):
			t.Fatal("a wedged read never began")
		}
	}
}

type readResult struct {
	l   Listing
	err error
}

func readAsync(r *DirReader, root, rel string) <-chan readResult {
	ch := make(chan readResult, 1)
	go func() {
		l, err := r.ReadDir(context.Background(), root, rel)
		ch <- readResult{l, err}
	}()
	return ch
}

func await(t *testing.T, ch <-chan readResult) readResult {
	t.Helper()
	select {
	case res := <-ch:
		return res
	case <-time.After(10 * time.Second):
		t.Fatal("the read never returned")
		return readResult{}
	}
}

// waitFor polls the reader's accounting until cond holds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestAHealthyReadBehindWedgedOnesKeepsItsDeadline: every slot is held by
// a read that never answers; a directory asked for meanwhile waits for a
// slot, and its own deadline starts only once it has one: when the wedged
// reads pass their deadline it is read, and it has its whole deadline for
// the read even though it waited.
func TestAHealthyReadBehindWedgedOnesKeepsItsDeadline(t *testing.T) {
	root := mkTree(t)
	r, clock, fsys := newWedgedReader(t)
	wedgedList := r.list
	srcIn, srcGo := make(chan struct{}, 1), make(chan struct{})
	r.list = func(p string, limit int) (Listing, error) {
		if filepath.Base(p) == "src" { // slow, not wedged: it answers in time
			srcIn <- struct{}{}
			<-srcGo
		}
		return wedgedList(p, limit)
	}
	var wedged []<-chan readResult
	for i := range DefaultMaxReads {
		wedged = append(wedged, readAsync(r, root, "w"+string(rune('0'+i))))
	}
	fsys.waitEntered(t, DefaultMaxReads) // all slots held
	for range DefaultMaxReads {
		clock.timerSet(t) // their deadlines
	}
	clock.advance(r.Timeout / 2)
	healthy := readAsync(r, root, "src")
	clock.timerSet(t) // it waits for a slot
	clock.advance(r.Timeout / 2)
	for _, ch := range wedged {
		if res := await(t, ch); !errors.Is(res.err, ErrReadTimeout) {
			t.Fatalf("wedged read: %v", res.err)
		}
	}
	select {
	case <-srcIn:
	case res := <-healthy:
		t.Fatalf("the healthy read was not made: %v", res.err)
	case <-time.After(10 * time.Second):
		t.Fatal("the healthy read never got a slot")
	}
	clock.advance(r.Timeout * 3 / 4) // within its deadline, not within the first one's
	close(srcGo)
	if res := await(t, healthy); res.err != nil || len(res.l.Entries) != 2 {
		t.Fatalf("healthy directory: %+v %v", res.l, res.err)
	}
	if reading, stuck := r.counts(); reading != 0 || stuck != DefaultMaxReads {
		t.Fatalf("reading %d stuck %d", reading, stuck)
	}
	fsys.unwedge()
	waitFor(t, "were the stuck reads let go", func() bool { _, s := r.counts(); return s == 0 })
}

// TestWaitingForASlotIsBoundedOnItsOwn: when no slot comes free within
// SlotWait the read says so, distinct from a directory that timed out.
func TestWaitingForASlotIsBoundedOnItsOwn(t *testing.T) {
	root := mkTree(t)
	r, clock, fsys := newWedgedReader(t)
	r.SlotWait = r.Timeout / 2
	for i := range DefaultMaxReads {
		readAsync(r, root, "w"+string(rune('0'+i)))
	}
	fsys.waitEntered(t, DefaultMaxReads)
	for range DefaultMaxReads {
		clock.timerSet(t)
	}
	healthy := readAsync(r, root, "src")
	if d := clock.timerSet(t); d != r.SlotWait {
		t.Fatalf("the waiting read set a %v timer, not the slot wait", d)
	}
	clock.advance(r.SlotWait)
	if res := await(t, healthy); !errors.Is(res.err, ErrNoSlot) {
		t.Fatalf("waiting read: %v", res.err)
	}
}

// TestRetryingAWedgedDirectoryAddsNoStuckReads: a directory's read that
// passed its deadline is not read again until it returns, requests while
// it is in flight share it, and once MaxStuck reads are stuck new reads
// are refused; when the mount answers, everything reads again.
func TestRetryingAWedgedDirectoryAddsNoStuckReads(t *testing.T) {
	root := mkTree(t)
	r, clock, fsys := newWedgedReader(t)
	r.MaxStuck = 2
	first := readAsync(r, root, "wedged")
	fsys.waitEntered(t, 1)
	clock.timerSet(t)
	shared := readAsync(r, root, "wedged") // while in flight
	waitFor(t, "shared the read in flight", func() bool { return r.requests(filepath.Join(root, "wedged")) == 2 })
	clock.advance(r.Timeout)
	for _, ch := range []<-chan readResult{first, shared} {
		if res := await(t, ch); !errors.Is(res.err, ErrReadTimeout) {
			t.Fatalf("wedged read: %v", res.err)
		}
	}
	for range 10 { // the r key, pressed again and again
		if res := await(t, readAsync(r, root, "wedged")); !errors.Is(res.err, ErrStillWaiting) {
			t.Fatalf("retry: %v", res.err)
		}
	}
	if reading, stuck := r.counts(); reading != 0 || stuck != 1 {
		t.Fatalf("after retries: reading %d stuck %d", reading, stuck)
	}
	second := readAsync(r, root, "wild")
	fsys.waitEntered(t, 1)
	clock.timerSet(t)
	clock.advance(r.Timeout)
	if res := await(t, second); !errors.Is(res.err, ErrReadTimeout) {
		t.Fatalf("second wedged read: %v", res.err)
	}
	for rel, want := range map[string]error{"src": ErrTooManyStuck, "wonder": ErrTooManyStuck,
		"wedged": ErrStillWaiting, "wild": ErrStillWaiting} {
		if res := await(t, readAsync(r, root, rel)); !errors.Is(res.err, want) {
			t.Fatalf("%s at the stuck cap: %v, want %v", rel, res.err, want)
		}
	}
	if reading, stuck := r.counts(); reading != 0 || stuck != r.MaxStuck {
		t.Fatalf("at the cap: reading %d stuck %d", reading, stuck)
	}
	select {
	case p := <-fsys.entered:
		t.Fatalf("%s was read again while stuck", p)
	default:
	}
	fsys.unwedge()
	waitFor(t, "were the stuck reads let go", func() bool { _, s := r.counts(); return s == 0 })
	if l, err := r.ReadDir(context.Background(), root, "src"); err != nil || len(l.Entries) != 2 {
		t.Fatalf("src after the mount answered: %+v %v", l, err)
	}
}

// TestAWedgedDirectoryRowSaysWhyAndRetries: in the tree, a wedged
// directory's row shows the timeout, a retry while it is stuck says it is
// still waiting, and a retry after the mount answers reads it.
func TestAWedgedDirectoryRowSaysWhyAndRetries(t *testing.T) {
	root := mkTree(t)
	if err := os.MkdirAll(filepath.Join(root, "wedged", "inside"), 0o755); err != nil {
		t.Fatal(err)
	}
	r, clock, fsys := newWedgedReader(t)
	m := newTree(t, r)
	m = settle(t, m, m.SetWorkspace("ws", root))
	go func() {
		<-fsys.entered
		clock.advance(r.Timeout)
	}()
	m = pressWithin(t, selectPath(t, m, "wedged"), "enter")
	if v := view(m); !strings.Contains(v, "✗ read timed out · r: retry") {
		t.Fatalf("wedged row:\n%s", v)
	}
	m = pressWithin(t, m, "j", "r")
	if v := view(m); !strings.Contains(v, "✗ still waiting for the previous read") || !strings.Contains(v, "src/") {
		t.Fatalf("retry while stuck:\n%s", v)
	}
	fsys.unwedge()
	waitFor(t, "was the stuck read let go", func() bool { _, s := r.counts(); return s == 0 })
	m = pressWithin(t, m, "r")
	if v := view(m); !strings.Contains(v, "inside/") || strings.Contains(v, "✗") {
		t.Fatalf("retry after the mount answered:\n%s", v)
	}
}

// pressWithin is press with a deadline: a read that should have been
// refused or timed out must not hang the test.
func pressWithin(t *testing.T, m Model, ks ...string) Model {
	t.Helper()
	ch := make(chan Model, 1)
	go func() { ch <- press(t, m, ks...) }()
	select {
	case m = <-ch:
		return m
	case <-time.After(10 * time.Second):
		t.Fatalf("pressing %v never settled", ks)
		return m
	}
}
