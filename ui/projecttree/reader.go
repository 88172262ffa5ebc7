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
	"time"

	"golang.org/x/sys/unix"
)

// Entry is one directory entry as the tree shows it.
type Entry struct {
	Name  string
	Dir   bool // a real directory (never a link to one)
	Link  bool // a symbolic link, shown but never followed
	Other bool // a FIFO, socket or device: shown, never opened
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
	DefaultReadTimeout = 3 * time.Second
	DefaultMaxEntries  = 2000
	// DefaultMaxReads bounds the reads in flight; a read that outlives its
	// deadline gives its slot back, so a wedged mount cannot hold them all.
	DefaultMaxReads = 4
)

// ErrReadTimeout means a directory did not answer within the deadline (a
// wedged network mount, say); only that directory shows the error.
var ErrReadTimeout = errors.New("read timed out")

// DirReader reads directories from the filesystem: without following a
// link at the last step, directories only (a FIFO put where a directory
// was is refused, never opened for reading), at most MaxEntries entries,
// under a deadline per read. It is safe for concurrent use.
type DirReader struct {
	Timeout    time.Duration
	MaxEntries int
	slots      chan struct{}
	// list does the read; tests swap it to model a filesystem that never
	// answers, which a test cannot mount.
	list func(path string, limit int) (Listing, error)
}

// NewDirReader returns a reader with the defaults.
func NewDirReader() *DirReader {
	return &DirReader{Timeout: DefaultReadTimeout, MaxEntries: DefaultMaxEntries,
		slots: make(chan struct{}, DefaultMaxReads), list: listDir}
}

// ReadDir lists root/rel (rel is a slash path, "" for the root). The read
// runs on its own goroutine: when the deadline passes first, ReadDir
// returns ErrReadTimeout and the goroutine is left to finish on its own.
func (r *DirReader) ReadDir(ctx context.Context, root, rel string) (Listing, error) {
	if rel != "" && !filepath.IsLocal(filepath.FromSlash(rel)) {
		return Listing{}, errors.New("path outside the work tree")
	}
	ctx, cancel := context.WithTimeout(ctx, r.Timeout)
	defer cancel()
	select {
	case r.slots <- struct{}{}:
	case <-ctx.Done():
		return Listing{}, ErrReadTimeout
	}
	released := false
	release := func() {
		if !released {
			released = true
			<-r.slots
		}
	}
	defer release()
	type result struct {
		l   Listing
		err error
	}
	ch := make(chan result, 1)
	path := filepath.Join(root, filepath.FromSlash(rel))
	go func() {
		l, err := r.list(path, r.MaxEntries)
		ch <- result{l, err}
	}()
	select {
	case res := <-ch:
		return res.l, res.err
	case <-ctx.Done():
		return Listing{}, ErrReadTimeout
	}
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
				Other: t&(fs.ModeNamedPipe|fs.ModeSocket|fs.ModeDevice|fs.ModeCharDevice) != 0})
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
