package app

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
)

// watchFixture is a supervision owner over the tabs of two workspaces of
// a loaded snapshot, with a clock the test moves and a log it reads.
type watchFixture struct {
	o    *superviseOwner
	tabs tabSet
	cfg  config.Config
	snap snapshot
	now  time.Time
	log  bytes.Buffer
}

const (
	watchWS1 = "1111111111111111" // auth-fix, in /home/dev/code/api
	watchWS2 = "2222222222222222" // perf-pass
)

func newWatchFixture(t *testing.T, d Deps) *watchFixture {
	t.Helper()
	f := &watchFixture{tabs: tabSet{}, cfg: config.Defaults(), snap: sampleSnapshot(),
		now: time.Date(2030, 1, 2, 15, 0, 0, 0, time.UTC)}
	d.Config, d.Now, d.Log = f.cfg, func() time.Time { return f.now }, slog.New(slog.NewTextHandler(&f.log, nil))
	f.o = newSuperviseOwner(d, "H")
	return f
}

// add opens a tab of session in wsID, in state st.
func (f *watchFixture) add(wsID, id string, st agentstate.State) *tab {
	t := &tab{id: id, session: "amux-" + wsID + "-" + id, kind: "agent", assistant: "claude", title: id,
		state: agentstate.Result{State: st}}
	wt := f.tabs.ensure(wsID)
	wt.tabs = append(wt.tabs, t)
	return t
}

func (f *watchFixture) scene() watchScene {
	return watchScene{tabs: f.tabs, cfg: &f.cfg, snap: &f.snap, th: dialogs.LiveTheme(f.cfg)}
}

// report hands the owner a monitor result saying tabs ts are now in st
// (Attention as the classifier sets it), runs the commands it answered
// and returns their messages and its outcome.
func (f *watchFixture) report(sc watchScene, st agentstate.State, ts ...*tab) ([]tea.Msg, modal.Outcome) {
	res := monitor.Result{Sessions: map[string]monitor.SessionState{}}
	for _, t := range ts {
		res.Sessions[t.session] = monitor.SessionState{Name: t.session, Type: "agent", Result: agentstate.Result{
			State: st, Kind: "question", Message: "may I?", Source: agentstate.SourceReported,
			Attention: st == agentstate.Blocked || st == agentstate.Done || st == agentstate.Error}}
	}
	cmd, out := f.o.Update(monitorMsg{res}, sc)
	return watchMsgs(cmd), out
}

// watchMsgs runs cmd and every command of a batch it returns.
func watchMsgs(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, watchMsgs(c)...)
		}
		return out
	}
	if msg == nil {
		return nil
	}
	return []tea.Msg{msg}
}

// raws are the bytes written to the terminal: bells and notifications.
func raws(msgs []tea.Msg) (bells int, notes []string) {
	for _, m := range msgs {
		if r, ok := m.(tea.RawMsg); ok {
			if r.Msg == "\a" {
				bells++
			} else {
				notes = append(notes, r.Msg.(string))
			}
		}
	}
	return bells, notes
}

// A tab turning blocked rings the bell once and posts one notification
// naming its workspace and question; the same word again is no news, and
// a first sighting (a tab that just appeared) neither rings nor notifies.
func TestAnEdgeToBlockedRingsOnceAndNotifiesOnce(t *testing.T) {
	f := newWatchFixture(t, Deps{})
	a := f.add(watchWS1, "tab-a", agentstate.Working)
	fresh := f.add(watchWS2, "tab-b", "")

	msgs, out := f.report(f.scene(), agentstate.Blocked, a, fresh)
	bells, notes := raws(msgs)
	if bells != 1 || len(notes) != 1 {
		t.Fatalf("%d bells and notifications %q, want one each", bells, notes)
	}
	if want := "\x1b]9;amux: auth-fix · tab-a: blocked (question): may I?\a"; notes[0] != want {
		t.Fatalf("notification %q, want %q", notes[0], want)
	}
	if !a.attention || !a.attentionSince.Equal(f.now) || fresh.attention {
		t.Fatalf("attention: the blocked tab %v since %v, the fresh one %v", a.attention, a.attentionSince, fresh.attention)
	}
	if len(out.Do) != 1 || out.Do[0] != (badgesReq{}) {
		t.Fatalf("the outcome asks %+v, want the badges drawn again", out.Do)
	}
	if f.o.states[a.session].State != agentstate.Blocked {
		t.Fatal("the owner did not keep the latest states for tabs that appear later")
	}

	msgs, _ = f.report(f.scene(), agentstate.Blocked, a, fresh)
	if bells, notes := raws(msgs); bells != 0 || len(notes) != 0 {
		t.Fatalf("the same state again rang %d and notified %q", bells, notes)
	}
}

// A finished turn notifies; it rings only with the bell on done set, and
// a working agent rings nothing and takes the mark away.
func TestDoneRingsOnlyWithBellOnDone(t *testing.T) {
	for _, bellOnDone := range []bool{false, true} {
		f := newWatchFixture(t, Deps{})
		f.cfg.UI.BellOnDone = bellOnDone
		a := f.add(watchWS1, "tab-a", agentstate.Working)
		msgs, _ := f.report(f.scene(), agentstate.Done, a)
		bells, notes := raws(msgs)
		if want := map[bool]int{false: 0, true: 1}[bellOnDone]; bells != want || len(notes) != 1 {
			t.Fatalf("bell on done %v: %d bells, %d notifications", bellOnDone, bells, len(notes))
		}
		msgs, _ = f.report(f.scene(), agentstate.Working, a)
		if bells, notes := raws(msgs); bells != 0 || len(notes) != 0 || a.attention {
			t.Fatalf("back to work: %d bells, %q, attention %v", bells, notes, a.attention)
		}
	}
}

// The tab a person is looking at is acknowledged as it turns done, but
// a blocked one keeps its mark until it is answered.
func TestTheShownTabIsAcknowledgedUnlessBlocked(t *testing.T) {
	f := newWatchFixture(t, Deps{})
	a := f.add(watchWS1, "tab-a", agentstate.Working)
	sc := f.scene()
	sc.shown, sc.active = a, a
	f.report(sc, agentstate.Done, a)
	if a.attention {
		t.Fatal("the shown tab kept its done mark")
	}
	f.report(sc, agentstate.Blocked, a)
	if !a.attention {
		t.Fatal("the shown blocked tab lost its mark before it was answered")
	}
}

// The notify command runs with the event in its environment, and at most
// once per session and state within the gap; the clock moving past the
// gap lets it run again.
func TestTheNotifyCommandRunsWithTheEventAndIsRateLimited(t *testing.T) {
	f := newWatchFixture(t, Deps{})
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	f.cfg.Notify = config.Notify{On: []string{"blocked"},
		Command: []string{"sh", "-c", `env | grep '^AMUX_NOTIFY_' | sort > "$0.$AMUX_NOTIFY_STATE"; echo run >> "$0"`, runs}}
	a := f.add(watchWS1, "tab-a", agentstate.Working)

	f.report(f.scene(), agentstate.Blocked, a)
	env, err := os.ReadFile(runs + ".blocked")
	if err != nil {
		t.Fatalf("the command did not run: %v (log: %s)", err, f.log.String())
	}
	for _, want := range []string{"AMUX_NOTIFY_WORKSPACE=auth-fix", "AMUX_NOTIFY_WORKSPACE_ID=" + watchWS1,
		"AMUX_NOTIFY_PROJECT=api", "AMUX_NOTIFY_TAB=tab-a", "AMUX_NOTIFY_SESSION=" + a.session,
		"AMUX_NOTIFY_ASSISTANT=claude", "AMUX_NOTIFY_STATE=blocked", "AMUX_NOTIFY_KIND=question",
		"AMUX_NOTIFY_REASON=may I?", "AMUX_NOTIFY_TEXT=blocked (question): may I?", "AMUX_NOTIFY_TIME=2030-01-02T15:00:00Z"} {
		if !strings.Contains(string(env), want+"\n") {
			t.Errorf("the environment lacks %q:\n%s", want, env)
		}
	}

	// Working then blocked again, within the gap: not run, logged.
	f.now = f.now.Add(notifySessionGap / 2)
	f.report(f.scene(), agentstate.Working, a)
	f.report(f.scene(), agentstate.Blocked, a)
	if n := countLines(t, runs); n != 1 {
		t.Fatalf("ran %d times within the gap, want 1", n)
	}
	if !strings.Contains(f.log.String(), "notify command skipped: rate limit") {
		t.Fatalf("the skipped run is not logged: %s", f.log.String())
	}
	// A state not asked for never runs it.
	f.report(f.scene(), agentstate.Done, a)
	if _, err := os.Stat(runs + ".done"); err == nil {
		t.Fatal("the command ran for done, which the config does not ask for")
	}

	f.now = f.now.Add(notifySessionGap)
	f.report(f.scene(), agentstate.Working, a)
	f.report(f.scene(), agentstate.Blocked, a)
	if n := countLines(t, runs); n != 2 {
		t.Fatalf("ran %d times after the gap, want 2", n)
	}
}

func countLines(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

// The attention jump shows the most urgent tab — blocked before done,
// then the oldest done — and walks on from the one shown; with nothing to
// see it says so.
func TestTheAttentionJumpPicksTheMostUrgent(t *testing.T) {
	f := newWatchFixture(t, Deps{})
	if out := f.o.jump(f.scene()); out.Say != "no tab needs attention" || len(out.Do) != 0 {
		t.Fatalf("with nothing to see: %+v", out)
	}
	f.add(watchWS1, "idle", agentstate.Idle)
	done := f.add(watchWS1, "done", agentstate.Working)
	f.report(f.scene(), agentstate.Done, done)
	f.now = f.now.Add(time.Minute)
	f.add(watchWS2, "first", agentstate.Working)
	blocked := f.add(watchWS2, "blocked", agentstate.Working)
	f.report(f.scene(), agentstate.Blocked, blocked)

	out := f.o.jump(f.scene())
	if len(out.Do) != 1 || out.Do[0] != (attentionShowReq{watchWS2}) || f.tabs.of(watchWS2).active != 1 {
		t.Fatalf("first jump: %+v, active %d; want the blocked tab of %s", out, f.tabs.of(watchWS2).active, watchWS2)
	}
	if !blocked.attention {
		t.Fatal("jumping to a blocked tab took its mark: it is not answered yet")
	}
	sc := f.scene()
	sc.active = blocked
	out = f.o.jump(sc)
	if len(out.Do) != 1 || out.Do[0] != (attentionShowReq{watchWS1}) || f.tabs.of(watchWS1).active != 1 || done.attention {
		t.Fatalf("second jump: %+v, active %d, done marked %v; want the done tab, seen", out, f.tabs.of(watchWS1).active, done.attention)
	}
}

// Through the root, ! selects the blocked tab's workspace and focuses
// the tab area.
func TestTheAttentionKeyShowsTheBlockedTab(t *testing.T) {
	m := newTestModel(t, 120, 40)
	m.list.rows.Move(1) // onto auth-fix
	tb := &tab{id: "tab-b", session: "amux-" + watchWS2 + "-tab-b", kind: "agent", state: agentstate.Result{State: agentstate.Working}}
	m.tabs.ensure(watchWS2).tabs = []*tab{tb}
	m.update(monitorMsg{monitor.Result{Sessions: map[string]monitor.SessionState{tb.session: {Name: tb.session,
		Result: agentstate.Result{State: agentstate.Blocked, Attention: true}}}}})
	pressAction(t, m, actAttention)
	if m.list.selectedID() != watchWS2 || m.focus != focusTabArea || m.activeTab() != tb {
		t.Fatalf("after !: workspace %q, focus %v, tab %v", m.list.selectedID(), m.focus, m.activeTab())
	}
}

// A first task typed but not seen taken is confirmed by the agent's own
// working state, not by activity on its screen; an agent that exits
// before its task went out loses it, and the outcome says so.
func TestAFirstTaskIsConfirmedByTheAgentsOwnWorkingState(t *testing.T) {
	f := newWatchFixture(t, Deps{})
	a := f.add(watchWS1, "tab-a", agentstate.Idle)
	a.firstTask, a.taskSent, a.delivery = "fix the tests", true, deliveryNotConfirmed
	report := func(st agentstate.Result, ts ...*tab) modal.Outcome {
		res := monitor.Result{Sessions: map[string]monitor.SessionState{}}
		for _, t := range ts {
			res.Sessions[t.session] = monitor.SessionState{Name: t.session, Result: st}
		}
		_, out := f.o.Update(monitorMsg{res}, f.scene())
		return out
	}
	report(agentstate.Result{State: agentstate.Working, Source: agentstate.SourceActivity}, a)
	if a.delivery != deliveryNotConfirmed {
		t.Fatalf("screen activity confirmed the task: delivery %q", a.delivery)
	}
	report(agentstate.Result{State: agentstate.Idle, Source: agentstate.SourceReported}, a)
	report(agentstate.Result{State: agentstate.Working, Source: agentstate.SourceReported}, a)
	if a.delivery != "" {
		t.Fatalf("the agent's own working state left delivery %q", a.delivery)
	}

	b := f.add(watchWS2, "tab-b", agentstate.Idle)
	b.firstTask = "write docs"
	out := report(agentstate.Result{State: agentstate.Stopped, HasExit: true, Exit: 3}, b)
	if out.SayLevel != modal.LevelWarn || out.Say != "tab-b: first task not delivered: the agent exited (status 3): write docs" || !b.taskSent {
		t.Fatalf("an agent gone before its task: %+v, sent %v", out, b.taskSent)
	}
}
