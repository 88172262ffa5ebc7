package app

import (
	"fmt"
	"strings"

	"amux.dev/amux/app/paint"
	"amux.dev/amux/app/review"
	"amux.dev/amux/ui/projectlist"
)

// tabAreaText is what the tab area shows for the selection while it has no
// tab: the workspace's facts and what to do next, or the project's, or a
// welcome. lost is how many of the selected workspace's tabs a reboot
// took (the tabs owner knows).
func (l *listOwner) tabAreaText(sc listScene, lost int) (string, string) {
	th := sc.th
	if !l.loaded {
		return "amux", ""
	}
	r, ok := l.rows.Selected()
	if !ok {
		return "Welcome", th.TextStyle().Render("amux runs coding agents side by side, one git worktree each.") + "\n\n" +
			th.MutedStyle().Render("Press "+l.keyName(actAddProject)+" to add a project (a git repository), then "+
				l.keyName(actNewWorkspace)+" to create a workspace.")
	}
	p, _ := l.rows.SelectedProject()
	if r.Kind == projectlist.ProjectRow {
		lines := []string{
			th.AccentStyle().Render(p.Name),
			th.MutedStyle().Render(l.snap.Shown.Projects[p.Path].Path),
			"",
			paint.Plural(len(p.Workspaces), "workspace"),
			"",
		}
		if why := l.projectErrs[p.Path]; why != "" {
			lines = append(lines, th.ErrorStyle().Render("✗ "+why),
				th.MutedStyle().Render(l.keyName(actRefresh)+": retry · "+l.keyName(actRemoveProject)+": remove"), "")
		}
		lines = append(lines, []string{
			th.MutedStyle().Render(l.keyName(actNewWorkspace) + ": new workspace · " + l.keyName(actOpen) + ": fold/unfold"),
		}...)
		return p.Name, strings.Join(lines, "\n")
	}
	ws, _ := l.rows.SelectedWorkspace()
	rec, ok := l.record(ws.ID)
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
	case sc.landings[ws.ID].How != "":
		lg := sc.landings[ws.ID]
		state = fmt.Sprintf("%s stopped on conflicts (%d left) · %s: finish · %s: abort",
			lg.How, len(lg.Conflicts), l.keyName(review.ActFinishLanding), l.keyName(review.ActAbortLanding))
	case ws.Dirty:
		state = "uncommitted changes"
	}
	shown := l.snap.Shown.Records[ws.ID]
	lines := []string{
		th.AccentStyle().Render(shown.Name),
		"",
		kv("branch", shown.Branch),
		kv("base", orDash(shown.Base)),
		kv("worktree", shown.Root),
		kv("project", p.Name),
		kv("id", ws.ID),
		kv("state", state),
		kv("agents", paint.Plural(ws.Attached, "live session")),
	}
	if !rec.Created.IsZero() {
		lines = append(lines, kv("created", rec.Created.In(l.d.zone).Format("2006-01-02 15:04")))
	}
	if lost > 0 {
		// A reboot (or a killed server) took these sessions; the record kept
		// each tab's assistant and directory.
		lines = append(lines, "", th.Style(th.Warning).Render(paint.LostTabsLine(lost))+
			th.MutedStyle().Render(" · "+l.keyName(actResumeTab)+": bring them back"))
	}
	return shown.Name, strings.Join(lines, "\n")
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
