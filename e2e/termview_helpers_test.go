package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/ui/termview"
)

// embeddedView is a termview.Model driven the way a Bubble Tea program
// drives it: its commands run in goroutines and their messages come back
// through Update, one at a time, in the test's goroutine.
type embeddedView struct {
	t       testing.TB
	term    *termview.Terminal
	m       termview.Model
	results chan tea.Msg
	running int
}

// attachView attaches a view of width×height to session and closes it when
// the test ends.
func attachView(t testing.TB, srv *tmuxtest.Server, session string, width, height int) *embeddedView {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), harness.DefaultWait)
	defer cancel()
	term, err := termview.Attach(ctx, srv.Client, session, termview.Options{Width: width, Height: height})
	if err != nil {
		t.Fatalf("attach %s: %v", session, err)
	}
	t.Cleanup(func() { term.Close() })
	v := &embeddedView{t: t, term: term, m: termview.New(term), results: make(chan tea.Msg, 16)}
	v.run(v.m.Init())
	return v
}

// run starts a command the way Bubble Tea would.
func (v *embeddedView) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	v.running++
	go func() { v.results <- cmd() }()
}

// update hands msg to the model and runs what it returns.
func (v *embeddedView) update(msg tea.Msg) {
	var cmd tea.Cmd
	v.m, cmd = v.m.Update(msg)
	v.run(cmd)
}

// settle processes command results until cond holds or the deadline passes.
func (v *embeddedView) settle(what string, cond func() bool) {
	v.t.Helper()
	deadline := time.After(harness.DefaultWait)
	// What is waited for may be outside the view (tmux's idea of the pane's
	// size): look again now and then, not only when a message comes.
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if v.running == 0 {
			v.t.Fatalf("%s: nothing left to wait for; screen:\n%s", what, v.screen())
		}
		select {
		case msg := <-v.results:
			v.running--
			if msg != nil {
				v.update(msg)
			}
		case <-tick.C:
		case <-deadline:
			v.t.Fatalf("%s: timed out; screen:\n%s", what, v.screen())
		}
	}
}

// screen is the view as plain text.
func (v *embeddedView) screen() string { return ansi.Strip(v.m.View()) }

// waitText waits until the view shows s.
func (v *embeddedView) waitText(s string) {
	v.t.Helper()
	v.settle("waiting for "+s, func() bool { return strings.Contains(v.screen(), s) })
}

// waitModes waits until the attached program (through tmux) has set modes.
func (v *embeddedView) waitModes(modes termview.Modes) {
	v.t.Helper()
	v.settle("waiting for modes", func() bool { return v.term.Modes().Has(modes) })
}

// typeText presses one key per rune.
func (v *embeddedView) typeText(s string) {
	for _, r := range s {
		v.update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// press sends one key.
func (v *embeddedView) press(code rune, mod tea.KeyMod) {
	v.update(tea.KeyPressMsg{Code: code, Mod: mod})
}

// tmuxOut runs a tmux command and returns its trimmed output.
func tmuxOut(t testing.TB, srv *tmuxtest.Server, args ...string) string {
	t.Helper()
	return strings.TrimSpace(srv.MustRun(t, args...))
}
