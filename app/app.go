// Package app is amux's root Bubble Tea model: routing, focus, layout,
// lifecycle orchestration and the scan loop.
package app

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
)

// Run starts the TUI on the given terminal and blocks until it quits.
func Run(in, out *os.File) error {
	client := tmux.New(tmux.ResolveServer(os.Getenv))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := client.CheckVersion(ctx); err != nil {
		return err
	}
	p := tea.NewProgram(newSessionList(client), tea.WithInput(in), tea.WithOutput(out))
	_, err := p.Run()
	return err
}

// sessionList is the interim screen: the amux sessions on the server.
type sessionList struct {
	client   *tmux.Client
	sessions []tmux.SessionInfo
	err      error
}

type sessionsMsg struct {
	list []tmux.SessionInfo
	err  error
}

func newSessionList(c *tmux.Client) sessionList { return sessionList{client: c} }

func (m sessionList) Init() tea.Cmd { return m.refresh }

func (m sessionList) refresh() tea.Msg {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	list, err := tmux.ListSessions(ctx, m.client)
	return sessionsMsg{list, err}
}

func (m sessionList) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case sessionsMsg:
		m.sessions, m.err = msg.list, msg.err
	case tea.KeyPressMsg:
		switch msg.String() {
		case "q", "ctrl+c":
			return m, tea.Quit
		case "r":
			return m, m.refresh
		}
	}
	return m, nil
}

func (m sessionList) View() tea.View {
	var b strings.Builder
	fmt.Fprintf(&b, "amux — sessions on %s\n\n", m.client.Server())
	switch {
	case m.err != nil:
		fmt.Fprintf(&b, "error: %v\n", m.err)
	case len(m.sessions) == 0:
		b.WriteString("no amux sessions\n")
	}
	for _, s := range m.sessions {
		fmt.Fprintf(&b, "  %-40s %-8s %s\n", s.Name, s.Type, s.Assistant)
	}
	b.WriteString("\nr refresh · q quit\n")
	v := tea.NewView(b.String())
	v.AltScreen = true
	return v
}
