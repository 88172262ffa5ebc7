package workspace

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"

	"amux.dev/amux/config/atomicfile"
)

// Captured script output is bounded: a file never grows past its cap
// (DefaultOutputCap, 1 MiB). When a write would take it past the cap the
// file is compacted to its first outputHead bytes (where the command and its
// early errors are), a one-line "[amux: N bytes of output elided]" marker,
// and the newest half-cap of output (where the failure usually is). The
// compaction is a rename over the file, so a reader opening the path always
// sees a whole file; Follower notices the swap and starts over.

// DefaultOutputCap bounds one captured output file.
const DefaultOutputCap = 1 << 20

// outputHead is how much of the beginning survives every compaction.
const outputHead = 64 << 10

// minOutputCap keeps head, marker and tail meaningful.
const minOutputCap = 4 * outputHead

// cappedFile is an io.Writer over a bounded output file. It is safe for
// concurrent writers (a script's stdout and stderr share it).
type cappedFile struct {
	mu     sync.Mutex
	path   string
	f      *os.File
	size   int64
	limit  int64
	elided int64
}

// createCapped starts a fresh capture at path, replacing an older one. The
// new file is renamed into place (a new inode, not a truncation), so a
// Follower of the previous run always notices the new one.
func createCapped(path string, limit int64) (*cappedFile, error) {
	if limit < minOutputCap {
		limit = minOutputCap
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &cappedFile{path: path, f: f, limit: limit}, nil
}

func (c *cappedFile) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(p)
	if c.f == nil {
		return n, nil // closed: late output from a straggler is dropped
	}
	// A single write larger than the kept tail only contributes its end.
	if keep := c.limit / 2; int64(len(p)) > keep {
		c.elided += int64(len(p)) - keep
		p = p[int64(len(p))-keep:]
	}
	if _, err := c.f.WriteAt(p, c.size); err != nil {
		return 0, err
	}
	c.size += int64(len(p))
	if c.size > c.limit {
		if err := c.compact(); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// compact rewrites the file as head + marker + newest half-cap, renamed
// over the path so readers never see a partial rewrite.
func (c *cappedFile) compact() error {
	keep := c.limit / 2
	dropped := c.size - outputHead - keep
	if dropped <= 0 {
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(c.path), "."+filepath.Base(c.path)+".tmp-*")
	if err != nil {
		return err
	}
	c.elided += dropped
	marker := fmt.Sprintf("\n[amux: %d bytes of output elided]\n", c.elided)
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	// The previous marker sits right after the head and falls in the
	// dropped middle, so markers never accumulate.
	if _, err := io.Copy(tmp, io.NewSectionReader(c.f, 0, outputHead)); err != nil {
		return err
	}
	if _, err := io.WriteString(tmp, marker); err != nil {
		return err
	}
	if _, err := io.Copy(tmp, io.NewSectionReader(c.f, c.size-keep, keep)); err != nil {
		return err
	}
	if err := tmp.Chmod(0o600); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), c.path); err != nil {
		return err
	}
	ok = true
	c.f.Close()
	c.f = tmp
	c.size = outputHead + int64(len(marker)) + keep
	return nil
}

// Close ends the capture; later writes are discarded.
func (c *cappedFile) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.f == nil {
		return nil
	}
	err := c.f.Close()
	c.f = nil
	return err
}

// ReadTail returns at most the last n bytes of a captured output file. A
// missing file reads as empty: the script has not started writing.
func ReadTail(path string, n int) ([]byte, error) {
	f, err := atomicfile.OpenState(path) // never a FIFO or a device

	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	off := max(fi.Size()-int64(n), 0)
	buf := make([]byte, fi.Size()-off)
	k, err := f.ReadAt(buf, off)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:k], nil
}

// Follower reads a captured output file incrementally while its script
// writes it: the UI polls Next and appends what it returns. It is not safe
// for concurrent use; give each viewer its own.
type Follower struct {
	path string
	off  int64
	ino  uint64
}

// NewFollower follows the file at path (which may not exist yet).
func NewFollower(path string) *Follower { return &Follower{path: path} }

// Next returns the bytes appended since the last call, at most limit. reset is
// true when the file was replaced (a compaction or a new run): the caller
// should discard what it showed and take data as the new beginning.
func (fl *Follower) Next(limit int) (data []byte, reset bool, err error) {
	f, err := atomicfile.OpenState(fl.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	var ino uint64
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		ino = st.Ino
	}
	if ino != fl.ino || fi.Size() < fl.off {
		reset = fl.ino != 0 || fl.off != 0
		fl.ino, fl.off = ino, 0
	}
	n := min(fi.Size()-fl.off, int64(limit))
	if n <= 0 {
		return nil, reset, nil
	}
	buf := make([]byte, n)
	k, err := f.ReadAt(buf, fl.off)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, reset, err
	}
	fl.off += int64(k)
	return buf[:k], reset, nil
}
