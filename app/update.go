package app

import (
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/lifecycle"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/review"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/projecttree"
	"amux.dev/amux/ui/termview"
)

// Init loads the project list and starts background recovery.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.list.load(), m.life.Recover(), m.watch.startTicks(m.spin.Tick), m.list.checkProjects(), m.list.readViewState(),
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

// update hands one message to its owner: one flat switch on the message's
// type, so where a message goes is read in one place. Results of the
// model's own commands go to their handlers; input goes to the open
// overlay, else to the key registry, the focused terminal or the mouse;
// anything else belongs to the open overlay (its own command results).
func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m.resizeViews()
	case tea.FocusMsg, tea.BlurMsg:
		_, focused := msg.(tea.FocusMsg)
		m.outerFocus(focused)
		return nil
	case spinner.TickMsg:
		return m.onTick(msg)

	case monitorMsg, healthNoticeMsg, tapsRepairedMsg, hooksDoneMsg:
		return m.applyOwned(m.watch.Update(msg, m.watchScene()))
	case badgesReq, attentionShowReq:
		return m.onWatchAsk(msg)
	case loadedMsg, dirtyMsg, projectsCheckedMsg, managedMsg:
		return m.applyOwned(m.list.Update(msg, m.listScene()))
	case listLoadedReq:
		return m.onListLoaded(msg)
	case savedTabsReq:
		m.tabs.showSaved(msg.tabs)
		return nil
	case noticeExpiredMsg:
		if msg.gen == m.noticeGen {
			m.notice = notice{}
		}
		return nil

	case lifecycle.Msg: // its flows' results and requests
		return m.applyOwned(m.life.Update(msg, m.overlay))
	case scene.Reload:
		return m.onReload(msg)
	case lifecycle.Rows:
		m.list.rebuild(m.listScene())
		return nil
	case viewStateMsg:
		return m.onViewState(msg)
	case runStartedMsg:
		return m.onRunStarted(msg) // its approval first; then the tabs owner

	case sideTermMsg, sideWatchMsg, sideChangedMsg, sideReviewMsg, mainWatchMsg, mainChangedMsg,
		changes.RequestMsg, projecttree.RequestMsg, projecttree.LoadedMsg, review.LandingSeen, review.ConflictsInSide:
		return m.applyOwned(m.side.Update(msg, m.sideEnv()))
	case leaveSidebar, enterSidebar, dirtyNoted:
		return m.onSideAsk(msg)
	case review.Msg: // its results, its dialogs' requests, the sidebar's
		return m.applyOwned(m.review.Update(msg, m.reviewScene()))
	case dialogs.SettingsSaved:
		return m.applyOwned(m.settings.Update(msg, m.overlay, m.th, m.deps.Config))
	case dialogs.HostsChanged, fleetMsg, fleetSetMsg, forwardedMsg, installReq, installedMsg:
		return m.onRemote(msg)
	case dialogs.ApplySettings:
		m.applySettings(msg.Config)
		return nil
	case dialogs.ThemeRequest: // a Settings preview, or back from one
		m.th = msg.Theme
		m.left.valid = false
		return nil

	case tabCreatedMsg, tabAttachedMsg, tabClosedMsg, tabRestartedMsg, tabGoneMsg, interruptStepMsg,
		firstTaskDeliveredMsg, firstTaskTimeoutMsg, tabsResumedMsg, tabCloseRequest, tabRenameRequest, editorReq:
		return m.applyOwned(m.tabs.Update(msg, m.tabScene()))
	case tabEnterRequest, tabRevealRequest, tabLeaveRequest, tabSyncRequest, tabNewRequest:
		return m.onTabRequest(msg)
	case dialogs.RestartRequest: // the program ends asking Run to start the installed binary
		m.restartRequested = true
		return m.quit()
	case termview.Msg: // a tab's view, else the sidebar terminal's
		if m.tabs.byTerminal(msg.Terminal()) != nil {
			return m.applyOwned(m.tabs.Update(msg, m.tabScene()))
		}
		return m.applyOwned(m.side.Update(msg, m.sideEnv()))

	case tea.KeyPressMsg:
		if m.overlay != nil {
			return m.updateOverlay(msg)
		}
		return m.handleKey(msg)
	case tea.PasteMsg:
		if m.overlay != nil {
			return m.updateOverlay(msg)
		}
		if t, live := m.focusedTerminal(); live {
			return m.toTerminal(t, msg)
		}
		return nil
	case tea.MouseMsg:
		if m.overlay != nil {
			return m.updateOverlay(msg)
		}
		return m.handleMouse(msg)
	}
	if m.overlay != nil {
		return m.updateOverlay(msg)
	}
	return nil
}

// onTick advances the spinner while something on screen animates, and
// lets it stop when nothing does: idle costs no tick and no redraw.
func (m *Model) onTick(msg spinner.TickMsg) tea.Cmd {
	var cmd tea.Cmd
	if msg.ID == m.spin.ID() {
		m.spin, cmd = m.spin.Update(msg)
		if !m.watch.ticked(m.watchScene()) {
			cmd = nil
		}
	}
	if m.overlay != nil {
		return tea.Batch(cmd, m.updateOverlay(msg))
	}
	return cmd
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
