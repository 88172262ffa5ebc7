package e2e

import (
	"strings"
	"syscall"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
)

// Health names what is wrong, each with its fix: the status tap of one tab
// was killed, and an agent has sat on Claude Code's folder-trust screen
// (a screen before its session, which no hook can report). One key starts
// a new tap without touching the agent.
func TestHealthOverlayFlagsAKilledTapAndAStuckAgent(t *testing.T) {
	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	env.WriteConfig(t, map[string]any{"claude": map[string]any{"command": agent.ShellCommand()}})
	env.SetConfig(t, "status", map[string]any{"stuck_after_ms": 1500})
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	s := &harness.AgentSetup{Env: env, Term: term, Agent: agent, Repo: repo}
	s.Term.Press(t, app.ActNewAgent)
	s.Term.WaitText("New agent tab")
	s.Term.Type("claude")
	s.Term.Press(t, keys.ListChoose)
	agent.WaitReady(t)
	agent.Print("\x1b[2J\x1b[H Do you trust the files in this folder?\r\n\r\n ❯ 1. Yes, proceed\r\n   2. No, exit\r\n")
	s.Term.WaitText("Do you trust the files in this folder?")

	session := env.AgentSession(t)
	tapOf := func() string {
		return strings.TrimSpace(env.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session), "#{"+tmux.PaneTap+"}"))
	}
	kill := func(tap string) int {
		pid, _, ok := status.ParseTapIdentity(tap)
		if !ok {
			t.Fatalf("no tap announced: %q", tap)
		}
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		return pid
	}
	// A tap that dies comes back by itself, once, with a notice.
	var first string
	harness.Eventually(t, func() (bool, string) {
		first = tapOf()
		_, _, ok := status.ParseTapIdentity(first)
		return ok, "no tap announced: " + first
	})
	kill(first)
	s.Term.WaitText("a status tap had died: reinstalled 1 of 1")
	var tap string
	harness.Eventually(t, func() (bool, string) {
		tap = tapOf()
		_, _, ok := status.ParseTapIdentity(tap)
		return ok && tap != first, "no new tap announced: " + tap
	})
	// Killed again at once, it is left to Health: amux backs off rather
	// than repair in a loop.
	pid := kill(tap)
	s.Term.LeaveTerminal(t)
	// Open once and ask again until the checks see both: the stuck screen
	// counts only after stuck_after_ms, and the tap's death after a scan.
	s.Term.Press(t, app.ActHealth)
	s.Term.WaitText("Health")
	harness.Eventually(t, func() (bool, string) {
		screen := s.Term.Screen()
		ok := strings.Contains(screen, "status tap (pid") && strings.Contains(screen, "died") &&
			strings.Contains(screen, "has waited") && strings.Contains(screen, "fix: open the tab and answer it")
		if !ok {
			s.Term.Press(t, app.ActRefreshHealth)
		}
		return ok, "health shows:\n" + screen
	})
	// t starts a new tap; the agent keeps running.
	s.Term.Press(t, app.ActRepairTaps)
	s.Term.WaitText("started 1 new status tap")
	harness.Eventually(t, func() (bool, string) {
		screen := s.Term.Screen()
		if !strings.Contains(screen, "sessions tapped") {
			s.Term.Press(t, app.ActRefreshHealth)
		}
		return strings.Contains(screen, "1 sessions tapped") && !strings.Contains(screen, "died"), "after the repair:\n" + screen
	})
	tap2 := strings.TrimSpace(env.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session), "#{"+tmux.PaneTap+"}"))
	if pid2, _, ok := status.ParseTapIdentity(tap2); !ok || pid2 == pid {
		t.Fatalf("no new tap announced: %q", tap2)
	}
	if dead := strings.TrimSpace(env.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session), "#{pane_dead}")); dead != "0" {
		t.Fatal("the repair touched the agent")
	}
	s.Term.Press(t, app.ActCloseHealth)
	s.Term.WaitGone("check again")
}
