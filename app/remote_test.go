package app

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/ui/projectlist"
	"amux.dev/amux/workspace/remote/client"
	"amux.dev/amux/workspace/remote/fleet"
)

// The list shows this machine first, then each host with its status, and
// under a connected host the projects and workspaces it pushed; a host
// that is down keeps its rows, which say so.
func TestHostsAndTheirWorkspacesAreListedUnderThem(t *testing.T) {
	f := &fakeFleet{}
	f.setHost(buildHost("working"))
	f.setHost(fleet.Host{Name: "gpu", Dest: "gpu", Status: fleet.Unreachable, Since: driverNow.Add(-time.Hour)})
	m := newFleetModel(t, f, 120, 40)
	s := screenText(m)
	for _, want := range []string{projectlist.ThisMachine, "auth-fix", "build", "connected", "shop", "checkout-flow", "gpu", "unreachable 09:00"} {
		if !strings.Contains(s, want) {
			t.Fatalf("%q is not on the screen:\n%s", want, s)
		}
	}
	if strings.Index(s, "auth-fix") > strings.Index(s, "checkout-flow") {
		t.Fatalf("this machine's workspaces are not first:\n%s", s)
	}
	// The host's session became a tab of its workspace, with its pushed state.
	wt := m.tabs.of(remoteWS)
	if wt == nil || len(wt.tabs) != 1 || wt.tabs[0].state.State != agentstate.Working {
		t.Fatalf("the host's agent is no tab with its state: %+v", wt)
	}
}

// With no hosts the list is this machine's, as it always was: a fleet
// with none changes nothing on screen.
func TestNoHostsDrawTheListAsBefore(t *testing.T) {
	before := screenText(newTestModel(t, 120, 40))
	m := New(withEngine(Deps{Config: newTestModel(t, 1, 1).deps.Config, Now: time.Now, Zone: time.UTC, Fleet: &fakeFleet{}}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: sampleSnapshot()})
	m.Update(dirtyMsg{map[string]bool{"2222222222222222": true}})
	m.Update(fleetMsg{})
	if after := screenText(m); after != before {
		t.Fatalf("an empty fleet changed the screen:\n%s\nwas:\n%s", after, before)
	}
}

// Every workspace action finds its services through one route: the host
// whose records hold the workspace, else this machine.
func TestARemoteWorkspaceIsRoutedToItsHost(t *testing.T) {
	f := &fakeFleet{}
	f.setHost(buildHost("idle"))
	m := newFleetModel(t, f, 120, 40)
	r := m.remote.route.of(remoteWS)
	if r.host != "build" || r.Session != f.svc["build"].Session || r.link == nil {
		t.Fatalf("the remote workspace routes to %+v", r)
	}
	if l := m.remote.route.of("1111111111111111"); l.host != "" || l.Session != m.deps.Sessions || l.link != nil {
		t.Fatalf("a local workspace routes to %+v", l)
	}
	if m.tabs.tabSessions(remoteWS) != f.svc["build"].Session {
		t.Fatal("the tabs of a remote workspace do not use its host's sessions")
	}
}

// A tab of a host that drops says "unreachable since", never idle or
// done, and is itself again when the host is back.
func TestATabOfAHostThatDropsSaysUnreachable(t *testing.T) {
	f := &fakeFleet{}
	f.setHost(buildHost("done"))
	m := newFleetModel(t, f, 120, 40)
	tb := m.tabs.of(remoteWS).tabs[0]
	down := buildHost("done")
	down.Status, down.Since = fleet.Unreachable, driverNow
	f.setHost(down)
	m.Update(fleetMsg{})
	if !strings.Contains(tb.err, "unreachable since") || tb.state.State != "" || tb.attention {
		t.Fatalf("a tab of a host that is down: err %q, state %q, attention %v", tb.err, tb.state.State, tb.attention)
	}
	if b, _ := m.tabs.badge(remoteWS); b != projectlist.BadgeNone {
		t.Fatalf("a host that is down shows badge %q", b)
	}
	m.list.selectWorkspace(remoteWS)
	s := screenText(m)
	if bar := strings.Split(s, "\n")[1]; !strings.Contains(bar, "build unreachable since") {
		t.Fatalf("the tab bar does not say the host is down:\n%s", s)
	}
	f.setHost(buildHost("working"))
	m.Update(fleetMsg{})
	if tb.err != "" || tb.state.State != agentstate.Working {
		t.Fatalf("back: err %q, state %q", tb.err, tb.state.State)
	}
}

// A host's pushed states feed the badges and the attention jump as this
// machine's do, and this machine's monitor results keep them.
func TestAHostsBlockedAgentWantsAttention(t *testing.T) {
	f := &fakeFleet{}
	f.setHost(buildHost("working"))
	m := newFleetModel(t, f, 120, 40)
	f.setHost(buildHost("blocked"))
	m.Update(fleetMsg{})
	tb := m.tabs.of(remoteWS).tabs[0]
	if tb.state.State != agentstate.Blocked || !tb.attention {
		t.Fatalf("the blocked remote agent: %+v attention %v", tb.state, tb.attention)
	}
	if b, _ := m.tabs.badge(remoteWS); b != projectlist.BadgeBlocked {
		t.Fatalf("badge %q", b)
	}
	if a, ok := m.tabs.nextAttention(nil); !ok || a.wsID != remoteWS {
		t.Fatalf("the attention jump goes to %+v", a)
	}
	m.Update(monitorMsg{monitor.Result{Sessions: map[string]monitor.SessionState{}}})
	if tb.state.State != agentstate.Blocked {
		t.Fatalf("a local monitor result dropped the host's state: %q", tb.state.State)
	}
}

// The forward key forwards a remote workspace's range and shows it on
// its row; again stops it. On this machine's workspace it says why not.
func TestTheForwardKeyForwardsARemoteWorkspacesPorts(t *testing.T) {
	f := &fakeFleet{}
	f.setHost(buildHost("idle"))
	m := newFleetModel(t, f, 120, 40)
	m.list.selectWorkspace("1111111111111111")
	if why := whyNotForwardable(m); !strings.Contains(why, "this machine") {
		t.Fatalf("a local workspace: %q", why)
	}
	m.list.selectWorkspace(remoteWS)
	if why := whyNotForwardable(m); why != "" {
		t.Fatalf("the remote workspace cannot be forwarded: %q", why)
	}
	runRemote(m, m.run(actForwardPorts))
	if fw := f.links["build"].Forwarded(); len(fw) != 3 || fw[0] != (client.Forwarding{Local: 6200, Remote: 6200}) {
		t.Fatalf("forwarded %v", fw)
	}
	if s := screenText(m); !strings.Contains(s, "checkout-flow fwd") {
		t.Fatalf("the row does not say so:\n%s", s)
	}
	if d := m.list.rows.Hosts()[0].Projects[0].Workspaces[0].Detail; d != "fwd 6200-6202" {
		t.Fatalf("the row's detail is %q", d)
	}
	runRemote(m, m.run(actForwardPorts))
	if fw := f.links["build"].Forwarded(); len(fw) != 0 {
		t.Fatalf("still forwarded %v", fw)
	}
	down := buildHost("idle")
	down.Status, down.Since = fleet.Unreachable, driverNow
	f.setHost(down)
	m.Update(fleetMsg{})
	if why := whyNotForwardable(m); !strings.Contains(why, "unreachable since") {
		t.Fatalf("a host that is down: %q", why)
	}
}

// A host without amux is offered the copy, which says where it goes; yes
// copies it.
func TestAHostWithoutAmuxIsOfferedACopy(t *testing.T) {
	f := &fakeFleet{}
	m := newFleetModel(t, f, 120, 40)
	f.setHost(fleet.Host{Name: "fresh", Dest: "me@fresh", Status: fleet.Refused, Reason: "no amux",
		Err: &client.NotInstalledError{Dest: "me@fresh", Arch: "linux/amd64", Path: ".local/bin/amux"}})
	m.Update(fleetMsg{})
	if _, ok := m.overlay.(*installOverlay); !ok {
		t.Fatalf("no copy offered: %T", m.overlay)
	}
	if s := screenText(m); !strings.Contains(s, "~/.local/bin/amux") {
		t.Fatalf("the question does not say where:\n%s", s)
	}
	_, cmd := m.Update(keyPress(t, "y"))
	runRemote(m, cmd)
	if len(f.installed) != 1 || f.installed[0] != "fresh:.local/bin/amux" {
		t.Fatalf("installed %v", f.installed)
	}
	m.Update(fleetMsg{})
	if m.overlay != nil {
		t.Fatal("the copy was offered again")
	}
}

// runRemote runs cmd and what its messages answer, skipping timers and the
// fleet's wait (the tests send its messages).
func runRemote(m *Model, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil || timerCmd(c) {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// A host connected before this machine's first load: its agents' states
// are known when the load makes their tabs.
func TestAHostPushedBeforeTheFirstLoadGivesItsTabsTheirStates(t *testing.T) {
	f := &fakeFleet{}
	f.setHost(buildHost("blocked"))
	hostEngine := testEngine(t)
	f.svc = map[string]fleet.Services{"build": {Lifecycle: hostEngine, Session: hostEngine, Review: hostEngine,
		Trust: hostEngine, Status: hostEngine}}
	f.links = map[string]*fakeLink{"build": {}}
	m := New(withEngine(Deps{Config: config.Defaults(), Now: func() time.Time { return driverNow }, Zone: time.UTC,
		Fleet: f}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.Update(fleetMsg{})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: sampleSnapshot()})
	if wt := m.tabs.of(remoteWS); wt == nil || wt.tabs[0].state.State != agentstate.Blocked {
		t.Fatalf("the host's tab after the first load: %+v", wt)
	}
}

// Saving the Hosts dialog makes the fleet run the saved list.
func TestSavedHostsReachTheFleet(t *testing.T) {
	f := &fakeFleet{}
	m := newFleetModel(t, f, 120, 40)
	hosts := []config.Host{{Name: "build", Dest: "me@build.lan"}}
	_, cmd := m.Update(dialogs.HostsChanged{Hosts: hosts})
	runRemote(m, cmd)
	if len(f.sets) != 1 || len(f.sets[0]) != 1 || f.sets[0][0] != hosts[0] {
		t.Fatalf("the fleet was set to %v", f.sets)
	}
	if len(m.deps.Config.Hosts) != 1 {
		t.Fatal("the live config does not hold the saved hosts")
	}
}

// The status dialog of a host's workspace reads it on its host (its port
// range is the host's).
func TestTheStatusOfAHostsWorkspaceIsReadThere(t *testing.T) {
	f := &fakeFleet{}
	f.setHost(buildHost("idle"))
	m := newFleetModel(t, f, 120, 40)
	m.list.selectWorkspace(remoteWS)
	runRemote(m, m.run(actStatus))
	if s := screenText(m); !strings.Contains(s, "6200-6202") {
		t.Fatalf("the status does not show the host's ports:\n%s", s)
	}
}

// A host's push draws the rows but leaves a selection a flow waits for
// (a workspace this machine is creating) to this machine's next load.
func TestAPushLeavesAPendingSelectionToTheLoad(t *testing.T) {
	f := &fakeFleet{}
	f.setHost(buildHost("idle"))
	m := newFleetModel(t, f, 120, 40)
	m.list.pendingSelect = "9999999999999999"
	m.Update(fleetMsg{})
	if m.list.pendingSelect != "9999999999999999" {
		t.Fatalf("a push used up the pending selection (%q)", m.list.pendingSelect)
	}
}
