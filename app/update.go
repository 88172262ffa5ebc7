package app

import (
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/projecttree"
	"amux.dev/amux/ui/termview"
)

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

	case createValidatedMsg, createOutputMsg, createDoneMsg, approvedSetupMsg,
		teardownReq, teardownProgressMsg, teardownDoneMsg,
		restoreSetupReq, restoreProgressMsg, restoredMsg, recoveredMsg, projectEditLoadedMsg:
		return m.applyOwned(m.life.Update(msg, m.overlay))
	case reloadReq:
		return m.onReload(msg)
	case lifeRows:
		m.list.rebuild(m.listScene())
		return nil
	case viewStateMsg:
		return m.onViewState(msg)
	case runStartedMsg:
		return m.onRunStarted(msg) // its approval first; then the tabs owner

	case sideTermMsg, sideWatchMsg, sideChangedMsg, sideReviewMsg, mainWatchMsg, mainChangedMsg,
		changes.RequestMsg, projecttree.RequestMsg, projecttree.LoadedMsg, landingSeenReq, conflictsInSideReq:
		return m.applyOwned(m.side.Update(msg, m.sideEnv()))
	case leaveSidebar, enterSidebar, dirtyNoted:
		return m.onSideAsk(msg)
	case stagedMsg, commitReadyMsg, mergePreviewMsg, landDoneMsg, resolvedMsg, finishReadyMsg,
		showConflictReq, finishReq, openFileDiffRequest, openCommitDiffRequest, stageRequest,
		markResolvedRequest, openCommitRequest, openFileViewRequest:
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
