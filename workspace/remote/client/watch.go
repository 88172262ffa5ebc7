package client

import (
	"context"
	"sync"
	"time"
)

// changeWatch is a workspace.ChangeWatch fed by the host's pushed signals
// for one watch: at most one pending value, like the local watcher.
type changeWatch struct {
	ch    chan struct{}
	once  sync.Once
	mu    sync.Mutex
	done  bool
	close func() // tells the host (best effort)
}

func newChangeWatch() *changeWatch { return &changeWatch{ch: make(chan struct{}, 1)} }

// Changed receives one value per burst of changes the host saw.
func (w *changeWatch) Changed() <-chan struct{} { return w.ch }

// Close stops the watch here and on the host, and closes Changed.
func (w *changeWatch) Close() {
	w.once.Do(func() {
		w.mu.Lock()
		w.done = true
		close(w.ch)
		w.mu.Unlock()
		if w.close != nil {
			w.close()
		}
	})
}

func (w *changeWatch) signal() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return
	}
	select {
	case w.ch <- struct{}{}:
	default:
	}
}

// unwatchTimeout bounds telling the host a watch closed.
const unwatchTimeout = 5 * time.Second

func unwatchContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), unwatchTimeout)
}
