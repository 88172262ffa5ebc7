package e2e

import (
	"fmt"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// A person scrolls up in an embedded agent: earlier output, long gone from
// the screen, comes back from tmux's history; typing returns to the bottom.
func TestTermviewScrollbackShowsHistory(t *testing.T) {
	srv := harness.NewServer(t)
	name := tmux.SessionName("amux", "0123456789abcdef", "tab-scroll-1")
	agent := harness.StartFakeAgent(t, srv, name, map[string]string{tmux.TagManaged: "1"})
	v := attachView(t, srv, name, 80, 10)
	v.waitText("fakeagent ready")
	var b strings.Builder
	for i := range 60 {
		fmt.Fprintf(&b, "history line %02d\r\n", i)
	}
	agent.Print(b.String())
	v.waitText("history line 59")

	v.run(v.m.ScrollUp(40))
	v.waitText("history line 20")
	if v.m.Scrolled() != 40 {
		t.Fatalf("scrolled %d, want 40", v.m.Scrolled())
	}
	v.typeText("x")
	v.waitText("history line 59")
	if v.m.Scrolled() != 0 {
		t.Fatal("typing did not return to the live screen")
	}
}
