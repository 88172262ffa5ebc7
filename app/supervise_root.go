package app

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
)

// The root's side of the supervision owner (supervise.go): what it shows
// the owner of itself (watchScene), and how it carries out what the owner
// asks (the list's badges, the selection and focus of the attention jump).

// watchScene is the root as the supervision owner reads it for one call.
func (m *Model) watchScene() watchScene {
	waiting := false
	if w, ok := m.overlay.(modal.Waiter); ok {
		waiting = w.Waiting()
	}
	sc := watchScene{tabs: m.tabs.tabSet, active: m.activeTab(), cfg: &m.deps.Config, snap: &m.list.snap, th: m.th,
		warned: m.notice.text != "" && m.notice.level >= modal.LevelWarn, busy: !m.list.loaded || m.life.Running() || waiting}
	if m.focus == focusTabArea && m.overlay == nil {
		sc.shown = sc.active
	}
	return sc
}

// onWatchAsk carries out what the supervision owner asked of the root.
func (m *Model) onWatchAsk(msg tea.Msg) tea.Cmd {
	switch r := msg.(type) {
	case badgesReq:
		m.list.rebuild(m.listScene())
	case attentionShowReq:
		m.list.reveal(r.wsID)
		return m.setFocus(focusTabArea)
	}
	return nil
}
