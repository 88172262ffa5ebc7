package screenrules

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"
)

// reloadQuiet is how long the folder must stay quiet before a reload: an
// editor's save is several events (a temp file, a rename, a chmod).
const reloadQuiet = 150 * time.Millisecond

// Live is a rule set that follows the user's files: Watch reloads it when a
// file under <home>/screen-rules changes, without restarting amux. Match
// and Composer are safe to call from any goroutine while it reloads; a
// reload swaps the whole set at once.
type Live struct {
	home    string
	set     atomic.Pointer[Set]
	started chan struct{} // closed once Watch is watching
	once    sync.Once

	mu   sync.Mutex
	errs []error // the last load's problems
	gen  int     // loads so far, for tests and a debug view
}

// NewLive loads the rules under home once; Watch keeps them current.
func NewLive(home string) *Live {
	l := &Live{home: home, started: make(chan struct{})}
	l.reload()
	return l
}

// Set is the rule set in force.
func (l *Live) Set() *Set { return l.set.Load() }

// Match is Set().Match.
func (l *Live) Match(assistant string, screen []string) (Verdict, bool) {
	return l.Set().Match(assistant, screen)
}

// Composer is Set().Composer.
func (l *Live) Composer(assistant string, screen []string) (Composer, bool) {
	return l.Set().Composer(assistant, screen)
}

// Watching is closed once Watch watches the folder: a change after that is
// never missed.
func (l *Live) Watching() <-chan struct{} { return l.started }

// Errs returns the problems of the last load (bad user files), for the
// health check.
func (l *Live) Errs() []error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]error(nil), l.errs...)
}

// Generation counts loads (the first is 1).
func (l *Live) Generation() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.gen
}

func (l *Live) reload() {
	set, errs := Load(l.home)
	l.set.Store(set)
	l.mu.Lock()
	l.errs, l.gen = errs, l.gen+1
	l.mu.Unlock()
}

// Watch reloads the rules whenever the rules folder (or the state home, for
// a folder created or removed later) changes, until ctx ends. onReload, if
// set, runs after each reload. It returns an error only when the platform
// cannot watch at all; the loaded rules stay in force either way.
func (l *Live) Watch(ctx context.Context, onReload func()) error {
	if l.home == "" {
		return errors.New("screen rules: no state home to watch")
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	dir := filepath.Join(l.home, DirName)
	if err := os.MkdirAll(l.home, 0o700); err != nil {
		return err
	}
	if err := w.Add(l.home); err != nil {
		return err
	}
	watching := w.Add(dir) == nil
	l.once.Do(func() { close(l.started) })
	var quiet <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if filepath.Dir(ev.Name) == l.home && filepath.Base(ev.Name) != DirName {
				continue // another file of the state home
			}
			if !watching || ev.Name == dir {
				watching = w.Add(dir) == nil // created (or replaced) since
			}
			quiet = time.After(reloadQuiet)
		case <-w.Errors:
			quiet = time.After(reloadQuiet) // events may be lost: reload to be sure
		case <-quiet:
			quiet = nil
			l.reload()
			if onReload != nil {
				onReload()
			}
		}
	}
}
