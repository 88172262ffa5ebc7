package projecttree

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Entry is one directory entry as the tree shows it.
type Entry struct {
	Name  string
	Dir   bool   // a real directory (never a link to one)
	Link  bool   // a symbolic link, shown but never followed
	Other bool   // a FIFO, socket or device: shown, never opened
	Kind  string // for Other: what it is ("a named pipe (FIFO)"), for saying why it does not open
}

// Listing is one directory's read.
type Listing struct {
	Entries   []Entry
	Truncated int // entries past the cap, not listed
}

// Reader reads one directory of a work tree. The tree calls it from
// commands only, one directory per call.
type Reader interface {
	ReadDir(ctx context.Context, root, rel string) (Listing, error)
}

// Defaults of DirReader.
const (
	// DefaultReadTimeout is a read's deadline, counted from when it has a
	// slot (never from when it started waiting for one).
	DefaultReadTimeout = 3 * time.Second
	// DefaultSlotWait bounds the wait for a free slot. It is longer than
	// the read deadline on purpose: a slot comes free at the latest when
	// its read's deadline passes, so a healthy read queued behind wedged
	// ones still gets one.
	DefaultSlotWait   = 10 * time.Second
	DefaultMaxEntries = 2000
	// DefaultMaxReads bounds the reads in flight within their deadline.
	DefaultMaxReads = 4
	// DefaultMaxStuck bounds the reads still blocked in the filesystem
	// after their deadline. Each holds a goroutine and an OS thread until
	// the mount answers, so they must not grow with every retry.
	DefaultMaxStuck = 8
)

// The errors a read can end in besides the filesystem's own. Each is a
// short line the tree shows on the directory's row, beside the retry key.
var (
	// ErrReadTimeout means a directory did not answer within the deadline
	// (a wedged network mount, say); only that directory shows the error.
	ErrReadTimeout = errors.New("read timed out")
	// ErrStillWaiting means an earlier read of the same directory passed
	// its deadline and has not returned: it is not read again until then.
	ErrStillWaiting = errors.New("still waiting for the previous read")
	// ErrTooManyStuck means MaxStuck reads are blocked past their deadline;
	// new reads are refused until some return.
	ErrTooManyStuck = errors.New("too many reads stuck")
	// ErrNoSlot means every slot stayed busy for the whole SlotWait.
	ErrNoSlot = errors.New("waited too long for a free read slot")
)

// DirReader reads directories from the filesystem: without following a
// link at the last step, directories only (a FIFO put where a directory
// was is refused, never opened for reading), at most MaxEntries entries,
// under a deadline per read. It is safe for concurrent use.
//
// Its bounds, so that a wedged mount delays only its own directories:
//   - at most DefaultMaxReads reads hold a slot; a read's deadline starts
//     once it has one, and waiting for one is bounded by SlotWait;
//   - a read that passes its deadline gives its slot back at once and is
//     counted as stuck until the filesystem returns, so stuck reads never
//     starve healthy ones of slots;
//   - a directory has at most one read under way: a second request while
//     it is in flight shares its answer, and while it is stuck the request
//     is refused with ErrStillWaiting;
//   - no read starts while MaxStuck reads are stuck (ErrTooManyStuck), so
//     the goroutines blocked in the filesystem never exceed
//     DefaultMaxReads+MaxStuck however often the person retries.
type DirReader struct {
	Timeout    time.Duration
	SlotWait   time.Duration
	MaxEntries int
	MaxStuck   int

	slots chan struct{} // one token per read within its deadline

	mu    sync.Mutex
	calls map[string]*call // the read under way per directory path
	stuck int              // calls past their deadline, not yet returned

	// list does the read; tests swap it to model a filesystem that never
	// answers, which a test cannot mount.
	list func(path string, limit int) (Listing, error)
	// afterFunc runs f after d unless stopped; tests swap it for a clock
	// they move by hand.
	afterFunc func(d time.Duration, f func()) (stop func() bool)
}

// call is one read of one directory, shared by every request for that
// directory while it is in flight.
type call struct {
	done     chan struct{} // closed when list returned (l and err are set)
	expired  chan struct{} // closed when the deadline passed first
	l        Listing
	err      error
	finished bool
	stuck    bool
	requests int         // the ReadDir calls answered by this read
	stop     func() bool // the deadline's timer
}

// NewDirReader returns a reader with the defaults.
func NewDirReader() *DirReader {
	return &DirReader{Timeout: DefaultReadTimeout, SlotWait: DefaultSlotWait,
		MaxEntries: DefaultMaxEntries, MaxStuck: DefaultMaxStuck,
		slots: make(chan struct{}, DefaultMaxReads), calls: map[string]*call{},
		list: listDir, afterFunc: realAfterFunc}
}

func realAfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// ReadDir lists root/rel (rel is a slash path, "" for the root). The read
// runs on its own goroutine: when its deadline passes first, ReadDir
// returns ErrReadTimeout and the goroutine is left to finish on its own,
// counted as stuck meanwhile.
func (r *DirReader) ReadDir(ctx context.Context, root, rel string) (Listing, error) {
	if rel != "" && !filepath.IsLocal(filepath.FromSlash(rel)) {
		return Listing{}, errors.New("path outside the work tree")
	}
	c, err := r.start(ctx, filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return Listing{}, err
	}
	select {
	case <-c.done:
		return c.l, c.err
	case <-c.expired:
		return Listing{}, ErrReadTimeout
	case <-ctx.Done():
		return Listing{}, ctx.Err()
	}
}

// start returns the read of path under way, or starts one once a slot is
// free, or says why not.
func (r *DirReader) start(ctx context.Context, path string) (*call, error) {
	r.mu.Lock()
	c, err := r.existing(path)
	r.mu.Unlock()
	if c != nil || err != nil {
		return c, err
	}
	if err := r.takeSlot(ctx); err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	// Things may have changed while this waited for the slot.
	if c, err := r.existing(path); c != nil || err != nil {
		<-r.slots
		return c, err
	}
	c = &call{done: make(chan struct{}), expired: make(chan struct{}), requests: 1}
	r.calls[path] = c
	c.stop = r.afterFunc(r.Timeout, func() { r.expire(c) })
	go func() {
		l, err := r.list(path, r.MaxEntries)
		r.finish(path, c, l, err)
	}()
	return c, nil
}

// existing is the read of path to share, or the refusal when its earlier
// read is stuck or too many are; nil, nil means a new read may start.
// r.mu is held.
func (r *DirReader) existing(path string) (*call, error) {
	if c := r.calls[path]; c != nil {
		if c.stuck {
			return nil, ErrStillWaiting
		}
		c.requests++
		return c, nil
	}
	if r.stuck >= r.MaxStuck {
		return nil, ErrTooManyStuck
	}
	return nil, nil
}

// takeSlot waits for a free slot, at most SlotWait.
func (r *DirReader) takeSlot(ctx context.Context) error {
	select {
	case r.slots <- struct{}{}:
		return nil
	default:
	}
	gaveUp := make(chan struct{})
	stop := r.afterFunc(r.SlotWait, func() { close(gaveUp) })
	defer stop()
	select {
	case r.slots <- struct{}{}:
		return nil
	case <-gaveUp:
		return ErrNoSlot
	case <-ctx.Done():
		return ctx.Err()
	}
}

// expire runs when c's deadline passes: unless it returned meanwhile, it
// gives its slot back and counts as stuck.
func (r *DirReader) expire(c *call) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c.finished || c.stuck {
		return
	}
	c.stuck = true
	r.stuck++
	<-r.slots
	close(c.expired)
}

// finish records what list returned and ends c's accounting.
func (r *DirReader) finish(path string, c *call, l Listing, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	c.l, c.err, c.finished = l, err, true
	if c.stuck {
		r.stuck--
	} else {
		c.stop()
		<-r.slots
	}
	if r.calls[path] == c {
		delete(r.calls, path)
	}
	close(c.done)
}

// counts is the accounting: reads holding a slot and reads stuck past
// their deadline.
func (r *DirReader) counts() (reading, stuck int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.slots), r.stuck
}

// requests is how many ReadDir calls the read of path under way answers
// (0 when none is under way).
func (r *DirReader) requests(path string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c := r.calls[path]; c != nil {
		return c.requests
	}
	return 0
}

// listDir opens path as a directory without following a final link and
// reads up to limit entries, directories first, then by name.
func listDir(path string, limit int) (Listing, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil {
		return Listing{}, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	f := os.NewFile(uintptr(fd), path)
	defer f.Close()
	var l Listing
	for {
		batch, err := f.ReadDir(256)
		for _, d := range batch {
			if d.Name() == ".git" {
				continue
			}
			if len(l.Entries) >= limit {
				l.Truncated++
				continue
			}
			t := d.Type()
			l.Entries = append(l.Entries, Entry{Name: d.Name(), Dir: t.IsDir(), Link: t&fs.ModeSymlink != 0,
				Other: t&(fs.ModeNamedPipe|fs.ModeSocket|fs.ModeDevice|fs.ModeCharDevice) != 0, Kind: kindOf(t)})
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return Listing{}, err
		}
		if len(batch) == 0 {
			break
		}
	}
	slices.SortFunc(l.Entries, func(a, b Entry) int {
		if a.Dir != b.Dir {
			if a.Dir {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return l, nil
}

// kindOf names a special file's type for people; "" for the rest.
func kindOf(t fs.FileMode) string {
	switch {
	case t&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeDevice != 0:
		return "a device"
	}
	return ""
}
