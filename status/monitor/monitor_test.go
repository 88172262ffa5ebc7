package monitor

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/events"
	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// fixture is a private server, a monitor polled by hand on a clock the
// test moves, and its history.
type fixture struct {
	srv *tmuxtest.Server
	mon *Monitor
	log *events.Log
	now time.Time
}

func newFixture(t *testing.T, instance string, srv *tmuxtest.Server, log *events.Log) *fixture {
	t.Helper()
	f := &fixture{srv: srv, log: log, now: time.Now()}
	f.mon = New(Options{Client: srv.Client, Instance: instance, Config: agentstate.DefaultConfig(), History: log})
	f.mon.now = func() time.Time { return f.now }
	t.Cleanup(func() {
		if f.mon.ctl != nil {
			f.mon.ctl.Close()
		}
	})
	return f
}

// poll is one pass that reads everything, as if tmux had said it all
// changed: these tests are about what a read leads to (changes_test.go is
// about when the monitor reads).
func (f *fixture) poll(t *testing.T) Result {
	t.Helper()
	f.mon.chg.all = true
	res := f.mon.poll(context.Background())
	for _, err := range res.Errs {
		t.Errorf("poll: %v", err)
	}
	return res
}

// session makes a hosted-looking session running command.
func session(t testing.TB, srv *tmuxtest.Server, name, kind string, command ...string) tmux.Created {
	t.Helper()
	tags := map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: "0123456789abcdef", tmux.TagType: kind,
		tmux.TagTab: "tab-t-1", tmux.TagCreatedAt: strconv.FormatInt(time.Now().Unix(), 10), "remain-on-exit": "on"}
	return srv.Session(t, name, tags, command...)
}

func show(t *testing.T, srv *tmuxtest.Server, session, key string) string {
	t.Helper()
	out, _ := srv.Run(context.Background(), "show-options", "-t", session, "-v", key)
	return strings.TrimSpace(out)
}

func waitDead(t *testing.T, srv *tmuxtest.Server, pane string) {
	t.Helper()
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out, _ := srv.Run(context.Background(), "display-message", "-p", "-t", pane, "#{pane_dead}")
		return strings.TrimSpace(out) == "1", "the pane's program has not exited"
	})
}

// An agent that exits publishes its final state at once — idle, with its
// exit status in @amux_exit_status — and a later start (a new instance,
// tags made stale meanwhile) publishes it again.
func TestExitedAgentPublishesFinalStateAlsoAfterARestart(t *testing.T) {
	srv := tmuxtest.New(t)
	c := session(t, srv, "amux-0123456789abcdef-tab-t-1", tmux.TypeAgent, "sh", "-c", "exit 3")
	waitDead(t, srv, c.PaneID)
	f := newFixture(t, "inst-a", srv, nil)
	f.poll(t) // claims the lease
	res := f.poll(t)
	st := res.Sessions["amux-0123456789abcdef-tab-t-1"]
	if st.State != agentstate.Stopped || !st.HasExit || st.Exit != 3 {
		t.Fatalf("state %+v", st.Result)
	}
	f.poll(t)
	name := "amux-0123456789abcdef-tab-t-1"
	if got := show(t, srv, name, tmux.TagAgentState); got != "idle" {
		t.Fatalf("@amux_agent_state = %q, want idle", got)
	}
	if got := show(t, srv, name, tmux.TagExitStatus); got != "3" {
		t.Fatalf("@amux_exit_status = %q, want 3", got)
	}
	f.mon.release()

	// Someone (an older amux) left the tags wrong; the next start fixes them.
	srv.MustRun(t, tmux.Chain(tmux.SetSessionOptionArgs(name, tmux.TagAgentState, "working"),
		tmux.UnsetSessionOptionArgs(name, tmux.TagExitStatus))...)
	g := newFixture(t, "inst-b", srv, nil)
	for range 3 {
		g.poll(t)
	}
	if a, e := show(t, srv, name, tmux.TagAgentState), show(t, srv, name, tmux.TagExitStatus); a != "idle" || e != "3" {
		t.Fatalf("after restart: state %q exit %q", a, e)
	}

	// Relaunched, the program runs again: the exit status goes away.
	if err := tmux.RespawnPane(context.Background(), srv, c.PaneID, "", []string{"sleep", "600"}); err != nil {
		t.Fatal(err)
	}
	g.poll(t)
	g.poll(t)
	if e := show(t, srv, name, tmux.TagExitStatus); e != "" {
		t.Fatalf("a running program keeps @amux_exit_status=%q", e)
	}
}

// The lease keys are readable per session with the contract's recipe, and
// the owner writes them in one command on a slow period.
func TestLeaseKeysPerSession(t *testing.T) {
	srv := tmuxtest.New(t)
	session(t, srv, "amux-0123456789abcdef-tab-t-1", tmux.TypeAgent)
	session(t, srv, "amux-0123456789abcdef-tab-t-2", tmux.TypeAgent)
	f := newFixture(t, "inst-lease", srv, nil)
	f.poll(t)
	f.poll(t)
	if !f.mon.owner {
		t.Fatal("the monitor never became the owner")
	}
	for _, name := range []string{"amux-0123456789abcdef-tab-t-1", "amux-0123456789abcdef-tab-t-2"} {
		if got := show(t, srv, name, tmux.TagSessionOwner); got != "inst-lease" {
			t.Fatalf("%s: @amux_session_owner = %q", name, got)
		}
		lease, _ := strconv.ParseInt(show(t, srv, name, tmux.TagSessionLeaseMs), 10, 64)
		beat, _ := strconv.ParseInt(show(t, srv, name, tmux.TagOwnerHeartbeatMs), 10, 64)
		if lease != f.now.UnixMilli()+leaseTTL.Milliseconds() || beat != f.now.UnixMilli() {
			t.Fatalf("%s: lease %d heartbeat %d at %d", name, lease, beat, f.now.UnixMilli())
		}
	}
	// A session that appears gets its copy in the next poll, without a
	// renewal of the others.
	session(t, srv, "amux-0123456789abcdef-tab-t-3", tmux.TypeAgent)
	f.now = f.now.Add(time.Second)
	f.poll(t)
	if got := show(t, srv, "amux-0123456789abcdef-tab-t-3", tmux.TagSessionOwner); got != "inst-lease" {
		t.Fatalf("new session: owner %q", got)
	}
	// Steady state: polls within the renewal period write nothing more.
	f.poll(t)
	before := f.mon.commands.Load()
	for range 2 {
		f.now = f.now.Add(time.Second)
		f.poll(t)
	}
	if n := f.mon.commands.Load() - before; n != 2 {
		t.Fatalf("%d command lines for 2 quiet polls, want one read each", n)
	}
	// The renewal comes on the slow period, as one command.
	f.now = f.now.Add(leaseRenew)
	before, sentBefore := f.mon.commands.Load(), f.mon.sent.Load()
	f.poll(t)
	if n := f.mon.commands.Load() - before; n != 2 {
		t.Fatalf("renewal poll sent %d command lines, want the read and one batched renewal", n)
	}
	// A renewal rewrites only what moves: the expiry and the heartbeat,
	// globally and on each of the three sessions (the name is in place).
	if n := f.mon.sent.Load() - sentBefore; n != 1+2+2*3 {
		t.Fatalf("renewal sent %d tmux commands, want the read and 2 keys × (global + 3 sessions)", n)
	}
	for _, name := range []string{"amux-0123456789abcdef-tab-t-1", "amux-0123456789abcdef-tab-t-3"} {
		lease, _ := strconv.ParseInt(show(t, srv, name, tmux.TagSessionLeaseMs), 10, 64)
		beat, _ := strconv.ParseInt(show(t, srv, name, tmux.TagOwnerHeartbeatMs), 10, 64)
		if owner := show(t, srv, name, tmux.TagSessionOwner); owner != "inst-lease" ||
			lease != f.now.UnixMilli()+leaseTTL.Milliseconds() || beat != f.now.UnixMilli() {
			t.Fatalf("%s after renewal: owner %q lease %d heartbeat %d at %d", name, owner, lease, beat, f.now.UnixMilli())
		}
	}
	// A session that appears in the very poll that renews gets the name
	// too: it inherits it from the global until then, which the
	// contract's recipe does not read.
	session(t, srv, "amux-0123456789abcdef-tab-t-4", tmux.TypeAgent)
	f.now = f.now.Add(leaseRenew)
	f.poll(t)
	if got := show(t, srv, "amux-0123456789abcdef-tab-t-4", tmux.TagSessionOwner); got != "inst-lease" {
		t.Fatalf("a session new at a renewal: owner %q", got)
	}
}

// A shell with marks: the command decides, with its exit code, and every
// transition lands in the history.
func TestTerminalCommandStatesAndHistory(t *testing.T) {
	srv := tmuxtest.New(t)
	name := "amux-0123456789abcdef-tab-t-1"
	c := session(t, srv, name, tmux.TypeTerminal)
	log := events.Open(filepath.Join(t.TempDir(), events.DirName))
	f := newFixture(t, "inst-term", srv, log)
	setCmd := func(state, exit string, started, ended time.Time) {
		args := [][]string{tmux.SetPaneOptionArgs(c.PaneID, tmux.PaneCommandState, state)}
		if exit != "" {
			args = append(args, tmux.SetPaneOptionArgs(c.PaneID, tmux.PaneCommandExit, exit))
		}
		args = append(args, tmux.SetPaneOptionArgs(c.PaneID, tmux.PaneCommandStartedAt, strconv.FormatInt(started.UnixMilli(), 10)))
		if !ended.IsZero() {
			args = append(args, tmux.SetPaneOptionArgs(c.PaneID, tmux.PaneCommandEndedAt, strconv.FormatInt(ended.UnixMilli(), 10)))
		}
		srv.MustRun(t, tmux.Chain(args...)...)
	}
	f.poll(t)
	f.poll(t)
	start := f.now
	setCmd("running", "", start, time.Time{})
	f.now = f.now.Add(time.Second)
	if st := f.poll(t).Sessions[name]; st.State != agentstate.Working {
		t.Fatalf("running command: %+v", st.Result)
	}
	setCmd("idle", "1", start, start.Add(300*time.Millisecond))
	f.now = f.now.Add(time.Second)
	st := f.poll(t).Sessions[name]
	if st.State != agentstate.Error || st.Exit != 1 || st.Attention {
		t.Fatalf("false: %+v", st.Result)
	}
	if got := show(t, srv, name, tmux.TagAgentState); got != "error" {
		t.Fatalf("published %q", got)
	}
	f.now = f.now.Add(time.Minute)
	f.poll(t)
	recs, err := log.Tail(name, 0)
	if err != nil {
		t.Fatal(err)
	}
	var path []string
	for _, r := range recs {
		path = append(path, r.From+">"+r.To+"/"+r.Source)
	}
	if got := strings.Join(path, " "); got != ">idle/activity idle>working/command working>error/command error>idle/command" {
		t.Fatalf("history %s", got)
	}
	if recs[2].Exit == nil || *recs[2].Exit != 1 || recs[2].Type != tmux.TypeTerminal || recs[2].Workspace != "0123456789abcdef" {
		t.Fatalf("error record %+v", recs[2])
	}
}

// An agent's full cycle from its reports, recorded by the owner only.
func TestHistoryRecordsAFullCycleByTheOwnerOnly(t *testing.T) {
	srv := tmuxtest.New(t)
	name := "amux-0123456789abcdef-tab-t-1"
	c := session(t, srv, name, tmux.TypeAgent)
	log := events.Open(filepath.Join(t.TempDir(), events.DirName))
	owner := newFixture(t, "inst-owner", srv, log)
	owner.poll(t)
	follower := newFixture(t, "inst-follower", srv, events.Open(filepath.Join(t.TempDir(), "follower")))
	report := func(state string, at time.Time) {
		srv.MustRun(t, tmux.Chain(tmux.SetPaneOptionArgs(c.PaneID, tmux.PaneReportedState, state),
			tmux.SetPaneOptionArgs(c.PaneID, tmux.PaneReportedAt, strconv.FormatInt(at.UnixMilli(), 10)))...)
	}
	step := func(d time.Duration) {
		owner.now = owner.now.Add(d)
		follower.now = owner.now
		owner.poll(t)
		follower.poll(t)
	}
	step(time.Second)
	report("working", owner.now)
	step(time.Second)
	report("done", owner.now)
	step(time.Second)
	step(time.Minute) // the done window passes
	recs, _ := log.Tail(name, 0)
	var path []string
	for _, r := range recs {
		path = append(path, r.From+">"+r.To)
	}
	if got := strings.Join(path, " "); got != ">idle idle>working working>done done>idle" {
		t.Fatalf("history %q", got)
	}
	if theirs, _ := follower.log.Tail(name, 0); len(theirs) != 0 || follower.mon.owner {
		t.Fatalf("the follower wrote history: %+v", theirs)
	}
}

// An agent on a pre-session screen is tracked from when it was first seen
// there, with the screen's question as its message.
func TestGatedAgentIsTrackedSinceFirstSeen(t *testing.T) {
	srv := tmuxtest.New(t)
	name := "amux-0123456789abcdef-tab-t-1"
	screen := "Do you trust the files in this folder?\\r\\n\\r\\n ❯ 1. Yes, proceed\\r\\n   2. No, exit\\r\\n"
	c := session(t, srv, name, tmux.TypeAgent, "sh", "-c", "printf '"+screen+"'; exec sleep 600")
	srv.MustRun(t, "set-option", "-t", name, tmux.TagAssistant, "claude")
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out, _ := tmux.CapturePane(context.Background(), srv, c.PaneID, 0, false)
		return strings.Contains(out, "No, exit"), out
	})
	set, _ := screenrules.Load("")
	f := newFixture(t, "inst-gate", srv, nil)
	f.mon.rules = func(assistant string, rows []string) *agentstate.ScreenVerdict {
		v, ok := set.Match(assistant, rows)
		if !ok {
			return nil
		}
		return &agentstate.ScreenVerdict{State: agentstate.State(v.State), Kind: v.Kind, Rule: v.Rule, Evidence: v.Evidence, Reason: v.Reason, Gate: v.Gate}
	}
	first := f.now
	f.poll(t)
	f.now = f.now.Add(2 * time.Minute)
	st := f.poll(t).Sessions[name]
	if st.State != agentstate.Blocked || !st.Gate || !st.GatedSince.Equal(first) || st.Message != "Do you trust the files in this folder?" {
		t.Fatalf("gate %+v since %v (first %v)", st.Result, st.GatedSince, first)
	}
}

// An edited rule file reaches an agent that sits still on a screen: the
// cached verdict holds only for the rules' generation it was matched with.
func TestReloadedRulesReachAStillScreen(t *testing.T) {
	srv := tmuxtest.New(t)
	name := "amux-0123456789abcdef-tab-t-1"
	c := session(t, srv, name, tmux.TypeAgent, "sh", "-c", "printf 'Apply the migration? [y/n]\\r\\n'; exec sleep 600")
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out, _ := tmux.CapturePane(context.Background(), srv, c.PaneID, 0, false)
		return strings.Contains(out, "[y/n]"), out
	})
	gen := 1
	f := newFixture(t, "inst-reload", srv, nil)
	f.mon.rulesGen = func() int { return gen }
	f.mon.rules = func(_ string, rows []string) *agentstate.ScreenVerdict {
		if gen < 2 || !strings.Contains(strings.Join(rows, "\n"), "[y/n]") {
			return nil // the rule is not written yet
		}
		return &agentstate.ScreenVerdict{State: agentstate.Blocked, Kind: "question", Rule: "yn", Reason: "Apply the migration?"}
	}
	f.now = f.now.Add(5 * time.Second) // the screen's second is over: its verdict is cached
	if st := f.poll(t).Sessions[name]; st.State == agentstate.Blocked {
		t.Fatalf("blocked before the rule exists: %+v", st.Result)
	}
	gen = 2 // the person saved the rule
	f.now = f.now.Add(time.Second)
	if st := f.poll(t).Sessions[name]; st.State != agentstate.Blocked {
		t.Fatalf("the reloaded rule did not reach the still screen: %+v", st.Result)
	}
}
