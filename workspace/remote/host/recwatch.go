package host

import (
	"os"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"

	"amux.dev/amux/workspace"
)

// recordsSettle coalesces a burst of file events (one transaction renames
// a temporary file into place, a create writes several files) into one
// read of the records.
const recordsSettle = 50 * time.Millisecond

// recordsWatch tells when the host's records may have changed, by what the
// kernel says of the state home — whoever wrote them (this host's engine,
// or a person's amux on the host): the registries in the state home, the
// workspaces folder and each workspace's metadata folder. Only entries
// appearing, going or being renamed count: every record write is a rename
// into place, and a script's output appending to its log is no change of a
// record.
type recordsWatch struct {
	w      *fsnotify.Watcher
	layout workspace.Layout
	out    chan struct{} // capacity 1: read the records
	done   chan struct{}
}

// registries are the files of the state home whose change a record pushed
// to the client reflects (trust decides what waits for approval).
var registries = map[string]bool{"projects.json": true, "project-env.json": true, "project-scripts.json": true,
	"trusted-scripts.json": true, "workspaces": true}

// watchRecords starts watching home; nil when the kernel refuses (the
// safety net's re-reads remain).
func watchRecords(home string) *recordsWatch {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil
	}
	if err := w.Add(home); err != nil {
		_ = w.Close()
		return nil
	}
	rw := &recordsWatch{w: w, layout: workspace.Layout{Home: home}, out: make(chan struct{}, 1), done: make(chan struct{})}
	rw.addWorkspaces()
	go rw.loop()
	return rw
}

// Changed receives a value once a burst of changes has settled.
func (rw *recordsWatch) Changed() <-chan struct{} {
	if rw == nil {
		return nil
	}
	return rw.out
}

// Close stops the watch.
func (rw *recordsWatch) Close() {
	if rw == nil {
		return
	}
	_ = rw.w.Close()
	<-rw.done
}

// addWorkspaces watches the workspaces folder and every metadata folder in
// it (those made meanwhile are added as their events arrive).
func (rw *recordsWatch) addWorkspaces() {
	dir := rw.layout.WorkspacesDir()
	if rw.w.Add(dir) != nil {
		return
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() {
			_ = rw.w.Add(filepath.Join(dir, e.Name()))
		}
	}
}

func (rw *recordsWatch) loop() {
	defer close(rw.done)
	settle := time.NewTimer(time.Hour)
	settle.Stop()
	defer settle.Stop()
	for {
		select {
		case ev, ok := <-rw.w.Events:
			if !ok {
				return
			}
			if rw.counts(ev) {
				settle.Reset(recordsSettle)
			}
		case _, ok := <-rw.w.Errors:
			if !ok {
				return
			}
			// An overflow lost events: read anyway.
			settle.Reset(recordsSettle)
		case <-settle.C:
			select {
			case rw.out <- struct{}{}:
			default:
			}
		}
	}
}

// counts reports whether ev may change a record, adding folders that
// appeared to the watch.
func (rw *recordsWatch) counts(ev fsnotify.Event) bool {
	if !ev.Has(fsnotify.Create) && !ev.Has(fsnotify.Remove) && !ev.Has(fsnotify.Rename) {
		return false
	}
	dir, name := filepath.Dir(ev.Name), filepath.Base(ev.Name)
	switch dir {
	case rw.layout.Home:
		if name == "workspaces" && ev.Has(fsnotify.Create) {
			rw.addWorkspaces()
		}
		return registries[name]
	case rw.layout.WorkspacesDir():
		if ev.Has(fsnotify.Create) {
			if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
				_ = rw.w.Add(ev.Name)
			}
		}
		return true
	}
	return true // inside a workspace's metadata folder
}
