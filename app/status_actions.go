package app

import (
	"strconv"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/paint"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
)

// statusDialogRows are the status dialog's own actions (rows of the action
// table, matched only while the dialog is open).
func statusDialogRows(keyOnly func(keys.Action) keys.Action, k func(keys.ActionID, keys.Scope, []string, string, string) keys.Action) []action {
	open := func(m *Model) (*statusOverlay, string) {
		o, ok := m.overlay.(*statusOverlay)
		if !ok {
			return nil, "the workspace status dialog is not open"
		}
		if o.st == nil {
			return nil, "still reading the status"
		}
		return o, ""
	}
	return []action{
		{Action: keyOnly(k(actApproveScripts, scopeStatus, []string{"A"}, "approve scripts", "Approve the repository's scripts as they are now (typed confirm)")),
			run: func(m *Model) tea.Cmd { o, _ := open(m); o.askApprove(); return nil },
			why: func(m *Model) string {
				if o, why := open(m); o == nil {
					return why
				} else if !o.hasUntrusted() {
					return "no script waits for approval"
				}
				return ""
			}},
		{Action: keyOnly(k(actRevokeApprovals, scopeStatus, []string{"U"}, "revoke approvals", "Revoke the project's script approvals (typed confirm)")),
			run: func(m *Model) tea.Cmd { o, _ := open(m); o.askRevoke(); return nil },
			why: func(m *Model) string {
				if o, why := open(m); o == nil {
					return why
				} else if o.st.Approvals == 0 {
					return "no approval is recorded"
				}
				return ""
			}},
		{Action: keyOnly(k(actReleaseOrphans, scopeStatus, []string{"R"}, "release orphans", "Release orphaned port reservations (type their count)")),
			run: func(m *Model) tea.Cmd { o, _ := open(m); o.askRelease(); return nil },
			why: func(m *Model) string {
				if o, why := open(m); o == nil {
					return why
				} else if o.st.Orphans == 0 {
					return "no reservation is orphaned"
				}
				return ""
			}},
		{Action: keyOnly(k(actRefreshStatus, scopeStatus, []string{"r"}, "refresh", "Read the workspace's status again")),
			run: func(m *Model) tea.Cmd {
				o, _ := m.overlay.(*statusOverlay)
				return o.refresh(sightOf(m.life.Busy(), m.tabs.of(o.id)))
			},
			why: func(m *Model) string {
				if _, ok := m.overlay.(*statusOverlay); !ok {
					return "the workspace status dialog is not open"
				}
				return ""
			}},
		{Action: keyOnly(k(actCloseStatus, scopeStatus, []string{"esc", "q", "enter"}, "close", "Close the workspace status dialog")),
			run: func(m *Model) tea.Cmd { m.overlay = nil; return nil }},
	}
}

func (o *statusOverlay) askRelease() {
	n := strconv.Itoa(o.st.Orphans)
	c := dialog.NewTypedConfirm(o.Th, o.KM, "Release orphaned port reservations",
		[]string{paint.Plural(o.st.Orphans, "reservation") + " " + paint.Belongs(o.st.Orphans) + " to no workspace, shelf or session amux can see.",
			"They are re-checked when you confirm; if the count changed, nothing is released."}, n)
	o.confirm, o.pending = &c, "release"
}

func (o *statusOverlay) askRevoke() {
	n := strconv.Itoa(o.st.Approvals)
	c := dialog.NewTypedConfirm(o.Th, o.KM, "Revoke script approvals",
		[]string{"The project's repo scripts will ask for approval again before they run."}, n)
	o.confirm, o.pending = &c, "untrust"
}

func (o *statusOverlay) askApprove() {
	c := dialog.NewTypedConfirm(o.Th, o.KM, "Approve the repository's scripts",
		append([]string{"These commands come from the repository and will run on your machine:"}, o.untrustedLines()...),
		o.name)
	o.confirm, o.pending = &c, "approve"
}
