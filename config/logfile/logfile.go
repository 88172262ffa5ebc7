// Package logfile is amux's log under the state home (logs/amux.log): an
// slog handler the engines log into, written 0600, bounded by rotation.
//
// Every record is one append (O_APPEND), so lines from two amux processes
// sharing a state home never interleave inside a line. When a write would
// take the file past its cap, the file is rotated under its advisory lock
// (the lock atomicfile uses for every file amux owns): amux.log.1 becomes
// amux.log.2 and so on, the oldest beyond Keep is dropped, amux.log becomes
// amux.log.1 and a fresh amux.log starts. Each rotation is a rename, so a
// reader always sees whole files. A writer whose file another process
// rotated notices (the path names another file) and reopens.
//
// It is a leaf: it imports only atomicfile.
package logfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// Dir and FileName place the log inside the state home.
const (
	Dir      = "logs"
	FileName = "amux.log"
)

// Defaults bound the log: at most (Keep+1)×MaxBytes on disk.
const (
	DefaultMaxBytes  = 1 << 20
	DefaultKeep      = 2
	maxRecord        = 16 << 10 // a longer record is cut: one line must not flush the log
	rotateLockWait   = 2 * time.Second
	filePerm         = 0o600
	dirPerm          = 0o700
	truncationMarker = "…[cut]\n"
)

// Path is the log file of a state home.
func Path(home string) string { return filepath.Join(home, Dir, FileName) }

// Options shape a log.
type Options struct {
	MaxBytes int64      // rotate before the file passes this; 0 is DefaultMaxBytes
	Keep     int        // rotated files kept (amux.log.1 …); 0 is DefaultKeep
	Level    slog.Level // the least level Handler passes; the zero value is Info
}

// File is an open log. It is safe for concurrent use.
type File struct {
	path string
	opts Options

	mu   sync.Mutex
	f    *os.File
	size int64
	ino  uint64
}

// Open opens (creating) the log of home.
func Open(home string, opts Options) (*File, error) {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	if opts.Keep <= 0 {
		opts.Keep = DefaultKeep
	}
	l := &File{path: Path(home), opts: opts}
	if err := os.MkdirAll(filepath.Dir(l.path), dirPerm); err != nil {
		return nil, err
	}
	if err := l.reopen(); err != nil {
		return nil, err
	}
	return l, nil
}

// Path is the file being written.
func (l *File) Path() string { return l.path }

// Handler returns an slog handler writing text records into the log at
// Options.Level and above.
func (l *File) Handler() slog.Handler {
	return slog.NewTextHandler(l, &slog.HandlerOptions{Level: l.opts.Level})
}

// Logger is slog.New(l.Handler()).
func (l *File) Logger() *slog.Logger { return slog.New(l.Handler()) }

// Write appends one record. slog's handlers write each record in one call,
// which is what keeps records whole.
func (l *File) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) > maxRecord {
		p = append(append([]byte(nil), p[:maxRecord-len(truncationMarker)]...), truncationMarker...)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return 0, os.ErrClosed
	}
	if l.replaced() {
		if err := l.reopen(); err != nil {
			return 0, err
		}
	}
	if l.size+int64(len(p)) > l.opts.MaxBytes {
		if err := l.rotate(); err != nil {
			return 0, err
		}
	}
	k, err := l.f.Write(p)
	l.size += int64(k)
	if err != nil {
		return k, err
	}
	return n, nil
}

// Close closes the log; later writes fail.
func (l *File) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}

// replaced reports whether the path no longer names the open file (another
// process rotated it, or someone removed it).
func (l *File) replaced() bool {
	fi, err := os.Lstat(l.path)
	return err != nil || inode(fi) != l.ino
}

// reopen opens the path for appending: never through a link, only a
// regular file.
func (l *File) reopen() error {
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, filePerm)
	if err != nil {
		return fmt.Errorf("log %s: %w", l.path, err)
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("log %s is not a regular file", l.path)
	}
	if err == nil {
		err = f.Chmod(filePerm)
	}
	if err != nil {
		f.Close()
		return err
	}
	if l.f != nil {
		l.f.Close()
	}
	l.f, l.size, l.ino = f, fi.Size(), inode(fi)
	return nil
}

// rotate shifts the files under the log's lock and starts a new one. If
// another process rotated meanwhile, the fresh file it left is used.
func (l *File) rotate() error {
	ctx, cancel := context.WithTimeout(context.Background(), rotateLockWait)
	defer cancel()
	unlock, err := atomicfile.Lock(ctx, l.path)
	if err != nil {
		return err
	}
	defer unlock()
	if fi, err := os.Lstat(l.path); err == nil && inode(fi) == l.ino {
		for i := l.opts.Keep; i >= 1; i-- {
			from := l.path
			if i > 1 {
				from = fmt.Sprintf("%s.%d", l.path, i-1)
			}
			if err := os.Rename(from, fmt.Sprintf("%s.%d", l.path, i)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	return l.reopen()
}

func inode(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}
