package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// A person resizes amux: the embedded view's new size reaches the tmux pane.
func TestTermviewResizeReachesPane(t *testing.T) {
	srv := harness.NewServer(t)
	name := tmux.SessionName("amux", "0123456789abcdef", "tab-size-1")
	harness.StartFakeAgent(t, srv, name, map[string]string{tmux.TagManaged: "1"})
	srv.MustRun(t, "set-option", "-t", name, "status", "off")
	v := attachView(t, srv, name, 80, 24)
	v.waitText("fakeagent ready")

	v.run(v.m.SetSize(132, 40))
	v.settle("pane resize", func() bool {
		return tmuxOut(t, srv, "display-message", "-p", "-t", tmux.ExactPane(name), "#{pane_width}x#{pane_height}") == "132x40"
	})
	v.waitText("fakeagent ready") // tmux redrew into the new size
}
