package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/events"
)

// A state in words, as the notification's body and AMUX_NOTIFY_TEXT say
// it.
func TestStateLineSaysAStateInWords(t *testing.T) {
	for _, c := range []struct {
		r    agentstate.Result
		want string
	}{
		{agentstate.Result{State: agentstate.Blocked, Kind: "permission", Message: "run rm?"}, "blocked (permission): run rm?"},
		{agentstate.Result{State: agentstate.Blocked}, "blocked"},
		{agentstate.Result{State: agentstate.Done}, "done"},
		{agentstate.Result{State: agentstate.Done, HasExit: true, Exit: 0}, "done (exit 0)"},
		{agentstate.Result{State: agentstate.Error, HasExit: true, Exit: 1, Message: "ignored"}, "error (exit 1)"},
		{agentstate.Result{State: agentstate.Error, Message: "rate limited"}, "error: rate limited"},
		{agentstate.Result{State: agentstate.Stopped, HasExit: true, Exit: 3}, "exited (status 3)"},
		{agentstate.Result{State: agentstate.Stopped, HasExit: true, Exit: 127}, "exited 127: command not found"},
		{agentstate.Result{State: agentstate.Stopped}, "exited"},
		{agentstate.Result{State: agentstate.Running}, "running"},
	} {
		if got := stateLine(c.r); got != c.want {
			t.Errorf("stateLine(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}

// The desktop notification follows the configured style, goes through
// tmux's passthrough when amux runs inside tmux, and names only the tab
// when its workspace is not known.
func TestTheNotificationFollowsItsStyle(t *testing.T) {
	for _, c := range []struct {
		style, ws string
		outer     bool
		want      string
	}{
		{config.NotifyOSC9, watchWS1, false, "\x1b]9;amux: auth-fix · tab-a: done\a"},
		{config.NotifyOSC777, watchWS1, false, "\x1b]777;notify;amux: auth-fix · tab-a;done\a"},
		{config.NotifyOff, watchWS1, false, ""},
		{config.NotifyOSC9, "9999999999999999", false, "\x1b]9;amux: tab-a: done\a"},
		{config.NotifyOSC9, watchWS1, true, "\x1bPtmux;\x1b\x1b]9;amux: auth-fix · tab-a: done\a\x1b\\"},
	} {
		f := newWatchFixture(t, Deps{OuterTmux: c.outer})
		f.cfg.UI.Notifications = c.style
		tb := &tab{id: "tab-a", title: "tab-a", state: agentstate.Result{State: agentstate.Done}}
		if got := f.o.notification(c.ws, tb, f.scene()); got != c.want {
			t.Errorf("%s in %s (outer tmux %v): %q, want %q", c.style, c.ws, c.outer, got, c.want)
		}
	}
}

// The timeline reads the workspace's last hour from the history, oldest
// first, naming open tabs by their labels and closed ones by their kind;
// other workspaces and older changes stay out.
func TestTheTimelineReadsTheWorkspacesLastHour(t *testing.T) {
	// Near the wall clock: the history skips files last written before
	// the span, by their modification time.
	now := time.Now().UTC().Truncate(time.Second)
	log := events.Open(t.TempDir())
	d := Deps{History: log, Zone: time.UTC, Now: func() time.Time { return now }}
	th := dialogs.LiveTheme(config.Defaults())
	read := func(wt *workspaceTabs) []string {
		msg := timelineRead(d, th, watchWS1, wt)().(dialogs.LinesMsg)
		for i, l := range msg.Lines {
			msg.Lines[i] = ansi.Strip(l)
		}
		return msg.Lines
	}
	if got := read(nil); len(got) != 1 || got[0] != "no state changed in the last hour" {
		t.Fatalf("an empty history: %q", got)
	}
	ctx := context.Background()
	for _, r := range []events.Record{
		{At: now.Add(-2 * time.Hour), Session: "amux-s-old", Workspace: watchWS1, Type: "agent", From: "idle", To: "working", Source: "reported"},
		{At: now.Add(-30 * time.Minute), Session: "amux-s-agent", Workspace: watchWS1, Type: "agent", From: "working", To: "blocked", Source: "reported", Kind: "question"},
		{At: now.Add(-20 * time.Minute), Session: "amux-s-term", Workspace: watchWS1, Type: "terminal", From: "running", To: "done", Source: "command"},
		{At: now.Add(-10 * time.Minute), Session: "amux-s-other", Workspace: watchWS2, Type: "agent", From: "idle", To: "working", Source: "reported"},
	} {
		if err := log.Append(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	wt := &workspaceTabs{tabs: []*tab{{session: "amux-s-agent", title: "planner"}}}
	got := read(wt)
	want := []string{
		now.Add(-30*time.Minute).Format("15:04:05") + " planner · working → blocked (reported, question)",
		now.Add(-20*time.Minute).Format("15:04:05") + " a closed terminal tab · running → done (command)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("timeline:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	d.History = nil
	if got := read(wt); len(got) != 1 || got[0] != "no history is kept" {
		t.Fatalf("no history: %q", got)
	}
}
