package app

import (
	"fmt"
	"strings"
	"time"

	"amux.dev/amux/ui/dashboard"
)

// centerContent is what the center area shows for the selection: the
// workspace's facts and what to do next. Tabs replace it once open.
func (m *Model) centerContent(w, h int) (string, string) {
	th := m.th
	if !m.loaded {
		return "amux", ""
	}
	r, ok := m.dash.Selected()
	if !ok {
		return "Welcome", th.TextStyle().Render("amux runs coding agents side by side, one git worktree each.") + "\n\n" +
			th.MutedStyle().Render("Press "+m.keyName(actAddProject)+" to add a project (a git repository), then "+
				m.keyName(actNewWorkspace)+" to create a workspace.")
	}
	p, _ := m.dash.SelectedProject()
	if r.Kind == dashboard.ProjectRow {
		lines := []string{
			th.AccentStyle().Render(p.Name),
			th.MutedStyle().Render(m.snap.shown.projects[p.Path].path),
			"",
			plural(len(p.Workspaces), "workspace"),
			"",
		}
		if why := m.projectErrs[p.Path]; why != "" {
			lines = append(lines, th.ErrorStyle().Render("✗ "+why),
				th.MutedStyle().Render(m.keyName(actRefresh)+": retry · "+m.keyName(actRemoveProject)+": remove"), "")
		}
		lines = append(lines, []string{
			th.MutedStyle().Render(m.keyName(actNewWorkspace) + ": new workspace · " + m.keyName(actOpen) + ": fold/unfold"),
		}...)
		return p.Name, strings.Join(lines, "\n")
	}
	ws, _ := m.dash.SelectedWorkspace()
	rec, ok := m.record(ws.ID)
	if !ok {
		return ws.Name, ""
	}
	kv := func(k, v string) string {
		return th.MutedStyle().Render(fmt.Sprintf("%-10s", k)) + " " + th.TextStyle().Render(v)
	}
	state := "ready"
	switch {
	case ws.Busy:
		state = ws.Detail
	case rec.Shelved:
		state = "shelved (branch and record kept; worktree removed)"
	case m.side.landings[ws.ID].how != "":
		l := m.side.landings[ws.ID]
		state = fmt.Sprintf("%s stopped on conflicts (%d left) · %s: finish · %s: abort",
			l.how, len(l.conflicts), m.keyName(actFinishLanding), m.keyName(actAbortLanding))
	case ws.Dirty:
		state = "uncommitted changes"
	}
	shown := m.shownRecord(ws.ID)
	lines := []string{
		th.AccentStyle().Render(shown.name),
		"",
		kv("branch", shown.branch),
		kv("base", orDash(shown.base)),
		kv("worktree", shown.root),
		kv("project", p.Name),
		kv("id", ws.ID),
		kv("state", state),
		kv("agents", plural(ws.Attached, "live session")),
	}
	if !rec.Created.IsZero() {
		lines = append(lines, kv("created", rec.Created.In(m.zone()).Format("2006-01-02 15:04")))
	}
	if lost := len(m.tabs.lostTabs(ws.ID, m.tabScene())); lost > 0 {
		// A reboot (or a killed server) took these sessions; the record kept
		// each tab's assistant and directory.
		lines = append(lines, "", th.Style(th.Warning).Render(lostTabsLine(lost))+
			th.MutedStyle().Render(" · "+m.keyName(actResumeTab)+": bring them back"))
	}
	return shown.name, strings.Join(lines, "\n")
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// zone is where times are shown: Deps.Zone, else the machine's local zone.
func (m *Model) zone() *time.Location {
	if m.deps.Zone != nil {
		return m.deps.Zone
	}
	return time.Local
}
