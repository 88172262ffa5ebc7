package termview

import (
	"context"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux/tmuxtest"
)

// A hidden tab shown while it is not focused yet (a tab switch shows the tab
// before focusing it) paints what its pane printed meanwhile as soon as its
// client's redraw lands, not a background interval later.
func TestShownUnfocusedViewPaintsTheRedrawAtOnce(t *testing.T) {
	const background = 20 * time.Second
	srv := tmuxtest.New(t)
	srv.Session(t, "s", nil, "cat")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	term, err := Attach(ctx, srv.Client, "s", Options{Width: 80, Height: 24, BackgroundInterval: background})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { term.Close() })
	nextFrame(t, term, func(*Frame) bool { return true })

	term.SetFocused(false)
	term.SetVisible(false)
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		flags := clientInfo(t, srv, "#{client_flags}")
		return strings.Contains(flags, "suspended"), "client flags: " + flags
	})
	srv.MustRun(t, "send-keys", "-t", "=s:", "-l", "while-hidden")
	srv.MustRun(t, "send-keys", "-t", "=s:", "Enter")
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out := srv.MustRun(t, "capture-pane", "-p", "-t", "=s:")
		return strings.Count(out, "while-hidden") == 2, out
	})

	shown := time.Now()
	at := term.setVisible(true) // the screen as it was, published at once
	if at == nil {
		t.Fatal("showing published no frame")
	}
	// nextFrame's deadline is a quarter of the background interval: room
	// for a loaded machine, and a frame paced as a background one misses it.
	nextFrame(t, term, func(f *Frame) bool {
		return f.Seq > at.Seq && strings.Contains(screenText(term), "while-hidden")
	})
	t.Logf("shown unfocused: the redraw's frame came after %v", time.Since(shown))
}
