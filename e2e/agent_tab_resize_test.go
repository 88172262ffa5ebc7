package e2e

import (
	"strconv"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// Resizing the terminal amux runs in resizes the agent's pane to the new
// tab area.
func TestAgentTabResizeReachesThePane(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)

	width := func() int {
		out := s.Env.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session), "#{pane_width}x#{pane_height}")
		w, _, _ := strings.Cut(strings.TrimSpace(out), "x")
		n, _ := strconv.Atoi(w)
		return n
	}
	if w := width(); w != 88 { // 120 columns: a 30-column list, borders
		t.Fatalf("pane width %d at 120 columns, want 88", w)
	}
	s.Term.Resize(160, 50)
	harness.Eventually(t, func() (bool, string) {
		// 160 columns: a 40-column list, the sidebar (shown from 140
		// columns, 40 wide), borders.
		w := width()
		return w == 78, "pane width " + strconv.Itoa(w) + ", want 78"
	})
}
