package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/health"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/tmux"
)

// The start-up check runs once, after the monitor's first word, on what
// the owner saw: a session without a status tap makes its one notice,
// which names the Health key first; a warning already on screen keeps it
// quiet.
func TestHealthsStartUpNoticeRunsOnce(t *testing.T) {
	client := privateTmux(t)
	f := newWatchFixture(t, Deps{Tmux: client})
	a := f.add(watchWS1, "tab-a", agentstate.Idle)

	msgs, _ := f.report(f.scene(), agentstate.Working, a)
	var notice *healthNoticeMsg
	for _, m := range msgs {
		if n, ok := m.(healthNoticeMsg); ok {
			notice = &n
		}
	}
	if notice == nil {
		t.Fatalf("the first result started no health check: %#v", msgs)
	}
	msgs, _ = f.report(f.scene(), agentstate.Idle, a)
	for _, m := range msgs {
		if _, ok := m.(healthNoticeMsg); ok {
			t.Fatal("the start-up check ran twice")
		}
	}

	tapped := false
	for _, fd := range notice.findings {
		tapped = tapped || (fd.Check == "status tap" && fd.Level == health.Warn && strings.HasPrefix(fd.Detail, a.session+" has no status tap"))
	}
	if !tapped {
		t.Fatalf("the checks did not look at the owner's sessions: %+v", notice.findings)
	}
	_, out := f.o.Update(*notice, f.scene())
	want := "Health (H): " + strings.TrimPrefix(health.Summary(notice.findings), "health: ")
	if out.SayLevel != modal.LevelWarn || out.Say != want || !strings.Contains(out.Say, "more in Health") {
		t.Fatalf("notice %q at %v, want %q: the Health key first, the worst finding, the count of the rest", out.Say, out.SayLevel, want)
	}
	sc := f.scene()
	sc.warned = true
	if _, out := f.o.Update(*notice, sc); out.Say != "" {
		t.Fatalf("a second warning over one on screen: %q", out.Say)
	}
	if _, out := f.o.Update(healthNoticeMsg{}, f.scene()); out.Say != "" {
		t.Fatalf("nothing wrong, yet: %q", out.Say)
	}
}

// With no tmux (tests, or none configured) the start-up check never runs.
func TestNoHealthCheckWithoutTmux(t *testing.T) {
	f := newWatchFixture(t, Deps{})
	a := f.add(watchWS1, "tab-a", agentstate.Idle)
	msgs, _ := f.report(f.scene(), agentstate.Working, a)
	for _, m := range msgs {
		if _, ok := m.(healthNoticeMsg); ok {
			t.Fatal("a health check without tmux")
		}
	}
}

// Repairing taps: nothing to repair says so; a repair the session
// service refuses says why; one that worked counts the taps.
func TestRepairTapsSaysWhatItDid(t *testing.T) {
	e := testEngine(t)
	f := newWatchFixture(t, withEngine(Deps{}, e))
	if cmd, out := f.o.repairTaps(); cmd != nil || out.Say != "every session's status tap is working" {
		t.Fatalf("nothing to repair: %+v", out)
	}
	f.o.states = map[string]monitor.SessionState{"amux-gone": {Name: "amux-gone", Result: agentstate.Result{State: agentstate.Idle}}}
	cmd, _ := f.o.repairTaps()
	msgs := watchMsgs(cmd)
	if len(msgs) != 1 {
		t.Fatalf("%#v", msgs)
	}
	done := msgs[0].(tapsRepairedMsg)
	if done.err == nil || done.n != 0 {
		t.Fatalf("a session that is not there repaired: %+v", done)
	}
	if _, out := f.o.Update(done, f.scene()); out.SayLevel != modal.LevelError || !strings.HasPrefix(out.Say, "repair taps: ") {
		t.Fatalf("%+v", out)
	}
	if _, out := f.o.Update(tapsRepairedMsg{n: 2}, f.scene()); out.Say != "started 2 new status taps; r checks again" {
		t.Fatalf("%+v", out)
	}
}

// Installing an agent's hooks edits its own settings file (under HOME),
// once; removing takes amux's entries out, once; each result is said.
func TestVendorHooksInstallAndRemoveOnce(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	f := newWatchFixture(t, Deps{AmuxBin: "/opt/amux/bin/amux"})
	path := filepath.Join(home, ".claude", "settings.json")
	for _, c := range []struct {
		install bool
		says    string
	}{
		{true, "Claude Code hooks installed in " + path},
		{true, "Claude Code hooks: already installed in " + path},
		{false, "Claude Code hooks removed from " + path},
		{false, "no amux Claude Code hooks to remove in " + path},
	} {
		msgs := watchMsgs(f.o.vendorHooks(claudeHooks(), c.install))
		_, out := f.o.Update(msgs[0], f.scene())
		if out.SayLevel != modal.LevelInfo || !strings.HasPrefix(out.Say, c.says) {
			t.Fatalf("install=%v said %q, want %q", c.install, out.Say, c.says)
		}
		if b, _ := os.ReadFile(path); c.install != strings.Contains(string(b), "/opt/amux/bin/amux") {
			t.Fatalf("install=%v, the settings hold:\n%s", c.install, b)
		}
	}
	t.Setenv("HOME", "")
	msgs := watchMsgs(f.o.vendorHooks(claudeHooks(), true))
	if _, out := f.o.Update(msgs[0], f.scene()); out.SayLevel != modal.LevelError || !strings.HasPrefix(out.Say, "Claude Code hooks: ") {
		t.Fatalf("no HOME: %+v", out)
	}
}

// The spinner ticks while an agent works or the root is busy, is asked
// for once while a tick is scheduled, and stops when nothing animates.
func TestTheSpinnerTicksOnlyWhileSomethingAnimates(t *testing.T) {
	f := newWatchFixture(t, Deps{})
	a := f.add(watchWS1, "tab-a", agentstate.Idle)
	tick := func() tea.Msg { return nil }
	if f.o.keepAnimating(f.scene(), tick) != nil {
		t.Fatal("an idle screen ticks")
	}
	busy := f.scene()
	busy.busy = true
	if !f.o.animating(busy) {
		t.Fatal("the root's busy does not animate")
	}
	f.report(f.scene(), agentstate.Working, a)
	if f.o.keepAnimating(f.scene(), tick) == nil || f.o.keepAnimating(f.scene(), tick) != nil {
		t.Fatal("a working agent asks for one tick while one is scheduled")
	}
	if !f.o.ticked(f.scene()) {
		t.Fatal("the tick stopped while the agent works")
	}
	f.report(f.scene(), agentstate.Done, a)
	if f.o.ticked(f.scene()) {
		t.Fatal("the tick goes on with nothing animating")
	}
	a.attaching = true
	if f.o.keepAnimating(f.scene(), tick) == nil {
		t.Fatal("an attach does not start the spinner again")
	}
}

// The Health overlay's read runs the checks on the owner's latest states
// and the live settings, by the app's clock.
func TestHealthReadsTheOwnersStatesByItsClock(t *testing.T) {
	f := newWatchFixture(t, Deps{StateHome: t.TempDir()})
	f.o.states = map[string]monitor.SessionState{"s": {Name: "s"}}
	f.cfg.Status.StuckAfterMs = 1500
	in := f.o.healthInputs(f.scene())
	if !in.Now.Equal(f.now) || in.GateAfter != 1500*time.Millisecond || len(in.Sessions) != 1 || len(in.Registries) == 0 {
		t.Fatalf("%+v", in)
	}
	in.Sessions["t"] = monitor.SessionState{}
	if len(f.o.states) != 1 {
		t.Fatal("the checks hold the owner's own map")
	}
	msgs := watchMsgs(f.o.healthRead(f.scene()))
	if l, ok := msgs[0].(dialogs.LinesMsg); !ok || len(l.Lines) == 0 {
		t.Fatalf("%#v", msgs)
	}
}

// privateTmux is a client of a tmux server on a socket of this test's
// own, not started (health reads it as "not started yet"), killed at the
// end in case something started it.
func privateTmux(t *testing.T) *tmux.Client {
	t.Helper()
	c := tmux.New(tmux.Server{Name: fmt.Sprintf("amux-watch-%d", time.Now().UnixNano()), Config: os.DevNull})
	t.Cleanup(func() { _, _ = c.Run(context.Background(), "kill-server") })
	return c
}
