package screen

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// Listen starts reading the terminal: keys, mouse, pastes and focus changes
// decoded by ultraviolet's TerminalReader (Bubble Tea's own decoder), and a
// uv.WindowSizeEvent whenever the terminal is resized (SIGWINCH) or resumed.
// send is called from one goroutine, in order, until Close; Bubble Tea's
// Program.Send fits (it turns uv events into its own messages). The answer
// to Open's synchronized-output query is consumed here.
//
// Every goroutine waits in the network poller or on a channel while
// nothing happens (see openInput): nothing here wakes on a timer.
func (s *Screen) Listen(send func(uv.Event)) error {
	cr, err := openInput(s.in)
	if err != nil {
		return err
	}
	tr := uv.NewTerminalReader(cr, uv.Environ(s.opts.Env).Getenv("TERM"))
	tr.EscTimeout = s.opts.EscTimeout
	ctx, cancel := context.WithCancel(context.Background())
	events := make(chan uv.Event)
	streamed := make(chan struct{})
	go func() {
		defer close(streamed)
		_ = tr.StreamEvents(ctx, events)
	}()
	go func() {
		for {
			select {
			case ev := <-events:
				if mr, ok := ev.(uv.ModeReportEvent); ok && mr.Mode == ansi.ModeSynchronizedOutput {
					s.setSync(syncSupported(mr.Value))
					continue
				}
				if ctx.Err() == nil {
					send(ev)
				}
			case <-streamed:
				return
			}
		}
	}()
	winch := make(chan os.Signal, 1)
	signal.Notify(winch, syscall.SIGWINCH)
	go func() {
		for {
			select {
			case <-winch:
				s.sendSize()
			case <-ctx.Done():
				return
			}
		}
	}()
	s.mu.Lock()
	s.send = send
	s.stop = func() {
		signal.Stop(winch)
		cancel()
		cr.Cancel()
		select {
		case <-streamed: // the reader let go of the terminal
		case <-time.After(time.Second):
		}
		_ = cr.Close()
	}
	s.mu.Unlock()
	return nil
}

// sendSize tells Listen's callback the terminal's current size.
func (s *Screen) sendSize() {
	s.mu.Lock()
	send := s.send
	s.mu.Unlock()
	if send == nil {
		return
	}
	if w, h, err := s.Size(); err == nil && w > 0 && h > 0 {
		send(uv.WindowSizeEvent{Width: w, Height: h})
	}
}
