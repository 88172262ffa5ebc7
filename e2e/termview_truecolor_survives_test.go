package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// An agent draws in 24-bit colour: the embedded view shows the exact colour,
// because attaching configured tmux's RGB terminal feature first.
func TestTermviewTruecolorSurvives(t *testing.T) {
	srv := harness.NewServer(t)
	name := tmux.SessionName("amux", "0123456789abcdef", "tab-colour-1")
	agent := harness.StartFakeAgent(t, srv, name, map[string]string{tmux.TagManaged: "1"})
	v := attachView(t, srv, name, 80, 24)
	v.waitText("fakeagent ready")

	agent.Print("\x1b[38;2;201;102;3mtruecolor\x1b[m\r\n")
	v.waitText("truecolor")
	if view := v.m.View(); !strings.Contains(view, "38;2;201;102;3") {
		t.Fatalf("truecolor lost: %q", view)
	}
	features := tmuxOut(t, srv, "show-options", "-s", "terminal-features")
	if !strings.Contains(features, "xterm-256color:RGB") || !strings.Contains(features, "xterm*:sync") {
		t.Fatalf("terminal-features = %q", features)
	}
}
