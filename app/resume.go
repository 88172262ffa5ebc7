package app

import (
	"context"
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/app/scene"
	"amux.dev/amux/config"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// tabsResumedMsg reports a resume: how many tabs came back, and what failed.
type tabsResumedMsg struct {
	n   int
	err error
}

// lostTabs are a workspace's recorded tabs whose session is gone (a
// reboot, a killed server) and that no open tab shows.
func (o *tabsOwner) lostTabs(wsID string, sc tabScene) []workspace.Tab {
	rec, ok := sc.record(wsID)
	if !ok || rec.Shelved {
		return nil
	}
	live := map[string]bool{}
	for _, s := range sc.snap.Sessions {
		live[s.Name] = true
	}
	var lost []workspace.Tab
	for _, t := range rec.Tabs {
		name := t.Session
		if name == "" {
			name = tmux.SessionName("amux", wsID, t.ID)
		}
		if t.ID == "" || live[name] || o.find(wsID, t.ID) != nil || (t.Type != tmux.TypeAgent && t.Type != tmux.TypeTerminal) {
			continue
		}
		lost = append(lost, t)
	}
	return lost
}

// resumeCommand is what brings a tab back: its assistant's resume command
// for an agent that has one, else the command it was started with.
func resumeCommand(cfg *config.Config, t workspace.Tab) (string, bool) {
	name := t.Assistant
	if t.Type == tmux.TypeTerminal || name == "" {
		name = "shell"
	}
	if t.Type == tmux.TypeAgent {
		if cmd, ok := cfg.Resume(name); ok {
			return cmd, true
		}
	}
	a, ok := cfg.Assistants[name]
	return a.Command, ok
}

// shownResumable is the shown tab as a record entry, when its agent exited
// and its assistant can resume.
func (o *tabsOwner) shownResumable(sc tabScene) (workspace.Tab, bool) {
	t := o.active(sc.ws)
	if t == nil || t.kind != tmux.TypeAgent || t.state.State != agentstate.Stopped {
		return workspace.Tab{}, false
	}
	if _, ok := sc.cfg.Resume(t.assistant); !ok {
		return workspace.Tab{}, false
	}
	return workspace.Tab{ID: t.id, Type: t.kind, Assistant: t.assistant, Session: t.session, Title: t.title}, true
}

func whyNotResumable(m *Model) string {
	if why := whyNotOpenWorkspace(m); why != "" {
		return why
	}
	return m.tabs.whyNotResumable(m.tabScene())
}

// whyNotResumable is why the selected workspace has nothing to resume.
func (o *tabsOwner) whyNotResumable(sc tabScene) string {
	if _, ok := o.shownResumable(sc); ok {
		return ""
	}
	if len(o.lostTabs(sc.ws, sc)) > 0 {
		return ""
	}
	if t := o.active(sc.ws); t != nil && t.state.State == agentstate.Stopped {
		// Its own resume_command only: a built-in one resumes another program.
		return "no resume command for " + t.assistant + " (set assistants." + t.assistant + ".resume_command in config.json)"
	}
	return "no exited agent or lost tab to resume"
}

// resume relaunches the shown exited agent with its resume command, or
// else brings back every tab of the workspace whose session was lost.
func (o *tabsOwner) resume(sc tabScene) (tea.Cmd, modal.Outcome) {
	wsID := sc.ws
	rec, _ := sc.record(wsID)
	tabs := o.lostTabs(wsID, sc)
	if t, ok := o.shownResumable(sc); ok {
		tabs = []workspace.Tab{t}
		o.active(wsID).taskSent = true // a resumed agent gets no first task again
	}
	type job struct {
		tab     workspace.Tab
		command string
	}
	var jobs []job
	for _, t := range tabs {
		if cmd, ok := resumeCommand(sc.cfg, t); ok {
			t.Cwd = rec.Root
			if saved, ok := savedTab(rec, t.ID); ok && saved.Cwd != "" {
				t.Cwd = saved.Cwd
			}
			jobs = append(jobs, job{t, cmd})
		}
	}
	sess, w, h := o.tabSessions(wsID), sc.w, sc.h
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
		defer cancel()
		var errs []error
		n := 0
		for _, j := range jobs {
			_, err := sess.ResumeTab(ctx, workspace.ResumeRequest{Workspace: wsID, Tab: j.tab, Command: j.command, Width: w, Height: h})
			if err != nil {
				errs = append(errs, errors.New(j.tab.ID+": "+err.Error()))
				continue
			}
			n++
		}
		return tabsResumedMsg{n, errors.Join(errs...)}
	}, tabNote(modal.LevelInfo, "resuming…")
}

func savedTab(rec workspace.Record, id string) (workspace.Tab, bool) {
	for _, t := range rec.Tabs {
		if t.ID == id {
			return t, true
		}
	}
	return workspace.Tab{}, false
}

// resumed reports a resume and asks for a load, so the tabs show.
func (o *tabsOwner) resumed(msg tabsResumedMsg) (tea.Cmd, modal.Outcome) {
	if o.d.mon != nil {
		o.d.mon.Wake()
	}
	text := "resumed " + paint.Plural(msg.n, "tab")
	if msg.err != nil {
		return nil, tabNote(modal.LevelError, text+"; "+strings.ReplaceAll(paint.ErrText(msg.err), "\n", "; ")).Then(scene.Reload{List: true})
	}
	return nil, tabNote(modal.LevelInfo, text).Then(scene.Reload{List: true})
}

// persist records the workspace's open tabs in its record (a field
// transaction on the tabs field only).
func (o *tabsOwner) persist(wsID string, sc tabScene) tea.Cmd {
	wt := o.of(wsID)
	rec, _ := sc.record(wsID)
	var list []workspace.Tab
	if wt != nil {
		for _, t := range wt.tabs {
			// Run tabs too: their place in the order survives a restart.
			list = append(list, workspace.Tab{ID: t.id, Type: t.kind, Assistant: t.assistant, Session: t.session, Title: t.title, Cwd: rec.Root})
		}
	}
	// Tabs a reboot took stay recorded until they are resumed: the record
	// is all that can bring them back.
	list = append(list, o.lostTabs(wsID, sc)...)
	sess := o.tabSessions(wsID)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = sess.SaveTabs(ctx, wsID, list) // best effort: sessions are the truth, the record a hint
		return nil
	}
}
