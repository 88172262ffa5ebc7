package app

import (
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/dashboard"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// focusArea is which part of the screen receives keys.
type focusArea int

const (
	focusDashboard focusArea = iota
	focusCenter
)

// overlay is a modal on top of the layout (palette, help, dialogs). It gets
// every message first while open and closes itself through the model.
type overlay interface {
	update(m *Model, msg tea.Msg) tea.Cmd
	view(m *Model, width, height int) string
}

// Model is amux's root model: layout, focus, overlays and routing. The
// components own their own state; this type wires them together and runs
// every I/O as a command.
type Model struct {
	deps Deps
	th   theme.Theme
	reg  *keys.Registry

	width, height int
	focus         focusArea
	overlay       overlay

	dash      dashboard.Model
	filter    *textinput.Model // non-nil while the dashboard filter is being typed
	snap      snapshot
	loadGen   int
	loaded    bool
	dirty     map[string]bool   // workspace ID → uncommitted changes
	busy      map[string]string // workspace ID → running operation ("deleting")
	spin      spinner.Model
	notice    notice
	noticeGen int
	opSeq     int // numbers long operations so stale results are dropped
	// pendingSelect is a workspace to select once the next load shows it.
	pendingSelect string
}

// snapshot is the data the dashboard shows, loaded off the update loop.
type snapshot struct {
	projects []workspace.Project
	records  []workspace.Record
	sessions []tmux.SessionInfo
}

// New builds the root model.
func New(deps Deps) *Model {
	th, err := theme.ByName(deps.Config.UI.Theme)
	m := &Model{
		deps:  deps,
		th:    th,
		reg:   keys.MustRegistry(actionTable()...),
		dash:  dashboard.New(),
		dirty: map[string]bool{},
		busy:  map[string]string{},
		spin:  spinner.New(spinner.WithSpinner(spinner.MiniDot)),
	}
	switch {
	case deps.ConfigWarning != nil:
		m.notice = notice{text: deps.ConfigWarning.Error(), level: levelWarn}
	case err != nil:
		m.notice = notice{text: err.Error(), level: levelWarn}
	}
	return m
}

// Init loads the dashboard and starts background recovery.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.load(), m.recover(), m.spin.Tick)
}

// Update routes one message. Overlays see everything first; then results
// go to their handlers; keys go through the action registry.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case spinner.TickMsg:
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		if m.overlay != nil {
			return m, tea.Batch(cmd, m.overlay.update(m, msg))
		}
		return m, cmd
	}
	if cmd, handled := m.handleResult(msg); handled {
		return m, cmd
	}
	if m.overlay != nil {
		return m, m.overlay.update(m, msg)
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.handleKey(msg)
	case tea.MouseMsg:
		return m, m.handleMouse(msg)
	}
	return m, nil
}

// handleKey maps a key to an action in the focused scope (the filter field
// takes typing while it is open).
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if m.filter != nil {
		return m.updateFilter(k)
	}
	a, ok := m.reg.Match(k.String(), m.available, m.scopes()...)
	if !ok {
		return nil
	}
	return m.run(a.ID)
}

// scopes lists the active key scopes, innermost first.
func (m *Model) scopes() []keys.Scope {
	if m.focus == focusCenter {
		return []keys.Scope{scopeCenter, scopeGlobal}
	}
	return []keys.Scope{scopeDashboard, scopeGlobal}
}

// closeOverlay removes the open overlay.
func (m *Model) closeOverlay() { m.overlay = nil }
