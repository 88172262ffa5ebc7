// Command termdemo shows one tmux session through ui/termview on the real
// terminal, for trying the embedded view by hand (and for comparing its
// screen with tmux's own). Ctrl+] quits; everything else goes to the pane.
//
// Usage: go run ./e2e/bench/termdemo -L <tmux server name> <session>
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/termview"
)

type demo struct{ view termview.Model }

func (d demo) Init() tea.Cmd { return d.view.Init() }

func (d demo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return d, d.view.SetSize(msg.Width, msg.Height)
	case tea.KeyPressMsg:
		if msg.Code == ']' && msg.Mod == tea.ModCtrl {
			return d, tea.Quit
		}
	case termview.ClosedMsg:
		return d, tea.Quit
	}
	var cmd tea.Cmd
	d.view, cmd = d.view.Update(msg)
	return d, cmd
}

func (d demo) View() tea.View {
	v := tea.NewView(d.view.View())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.Cursor = d.view.Cursor()
	return v
}

func main() {
	server := flag.String("L", tmux.DefaultServerName, "tmux server (socket name)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: termdemo [-L server] <session>")
		os.Exit(2)
	}
	c := tmux.New(tmux.Server{Name: *server, Config: tmux.DefaultConfigPath})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	t, err := termview.Attach(ctx, c, flag.Arg(0), termview.Options{})
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, "termdemo:", err)
		os.Exit(1)
	}
	defer t.Close()
	if _, err := tea.NewProgram(demo{view: termview.New(t)}).Run(); err != nil {
		fmt.Fprintln(os.Stderr, "termdemo:", err)
		os.Exit(1)
	}
}
