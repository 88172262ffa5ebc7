package app

import (
	"context"
	"log/slog"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/config"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// superviseOwner watches the agents for the person: it holds the
// monitor, its latest word on every session, the start-up health check's
// once, the notify command's rate limit and whether a spinner tick is
// scheduled. It answers the monitor's results, health's notice, the
// hooks' and the tap repair's results with a command (bells,
// notifications, the notify command, the next wait: all I/O) and an
// outcome the root applies. It never sees the root: what it reads of it
// comes as a watchScene per call. The tabs' states are written through
// the tab set's own methods (attention.go), not field by field here.
type superviseOwner struct {
	d   superviseDeps
	mon *monitor.Monitor // nil without tmux (tests)
	// states is the monitor's latest word on every session, by name: kept
	// for tabs that appear later, since results only report news.
	states map[string]monitor.SessionState
	// remote is the hosts' sessions' pushed states (remote_states.go),
	// merged into states with each result.
	remote map[string]monitor.SessionState
	// healthChecked: the start-up health check has run.
	healthChecked bool
	notifyLimit   notifyLimiter
	spinning      bool // a spinner tick is scheduled
}

// superviseDeps is what the owner uses: the session service (to repair
// a tap), the tmux client and the rules health looks at, where amux keeps
// its files, this binary (for the hooks), how notifications reach the
// terminal, the log, the Health key's name and the app's clock.
type superviseDeps struct {
	sessions  workspace.SessionService
	tmux      *tmux.Client      // nil: no health checks (tests)
	rules     *screenrules.Live // nil: no rules to report
	stateHome string
	amuxBin   string
	outerTmux bool // notifications go through tmux's passthrough
	log       *slog.Logger
	healthKey string // the key that opens Health, as the notice names it
	now       func() time.Time
}

// newMonitor is the monitor for d's instance on d's server (nil without
// either: nothing to watch).
func newMonitor(d Deps) *monitor.Monitor {
	if d.Tmux == nil || d.Instance == "" {
		return nil
	}
	opts := monitor.Options{Client: d.Tmux, Instance: d.Instance, Config: agentConfig(d.Config),
		Rules: d.ScreenRules, OnDone: d.OnDone, History: d.History, Log: d.Log}
	if d.Sessions != nil {
		opts.RepairTap = d.Sessions.RepairTap // dead taps come back by themselves
	}
	if d.Rules != nil {
		opts.RulesGeneration = d.Rules.Generation
		opts.HasComposer = func(assistant string) bool { return d.Rules.Set().HasComposer(assistant) }
	}
	return monitor.New(opts)
}

// newSuperviseOwner is the owner over what it uses of d, with its own
// monitor; healthKey names the key that opens Health.
func newSuperviseOwner(d Deps, healthKey string) *superviseOwner {
	return &superviseOwner{mon: newMonitor(d), d: superviseDeps{sessions: d.Sessions, tmux: d.Tmux, rules: d.Rules,
		stateHome: d.StateHome, amuxBin: d.AmuxBin, outerTmux: d.OuterTmux, log: d.Log, healthKey: healthKey, now: d.Now}}
}

// watchScene is what the owner reads of the root for one call
// (Model.watchScene). The tab set is the tabs owner's: the results write
// the tabs' states through its methods. Nothing else in it is written,
// and none of it is kept past the call.
type watchScene struct {
	tabs tabSet
	// shown is the tab a person is looking at (the tab area focused, no
	// dialog over it): looking acknowledges it. active is the selected
	// workspace's shown tab, where the attention walk goes on from.
	shown, active *tab
	cfg           *config.Config // the live settings
	snap          *snapshot      // the last load: workspace names and repositories
	th            theme.Theme    // the live theme
	// warned: a warning or worse is on screen already.
	warned bool
	// busy: the root shows a spinner anyway (loading, an operation, a
	// dialog waiting on work).
	busy bool
}

// name is a workspace's name as drawn ("" when unknown).
func (sc watchScene) name(wsID string) string {
	if sc.snap == nil {
		return ""
	}
	return sc.snap.Shown.Records[wsID].Name
}

// repo is a workspace's repository path ("" when unknown).
func (sc watchScene) repo(wsID string) string {
	if sc.snap != nil {
		for _, r := range sc.snap.Records {
			if r.WorkspaceID() == wsID {
				return r.Repo
			}
		}
	}
	return ""
}

// What the owner asks of the root, routed through its update switch: the
// list's rows and the selection and focus are the root's.
type (
	// badgesReq: the tabs' states changed, so the list's badges are
	// drawn again.
	badgesReq struct{}
	// attentionShowReq: show workspace wsID's tab area, whose shown tab
	// the attention jump just chose.
	attentionShowReq struct{ wsID string }
)

// Update answers one of the owner's messages.
func (o *superviseOwner) Update(msg tea.Msg, sc watchScene) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case monitorMsg:
		return o.results(msg.res, sc)
	case healthNoticeMsg:
		return nil, o.healthNotice(msg, sc)
	case tapsRepairedMsg:
		return nil, o.tapsRepaired(msg)
	case hooksDoneMsg:
		return nil, hooksSaid(msg)
	}
	return nil, modal.Outcome{}
}

// wait is the command that waits for the monitor's next result.
func (o *superviseOwner) wait() tea.Cmd {
	if o.mon == nil {
		return nil
	}
	ch := o.mon.Results()
	return func() tea.Msg { return monitorMsg{<-ch} }
}

// start runs the monitor and the screen rules' watch until ctx ends (the
// monitor giving up its lease then).
func (o *superviseOwner) start(ctx context.Context) {
	if o.mon != nil {
		go o.mon.Run(ctx)
	}
	if o.d.rules != nil {
		go func() { _ = o.d.rules.Watch(ctx, o.wake) }() // without a watch, the rules loaded at start stay; a reload wakes a still monitor
	}
}

// wake asks the monitor to poll now: there is something new to watch.
func (o *superviseOwner) wake() {
	if o.mon != nil {
		o.mon.Wake()
	}
}

// noteInput tells the monitor a person typed at session at t (typing is
// not the agent working).
func (o *superviseOwner) noteInput(session string, t time.Time) {
	if o.mon != nil {
		o.mon.NoteInput(session, t)
	}
}

// setConfig puts cfg's agent-state timings in use from the next poll.
func (o *superviseOwner) setConfig(cfg config.Config) {
	if o.mon != nil {
		o.mon.SetConfig(agentConfig(cfg))
	}
}
