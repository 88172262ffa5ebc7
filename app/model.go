package app

import (
	"errors"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/screen"
	"amux.dev/amux/ui/termview"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// focusArea is which part of the screen receives keys.
type focusArea int

const (
	focusList focusArea = iota
	focusTabArea
	focusSidebar
)

// overlay is the modal on top of the layout (palette, help, dialogs,
// Modal.go): it gets every message first while open.
type overlay = modal.Modal

// Model is amux's root model: layout, focus, overlays and routing. The
// components own their own state; this type wires them together and runs
// every I/O as a command.
type Model struct {
	deps Deps
	th   theme.Theme
	reg  *keys.Registry
	acts actions
	km   keys.Map // every action's keys, for the components

	width, height int
	focus         focusArea
	overlay       overlay
	// entered is the terminal that gets the keys: the tab area's shown tab
	// or the sidebar's shell, entered by an explicit key (focus.go). Focus
	// on a pane alone never hands its program a key.
	entered *tab

	// list is the project list: the snapshot, its rows and selection, the
	// filter, the saved layout (list_owner.go).
	list      *listOwner
	life      *lifecycleOwner // create, teardown, restore, recovery (lifecycle.go)
	spin      spinner.Model
	notice    notice
	noticeGen int
	opSeq     int // numbers long operations so stale results are dropped

	// side is the right-hand panel: changes and files of the workspace.
	side     sidebarOwner
	listPane listPane // the project list's size and the zoom (panes.go)

	tabs *tabsOwner // every workspace's tabs (tabs_owner.go)

	// watch supervises the agents: the monitor, its latest states,
	// attention, health, notifications, the spinner's ticks (supervise.go).
	watch *superviseOwner

	// Drawing (see draw.go). scr is the screen amux draws on (nil in
	// tests); paint is what its canvas holds. drawPending: a message may
	// have changed the screen since the last draw. chromeGen counts the
	// messages that may have changed more than a terminal's cells. The
	// project list is cached as text: a terminal's frame never changes it.
	scr         *screen.Screen
	paint       paintState
	drawPending bool
	chromeGen   int
	left        textCache // the project list as drawn
	inputOnly   bool      // this update only passed input to a terminal

	// review owns reviewing and landing the work (review_owner.go);
	// settings owns the Settings dialog and its pending saves.
	review   reviewOwner
	settings settingsOwner

	// restartRequested: the program ends so the installed binary can start.
	restartRequested bool

	// remote holds the hosts: the fleet, the route from a workspace to its
	// services (its host's or this machine's), forwarded ports, offered
	// copies (remote_owner.go).
	remote *remoteOwner
}

// snapshot is the data the project list shows, loaded off the update loop.
// projects, records and sessions are byte-exact; shown is what the screen
// draws of them.
type snapshot struct {
	projects []workspace.Project
	records  []workspace.Record
	sessions []tmux.SessionInfo
	shown    shownText
}

// New builds the root model.
func New(deps Deps) *Model {
	if deps.Now == nil {
		deps.Now = time.Now
	}
	th, err := theme.Lookup(deps.Config, deps.Config.UI.Theme)
	rows, kerr := remapRows(actionRows(), deps.Config.Keys)
	m := &Model{
		deps: deps,
		th:   th,
		reg:  keys.MustRegistry(registryOf(rows)...),
		acts: newActions(rows),
		km:   keys.MustRegistry(registryOf(rows)...).Map(),
		spin: spinner.New(spinner.WithSpinner(spinner.MiniDot)),
	}
	m.list = newListOwner(listDeps{life: deps.Lifecycle, sessions: deps.Sessions, status: deps.Status, views: deps.Views,
		km: m.km, reg: m.reg, zone: deps.Zone})
	m.life = newLifecycleOwner(lifeDeps{life: deps.Lifecycle, trust: deps.Trust, th: th, km: m.km, reg: m.reg,
		home: deps.Home, cwd: deps.Cwd})
	m.side = newSidebar(sideDeps{status: deps.Status, review: deps.Review, sessions: deps.Sessions, tmux: deps.Tmux, th: th, km: m.km})
	m.review = newReviewOwner(deps.Review, m.km, m.reg)
	m.settings = settingsOwner{km: m.km, home: deps.StateHome}
	m.watch = newSuperviseOwner(deps, m.keyName(actHealth))
	m.remote = newRemoteOwner(deps)
	m.tabs = newTabsOwner(tabsDeps{sessions: deps.Sessions, tmux: deps.Tmux, route: m.remote.route, mon: m.watch.mon, rules: deps.Rules,
		liveTabs: deps.LiveTabs, km: m.km, now: deps.Now})
	if warn := errors.Join(deps.StartupWarning, err, kerr); warn != nil {
		m.notice = notice{text: paint.NoticeLine(warn.Error()), level: modal.LevelWarn}
		if kerr != nil && deps.Log != nil {
			deps.Log.Warn("keys section of config.json", "err", kerr.Error())
		}
	}
	return m
}

// Init loads the project list and starts background recovery.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.list.load(), m.life.recover(), m.watch.startTicks(m.spin.Tick), m.list.checkProjects(), m.list.readViewState(),
		m.remote.start())
}

// Update routes one message. Overlays see everything first; then results
// go to their handlers; keys go through the action registry.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	shown := m.activeTab()
	m.inputOnly = false
	cmd := m.update(msg)
	m.settleFocus()
	if !m.inputOnly {
		m.drawPending = true
		if _, frame := msg.(termview.FrameMsg); !frame {
			m.chromeGen++
			m.left.valid = false
		}
	}
	if m.activeTab() != shown {
		// Another tab is on screen (selection moved): wake its frames.
		cmd = tea.Batch(cmd, m.syncViews())
	}
	if m.list.loaded && m.side.ws != m.panes().sideTarget() {
		// The sidebar shows another workspace now, or appears or goes.
		cmd = tea.Batch(cmd, m.syncSidebar(), m.resizeViews())
	}
	if again := m.watch.keepAnimating(m.watchScene(), m.spin.Tick); again != nil {
		cmd = tea.Batch(cmd, again)
	}
	return m, cmd
}

// handleKey maps a key to an action in the focused scope. A focused live
// terminal gets every key that is not a global action, so agents see
// exactly what was typed; the filter field takes typing while open.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if m.list.typing() {
		return m.applyOwned(m.list.Update(k, m.listScene()))
	}
	if m.focus == focusSidebar && m.side.typing() {
		return m.side.key(k) // the component's filter has every key
	}
	a, ok := m.reg.Match(k.String(), m.available, m.scopes()...)
	if ok && m.acts[a.ID].run == nil && m.focus == focusSidebar {
		return m.side.key(k) // the component's own action: it reads its keys
	}
	if ok {
		return m.run(a.ID)
	}
	if t, live := m.focusedTerminal(); live {
		return m.toTerminal(t, k)
	}
	if _, live := m.paneTerminal(); live {
		// Typing at a program that does not have the keys: say how to give
		// them, rather than nothing.
		if cmd := m.explainKey(k); cmd != nil {
			return cmd
		}
		enter := actEnterProgram
		if m.focus == focusSidebar {
			enter = actSideEnter
		}
		return m.say(modal.LevelInfo, k.String()+" went to amux: "+m.keyName(enter)+" gives the program the keys")
	}
	return m.explainKey(k)
}
