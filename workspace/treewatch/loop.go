package treewatch

import (
	"errors"
	"hash/fnv"
	"io/fs"
	"path/filepath"
	"strconv"
	"time"

	"github.com/fsnotify/fsnotify"
)

// loop turns raw events (or poll results) into coalesced signals. last is
// the fingerprint taken before Start returned.
func (w *Watcher) loop(last uint64) {
	defer close(w.done)
	defer close(w.out) // a reader waiting on C learns the watcher is gone
	var (
		timer   *time.Timer
		pending <-chan time.Time
		// The poll ticker runs only while polling: a watcher on inotify
		// must not wake every few seconds for nothing (one per watched
		// tree, open all day).
		poll  *time.Ticker
		polls <-chan time.Time
	)
	defer func() {
		if poll != nil {
			poll.Stop()
		}
	}()
	arm := func() {
		if pending == nil {
			timer = time.NewTimer(w.opts.Debounce)
			pending = timer.C
		}
	}
	for {
		events, errs := w.channels()
		if events == nil && poll == nil {
			poll = time.NewTicker(w.opts.Poll)
			polls = poll.C
		}
		select {
		case <-w.stop:
			if timer != nil {
				timer.Stop()
			}
			w.fallback("closed")
			return
		case ev, ok := <-events:
			if !ok {
				continue
			}
			if w.handle(ev) {
				arm()
			}
		case err, ok := <-errs:
			if !ok {
				continue
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				arm() // events were lost: something changed
				continue
			}
			w.fallback("inotify failed: " + err.Error())
			arm()
		case <-pending:
			pending = nil
			w.signal()
		case <-polls:
			if fp := w.fingerprint(); fp != last {
				last = fp
				w.signal()
			}
		}
	}
}

// channels returns the inotify channels, or nil ones (never ready) while
// polling.
func (w *Watcher) channels() (chan fsnotify.Event, chan error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fs == nil {
		return nil, nil
	}
	return w.fs.Events, w.fs.Errors
}

// handle takes one event: a new directory gets its watches (falling back
// to polling past the limit), and it says whether the event counts.
func (w *Watcher) handle(ev fsnotify.Event) bool {
	if !w.relevant(ev.Name) {
		return false
	}
	if ev.Has(fsnotify.Create) && filepath.Dir(ev.Name) != w.gitDir {
		if fi, err := lstat(ev.Name); err == nil && fi.IsDir() && !w.skip[ev.Name] {
			if err := w.addTree(ev.Name); err != nil {
				w.fallback(err.Error())
			}
		}
	}
	return true
}

func (w *Watcher) signal() {
	select {
	case w.out <- struct{}{}:
	default: // one is pending already
	}
}

// fingerprint hashes the name, size and modification time of every entry
// of the tree (up to MaxPollEntries) and of the git files that matter. It
// is computed only while polling, and at start.
func (w *Watcher) fingerprint() uint64 {
	if mode, _ := w.Mode(); mode != Polling {
		return 0
	}
	h := fnv.New64a()
	n := 0
	add := func(p string, fi fs.FileInfo) {
		h.Write([]byte(p))
		h.Write([]byte(strconv.FormatInt(fi.Size(), 36)))
		h.Write([]byte(strconv.FormatInt(fi.ModTime().UnixNano(), 36)))
		h.Write([]byte(fi.Mode().String()))
	}
	_ = filepath.WalkDir(w.opts.Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && p != w.opts.Root && (d.Name() == ".git" || w.skip[p]) {
			return filepath.SkipDir
		}
		if n++; n > w.opts.MaxPollEntries {
			return filepath.SkipAll
		}
		if fi, err := d.Info(); err == nil {
			add(p, fi)
		}
		return nil
	})
	if w.gitDir != "" {
		for _, name := range []string{"index", "HEAD", "MERGE_HEAD", "ORIG_HEAD", "REBASE_HEAD"} {
			p := filepath.Join(w.gitDir, name)
			if fi, err := lstat(p); err == nil {
				add(p, fi)
			}
		}
	}
	return h.Sum64()
}
