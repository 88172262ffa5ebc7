package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// A person starts amux on a terminal and sees the agent sessions that are
// already running on its server; q quits and leaves them running.
func TestTUIListsLiveSessions(t *testing.T) {
	env := harness.NewEnv(t)
	name := tmux.SessionName("amux", "0123456789abcdef", "tab-test-1")
	harness.StartFakeAgent(t, env.Server, name, map[string]string{tmux.TagManaged: "1", tmux.TagType: "agent"})

	term := harness.StartAmux(t, env, 120, 40)
	term.WaitText(name)
	term.Keys("q")
	if code := term.WaitExit(); code != 0 {
		t.Fatalf("amux exited %d; screen:\n%s", code, term.Screen())
	}
	if ok, err := tmux.HasSession(t.Context(), env.Server, name); err != nil || !ok {
		t.Fatalf("quitting amux killed the agent session (ok=%v err=%v)", ok, err)
	}
}
