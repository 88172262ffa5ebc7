package app

import (
	"context"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/client"
	"amux.dev/amux/workspace/remote/fleet"
	"amux.dev/amux/workspace/remote/proto"
)

// fakeFleet stands in for the fleet in process: hosts as a test sets them,
// each host's services a real engine of its own state home (so what a
// route reaches is a real engine, only not over ssh: the e2e story covers
// the wire), and links that record what was asked of them.
type fakeFleet struct {
	mu        sync.Mutex
	hosts     []fleet.Host
	svc       map[string]fleet.Services
	links     map[string]*fakeLink
	installed []string // host:path of each Install
	sets      [][]config.Host
}

// fakeLink records forwards and answers attach commands.
type fakeLink struct {
	mu        sync.Mutex
	forwarded []client.Forwarding
}

func (l *fakeLink) AttachCommand(session string) ([]string, error) {
	return []string{"true", session}, nil
}
func (l *fakeLink) Forward(_ context.Context, fw ...client.Forwarding) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.forwarded = append(l.forwarded, fw...)
	return nil
}
func (l *fakeLink) Unforward(_ context.Context, fw ...client.Forwarding) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.forwarded = nil
	return nil
}
func (l *fakeLink) Forwarded() []client.Forwarding {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]client.Forwarding(nil), l.forwarded...)
}

func (f *fakeFleet) Hosts() []fleet.Host {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fleet.Host(nil), f.hosts...)
}
func (f *fakeFleet) Host(name string) (fleet.Host, bool) {
	for _, h := range f.Hosts() {
		if h.Name == name {
			return h, true
		}
	}
	return fleet.Host{}, false
}
func (f *fakeFleet) WorkspaceHost(id string) (string, bool) {
	for _, h := range f.Hosts() {
		for _, r := range h.State.Records {
			if r.ID == id {
				return h.Name, true
			}
		}
	}
	return "", false
}
func (f *fakeFleet) Services(name string) (fleet.Services, bool) { s, ok := f.svc[name]; return s, ok }
func (f *fakeFleet) Link(name string) (hostLink, bool)           { l, ok := f.links[name]; return l, ok }
func (f *fakeFleet) Next(ctx context.Context) ([]string, error) {
	<-ctx.Done() // the tests send fleetMsg themselves
	return nil, ctx.Err()
}
func (f *fakeFleet) Set(hosts []config.Host) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sets = append(f.sets, hosts)
	return nil
}
func (f *fakeFleet) Install(_ context.Context, name, path string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.installed = append(f.installed, name+":"+path)
	return nil
}
func (f *fakeFleet) Close() {}

// setHost replaces (or adds) host h.
func (f *fakeFleet) setHost(h fleet.Host) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range f.hosts {
		if f.hosts[i].Name == h.Name {
			f.hosts[i] = h
			return
		}
	}
	f.hosts = append(f.hosts, h)
}

// remoteWS is the workspace the build host's state holds.
const remoteWS = "5555555555555555"

// buildHost is a connected host with one project, one workspace and one
// agent session in state.
func buildHost(state string) fleet.Host {
	rec := workspace.Record{ID: remoteWS, Name: "checkout-flow", Branch: "checkout-flow", Repo: "/srv/shop",
		Root: "/srv/.amux/worktrees/checkout-flow", Created: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)}
	ses := proto.Session{SessionInfo: tmux.SessionInfo{ID: "$1", Name: "amux-" + remoteWS + "-tab-r-1", Managed: true,
		Workspace: remoteWS, Tab: "r-1", Type: tmux.TypeAgent, Assistant: "claude"}, State: state}
	return fleet.Host{Name: "build", Dest: "me@build.lan", Status: fleet.Connected, State: client.State{
		Projects: []workspace.Project{{Name: "shop", Path: "/srv/shop"}},
		Records:  []proto.Record{{Record: rec}}, Sessions: []proto.Session{ses}}}
}

// newFleetModel is the sample workbench with f as its fleet (the build
// host's services a real engine of their own), loaded, f's hosts taken.
func newFleetModel(t *testing.T, f *fakeFleet, w, h int) *Model {
	t.Helper()
	hostEngine := testEngine(t)
	f.svc = map[string]fleet.Services{"build": {Lifecycle: hostEngine, Session: hostEngine, Review: hostEngine,
		Trust: hostEngine, Status: portStatus{hostEngine}}}
	f.links = map[string]*fakeLink{"build": {}}
	m := New(withEngine(Deps{Config: config.Defaults(), Now: func() time.Time { return driverNow }, Zone: time.UTC,
		Fleet: f}, testEngine(t)))
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(loadedMsg{gen: m.list.loadGen, snap: sampleSnapshot()})
	m.Update(fleetMsg{})
	return m
}

// portStatus is the host engine's status with a port range, as a host
// with ports configured answers.
type portStatus struct{ *workspace.Engine }

func (p portStatus) Status(ctx context.Context, id string, inFlight []string) (workspace.Status, error) {
	return workspace.Status{Ports: "6200-6202"}, nil
}
