package app

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// tabsResumedMsg reports a resume: how many tabs came back, and what failed.
type tabsResumedMsg struct {
	n   int
	err error
}

// lostTabs are the selected workspace's recorded tabs whose session is
// gone (a reboot, a killed server) and that no open tab shows.
func (m *Model) lostTabs(wsID string) []workspace.Tab {
	rec, ok := m.record(wsID)
	if !ok || rec.Shelved {
		return nil
	}
	live := map[string]bool{}
	for _, s := range m.snap.sessions {
		live[s.Name] = true
	}
	var lost []workspace.Tab
	for _, t := range rec.Tabs {
		name := t.Session
		if name == "" {
			name = tmux.SessionName("amux", wsID, t.ID)
		}
		if t.ID == "" || live[name] || m.tabs.find(wsID, t.ID) != nil || (t.Type != tmux.TypeAgent && t.Type != tmux.TypeTerminal) {
			continue
		}
		lost = append(lost, t)
	}
	return lost
}

// resumeCommand is what brings a tab back: its assistant's resume command
// for an agent that has one, else the command it was started with.
func (m *Model) resumeCommand(t workspace.Tab) (string, bool) {
	name := t.Assistant
	if t.Type == tmux.TypeTerminal || name == "" {
		name = "shell"
	}
	if t.Type == tmux.TypeAgent {
		if cmd, ok := m.deps.Config.Resume(name); ok {
			return cmd, true
		}
	}
	a, ok := m.deps.Config.Assistants[name]
	return a.Command, ok
}

// shownResumable is the shown tab as a record entry, when its agent exited
// and its assistant can resume.
func (m *Model) shownResumable() (workspace.Tab, bool) {
	t := m.activeTab()
	if t == nil || t.kind != tmux.TypeAgent || t.state.State != agentstate.Stopped {
		return workspace.Tab{}, false
	}
	if _, ok := m.deps.Config.Resume(t.assistant); !ok {
		return workspace.Tab{}, false
	}
	return workspace.Tab{ID: t.id, Type: t.kind, Assistant: t.assistant, Session: t.session, Title: t.title}, true
}

func whyNotResumable(m *Model) string {
	if why := whyNotOpenWorkspace(m); why != "" {
		return why
	}
	if _, ok := m.shownResumable(); ok {
		return ""
	}
	if len(m.lostTabs(m.selectedWorkspaceID())) > 0 {
		return ""
	}
	if t := m.activeTab(); t != nil && t.state.State == agentstate.Stopped {
		// Its own resume_command only: a built-in one resumes another program.
		return "no resume command for " + t.assistant + " (set assistants." + t.assistant + ".resume_command in config.json)"
	}
	return "no exited agent or lost tab to resume"
}

// resume relaunches the shown exited agent with its resume command, or
// else brings back every tab of the workspace whose session was lost.
func (m *Model) resume() tea.Cmd {
	wsID := m.selectedWorkspaceID()
	rec, _ := m.record(wsID)
	tabs := m.lostTabs(wsID)
	if t, ok := m.shownResumable(); ok {
		tabs = []workspace.Tab{t}
		m.activeTab().taskSent = true // a resumed agent gets no first task again
	}
	type job struct {
		tab     workspace.Tab
		command string
	}
	var jobs []job
	for _, t := range tabs {
		if cmd, ok := m.resumeCommand(t); ok {
			t.Cwd = rec.Root
			if saved, ok := savedTab(rec, t.ID); ok && saved.Cwd != "" {
				t.Cwd = saved.Cwd
			}
			jobs = append(jobs, job{t, cmd})
		}
	}
	sess := m.deps.Sessions
	w, h := m.termSize()
	return tea.Batch(m.say(levelInfo, "resuming…"), func() tea.Msg {
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
	})
}

func savedTab(rec workspace.Record, id string) (workspace.Tab, bool) {
	for _, t := range rec.Tabs {
		if t.ID == id {
			return t, true
		}
	}
	return workspace.Tab{}, false
}

// onTabsResumed reports a resume and loads, so the tabs show.
func (m *Model) onTabsResumed(msg tabsResumedMsg) tea.Cmd {
	if m.mon != nil {
		m.mon.Wake()
	}
	text := "resumed " + plural(msg.n, "tab")
	if msg.err != nil {
		return tea.Batch(m.load(), m.say(levelError, text+"; "+strings.ReplaceAll(errText(msg.err), "\n", "; ")))
	}
	return tea.Batch(m.load(), m.say(levelInfo, text))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// recordOf is a workspace's record, or the zero record.
func (m *Model) recordOf(id string) workspace.Record {
	rec, _ := m.record(id)
	return rec
}

// persistTabs records the workspace's open tabs in its record (a field
// transaction on the tabs field only).
func (m *Model) persistTabs(wsID string) tea.Cmd {
	wt, rec := m.tabs[wsID], m.recordOf(wsID)
	var list []workspace.Tab
	if wt != nil {
		for _, t := range wt.tabs {
			// Run tabs too: their place in the order survives a restart.
			list = append(list, workspace.Tab{ID: t.id, Type: t.kind, Assistant: t.assistant, Session: t.session, Title: t.title, Cwd: rec.Root})
		}
	}
	// Tabs a reboot took stay recorded until they are resumed: the record
	// is all that can bring them back.
	list = append(list, m.lostTabs(wsID)...)
	sess := m.deps.Sessions
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = sess.SaveTabs(ctx, wsID, list) // best effort: sessions are the truth, the record a hint
		return nil
	}
}
