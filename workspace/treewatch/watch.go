// Package treewatch tells when a work tree changed, so the Changes list
// refreshes when something happened and never on a timer: git status runs
// once per burst of changes, not once per second per workspace.
//
// It watches the work tree with inotify (through fsnotify), one watch per
// directory, bounded in number; it leaves git's internals alone except the
// few files that change what status reports (the index, HEAD and the refs
// an operation in progress writes). Events are coalesced: one signal at
// most Debounce after the first event of a burst. When inotify is not
// available or the tree needs more watches than allowed, it falls back to
// a slow poll that stats the tree (no git process) and signals only when
// the tree's fingerprint changed.
//
// It lives below the UI because it is I/O on the work tree; it is its own
// package because a watcher runs per open workspace for as long as the
// workspace is shown, which is none of the workspace engine's state.
package treewatch

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"amux.dev/amux/config/atomicfile"
)

// Defaults for Options.
const (
	DefaultDebounce   = 150 * time.Millisecond
	DefaultPoll       = 3 * time.Second
	DefaultMaxWatches = 4096
	// DefaultMaxPollEntries bounds one poll's walk; a tree larger than this
	// is fingerprinted by its first entries (and the git files).
	DefaultMaxPollEntries = 100_000
)

// Mode is how a Watcher learns about changes.
type Mode int

// Modes.
const (
	Inotify Mode = iota // one inotify watch per directory
	Polling             // a stat walk every Options.Poll
)

// Options configure a Watcher. Only Root is required.
type Options struct {
	Root string // the work tree's root directory
	// GitDir is the checkout's git directory (".git" inside Root for a main
	// checkout, <common>/worktrees/<id> for a linked one); "" means it is
	// found from Root/.git.
	GitDir string
	// Skip lists slash paths relative to Root of directories not to watch
	// (ignored ones such as node_modules, from git's ignore rules): their
	// contents never change what Changes shows.
	Skip           []string
	Debounce       time.Duration
	Poll           time.Duration
	MaxWatches     int
	MaxPollEntries int
	// ForcePoll starts in polling mode (tests; a filesystem known to drop
	// inotify events).
	ForcePoll bool
}

// Watcher signals changes of one work tree on C. Close stops it.
type Watcher struct {
	// C receives one value per coalesced burst of changes. It holds at
	// most one pending signal: a slow reader sees one, never a backlog.
	// Close closes it.
	C <-chan struct{}

	opts   Options
	out    chan struct{}
	skip   map[string]bool
	gitDir string

	mu      sync.Mutex
	mode    Mode
	reason  string // why it polls
	watches int

	fs   *fsnotify.Watcher
	stop chan struct{}
	done chan struct{}
}

// Start begins watching. It returns once the watches are in place (or the
// fallback chosen), so a change made after Start returns is seen.
func Start(opts Options) (*Watcher, error) {
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		return nil, errors.Join(errors.New("treewatch: root is not a directory"), err)
	}
	opts.Root = root
	if opts.Debounce <= 0 {
		opts.Debounce = DefaultDebounce
	}
	if opts.Poll <= 0 {
		opts.Poll = DefaultPoll
	}
	if opts.MaxWatches <= 0 {
		opts.MaxWatches = DefaultMaxWatches
	}
	if opts.MaxPollEntries <= 0 {
		opts.MaxPollEntries = DefaultMaxPollEntries
	}
	out := make(chan struct{}, 1)
	w := &Watcher{C: out, opts: opts, out: out, skip: map[string]bool{},
		stop: make(chan struct{}), done: make(chan struct{})}
	for _, s := range opts.Skip {
		w.skip[filepath.Join(root, filepath.FromSlash(s))] = true
	}
	w.gitDir = opts.GitDir
	if w.gitDir == "" {
		w.gitDir = findGitDir(root)
	}
	if opts.ForcePoll {
		w.fallback("polling was asked for")
	} else if err := w.startInotify(); err != nil {
		w.fallback(err.Error())
	}
	go w.loop(w.fingerprint())
	return w, nil
}

// Mode reports how the watcher works now and, when polling, why.
func (w *Watcher) Mode() (Mode, string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.mode, w.reason
}

// Watches reports how many inotify watches are in place.
func (w *Watcher) Watches() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.watches
}

// Changed is C, for callers that hold a watcher by its methods (the
// workspace services' ChangeWatch).
func (w *Watcher) Changed() <-chan struct{} { return w.C }

// Close stops the watcher and releases its watches. It is safe to call
// more than once.
func (w *Watcher) Close() {
	select {
	case <-w.stop:
	default:
		close(w.stop)
	}
	<-w.done
}

func (w *Watcher) fallback(reason string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fs != nil {
		w.fs.Close()
		w.fs = nil
	}
	w.mode, w.reason, w.watches = Polling, reason, 0
}

// errTooManyDirs means the tree needs more watches than allowed.
var errTooManyDirs = errors.New("the work tree has more directories than the watch limit")

func (w *Watcher) startInotify() error {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	w.mu.Lock()
	w.fs, w.mode = fw, Inotify
	w.mu.Unlock()
	if err := w.addTree(w.opts.Root); err != nil {
		return err
	}
	if w.gitDir != "" {
		if err := w.add(w.gitDir); err != nil {
			return err
		}
	}
	return nil
}

// addTree watches dir and every directory below it, except git's own and
// skipped ones.
func (w *Watcher) addTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // unreadable or vanished below: nothing to watch there
		}
		if !d.IsDir() {
			return nil
		}
		if p != dir && (d.Name() == ".git" || w.skip[p]) {
			return filepath.SkipDir
		}
		if p == dir && w.skip[p] {
			return filepath.SkipDir
		}
		return w.add(p)
	})
}

func (w *Watcher) add(p string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fs == nil {
		return errors.New("not watching")
	}
	if w.watches >= w.opts.MaxWatches {
		return errTooManyDirs
	}
	if err := w.fs.Add(p); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // gone before we got to it
		}
		return err // ENOSPC: the system's watch limit
	}
	w.watches++
	return nil
}

// relevant reports whether an event on path can change what Changes shows.
// Inside the git directory only the index, HEAD and the heads of an
// operation in progress count; lock files and objects never do.
func (w *Watcher) relevant(path string) bool {
	if w.gitDir != "" && filepath.Dir(path) == w.gitDir {
		switch filepath.Base(path) {
		case "index", "HEAD", "MERGE_HEAD", "ORIG_HEAD", "REBASE_HEAD", "CHERRY_PICK_HEAD":
			return true
		}
		return false
	}
	rel, err := filepath.Rel(w.opts.Root, path)
	if err != nil || !filepath.IsLocal(rel) {
		return false
	}
	for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
		if part == ".git" {
			return false
		}
	}
	return true
}

// findGitDir resolves root/.git: the directory itself, or the gitdir a
// linked worktree's .git file names.
func findGitDir(root string) string {
	dotgit := filepath.Join(root, ".git")
	fi, err := os.Lstat(dotgit)
	if err != nil {
		return ""
	}
	if fi.IsDir() {
		return dotgit
	}
	// The repository chose what is there: regular file only, no links,
	// capped, with a deadline.
	b, err := atomicfile.ReadRegular(root, ".git", 4096, time.Second)
	if err != nil {
		return ""
	}
	dir, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
	if !ok {
		return ""
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return ""
	}
	return filepath.Clean(dir)
}

func lstat(p string) (fs.FileInfo, error) { return os.Lstat(p) }
