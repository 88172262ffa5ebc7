package app

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/config"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/client"
	"amux.dev/amux/workspace/remote/fleet"
	"amux.dev/amux/workspace/remote/sshcmd"
)

// The remote hosts in the workbench (docs/remote-hosts.md): the fleet as
// the app sees it, and the one function that says whose services a
// workspace's action uses — its host's, or this machine's engine.

// hostFleet is the fleet as the app uses it (*fleet.Fleet behind
// liveFleet): the hosts' statuses and pushed states, the routing, the
// change stream one command waits on, and the changes the Hosts dialog
// saves. A test hands in its own.
type hostFleet interface {
	Hosts() []fleet.Host
	Host(name string) (fleet.Host, bool)
	WorkspaceHost(id string) (string, bool)
	Services(name string) (fleet.Services, bool)
	Link(name string) (hostLink, bool)
	Next(ctx context.Context) ([]string, error)
	Set(hosts []config.Host) error
	// Install copies this binary to the host at path and checks the copy
	// (client.Install), then asks the host to connect again.
	Install(ctx context.Context, name, path string) error
	Close()
}

// hostLink is one host's connection beyond the workspace services: a
// tab's attach command and the workspace's forwarded ports.
type hostLink interface {
	AttachCommand(session string) ([]string, error)
	Forward(ctx context.Context, fw ...client.Forwarding) error
	Unforward(ctx context.Context, fw ...client.Forwarding) error
	Forwarded() []client.Forwarding
}

// liveFleet is the real fleet with what Install needs to reach a host on
// its own (the options every connection shares).
type liveFleet struct {
	*fleet.Fleet
	opts    fleet.Options
	amuxBin string
}

// Link implements hostFleet.
func (f liveFleet) Link(name string) (hostLink, bool) {
	c, ok := f.Client(name)
	if !ok {
		return nil, false
	}
	return c, true
}

// Install implements hostFleet.
func (f liveFleet) Install(ctx context.Context, name, path string) error {
	h, ok := f.Host(name)
	if !ok {
		return errors.New("no host " + name)
	}
	o := client.Options{Dest: h.Dest, StateHome: f.opts.StateHome, Version: f.opts.Version, SSH: f.opts.SSH,
		ConfigFile: f.opts.ConfigFile, ControlPersist: f.opts.ControlPersist, HelloTimeout: f.opts.HelloTimeout}
	if err := client.Install(ctx, o, f.amuxBin, path); err != nil {
		return err
	}
	if c, ok := f.Client(name); ok {
		c.Reconnect() // the copy answers: connect now, not on the next backoff
	}
	return nil
}

// startFleet starts a connection to every configured host (in the
// background) for a real start. $AMUX_SSH names another ssh program, as
// for `amux wait --host`; $AMUX_SSH_CONFIG an ssh -F file (tests).
func startFleet(getenv func(string) string, home, version, bin string, hosts []config.Host) (hostFleet, error) {
	o := fleet.Options{StateHome: home, Version: version, SSH: getenv(sshcmd.EnvSSH)}
	f, err := fleet.New(o, hosts)
	if f == nil {
		return nil, err
	}
	return liveFleet{Fleet: f, opts: o, amuxBin: bin}, err
}

// route is whose services a workspace's actions use: host "" is this
// machine (the local engine, the local tmux attach), any other name a
// configured host's services and its attach over the shared connection.
type route struct {
	host string
	fleet.Services
	link hostLink // nil on this machine
	tmux *tmux.Client
}

// with is d with the route's services in place of d's own, for a dialog
// built from Deps (the status dialog): a host's workspace is read and
// approved on its host.
func (r route) with(d Deps) Deps {
	if r.link == nil {
		return d
	}
	d.Lifecycle, d.Sessions, d.Review, d.Trust, d.Status = r.Lifecycle, r.Session, r.Review, r.Trust, r.Status
	return d
}

// attach starts the PTY that shows session live: tmux's attach on this
// machine, the host's attach command over its master otherwise.
func (r route) attach(ctx context.Context, session string, opts termview.Options) (*termview.Terminal, error) {
	if r.link == nil {
		return termview.Attach(ctx, r.tmux, session, opts)
	}
	argv, err := r.link.AttachCommand(session)
	if err != nil {
		return nil, err
	}
	sess := r.Session
	opts.Capture = func(ctx context.Context, lines int) (string, error) { // the pager, read on the host
		return sess.CaptureHistory(ctx, session, lines)
	}
	return termview.Start(argv, session, opts)
}

// router is the one place a workspace's actions find their services: the
// host whose pushed records hold the workspace, else this machine. Every
// owner that acts on a workspace asks it rather than choosing by hand.
type router struct {
	local fleet.Services
	tmux  *tmux.Client
	fleet hostFleet // nil: this machine only
}

// newRouter routes over d's local services and fleet.
func newRouter(d Deps) *router {
	return &router{local: fleet.Services{Lifecycle: d.Lifecycle, Session: d.Sessions, Review: d.Review,
		Trust: d.Trust, Status: d.Status}, tmux: d.Tmux, fleet: d.Fleet}
}

// of is workspace wsID's route. A nil router is this machine's with no
// services (owners built by a test without one fall back to their own).
func (r *router) of(wsID string) route {
	if r == nil {
		return route{}
	}
	if r.fleet != nil && wsID != "" {
		if name, ok := r.fleet.WorkspaceHost(wsID); ok {
			svc, ok := r.fleet.Services(name)
			link, lok := r.fleet.Link(name)
			if ok && lok {
				return route{host: name, Services: svc, link: link}
			}
		}
	}
	return route{Services: r.local, tmux: r.tmux}
}

// onHost is host name's route ("" this machine): a host's projects are
// acted on there (a create, their registries). A host the fleet no
// longer has routes nowhere: false.
func (r *router) onHost(name string) (route, bool) {
	if r == nil {
		return route{}, name == ""
	}
	if name == "" || r.fleet == nil {
		return route{Services: r.local, tmux: r.tmux}, name == ""
	}
	svc, ok := r.fleet.Services(name)
	link, lok := r.fleet.Link(name)
	if !ok || !lok {
		return route{}, false
	}
	return route{host: name, Services: svc, link: link}, true
}

// lifecycle is the lifecycle flows' route (lifecycle.Deps.Route): a
// workspace's when wsID names one, else host's.
func (r *router) lifecycle(wsID, host string) (lifecycle.Services, bool) {
	rt, ok := r.onHost(host)
	if wsID != "" {
		rt, ok = r.of(wsID), true
	}
	if !ok {
		return lifecycle.Services{}, false
	}
	return lifecycle.Services{Life: rt.Lifecycle, Trust: rt.Trust}, true
}

// review is the review service of workspace ws (review.Deps.Route).
func (r *router) review(ws string) workspace.ReviewService { return r.of(ws).Review }

// fleetMsg says hosts changed: their status, their pushed state, or the
// list itself.
type fleetMsg struct {
	names []string
	err   error
}

// waitFleet is the one command waiting on the fleet's changes (Next);
// the root starts the next after each message, so one is in flight.
func waitFleet(f hostFleet) tea.Cmd {
	if f == nil {
		return nil
	}
	return func() tea.Msg {
		names, err := f.Next(context.Background())
		return fleetMsg{names: names, err: err}
	}
}
