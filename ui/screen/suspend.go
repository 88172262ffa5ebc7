package screen

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Suspend does what Ctrl+Z does to a program in a shell: it gives the
// terminal back exactly as Open found it, stops the process group, and when
// the shell continues it (fg) takes the terminal again and repaints every
// cell. It blocks while stopped; draws meanwhile wait for the repaint. The
// size is sent to Listen's callback afterwards, in case it changed.
func (s *Screen) Suspend() error {
	cont := make(chan os.Signal, 1)
	signal.Notify(cont, syscall.SIGCONT)
	defer signal.Stop(cont)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errClosed
	}
	err := s.leaveLocked()
	s.mu.Unlock()
	if err != nil {
		return err
	}
	if err := syscall.Kill(0, syscall.SIGTSTP); err != nil {
		return s.resume(err)
	}
	<-cont
	return s.resume(nil)
}

// resume takes the terminal again after Suspend and repaints it.
func (s *Screen) resume(cause error) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errClosed
	}
	if err := s.enterLocked(); err != nil {
		s.mu.Unlock()
		return err
	}
	s.last = time.Time{}
	s.presentLocked(time.Now())
	s.mu.Unlock()
	s.sendSize()
	return cause
}
