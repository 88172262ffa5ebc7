package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// The on-done hook runs once for a working → done edge amux watched, and a
// restart never replays it, even while the published state still says done.
func TestOnDoneFiresOnceAndNotAfterRestart(t *testing.T) {
	s := harness.NewAgentSetup(t)
	marker := filepath.Join(t.TempDir(), "on-done.log")
	err := workspace.NewStore(s.Env.StateHome).SetProjectScripts(context.Background(), s.Repo,
		workspace.ScriptSet{OnDone: "echo \"$AMUX_WORKSPACE_NAME\" >> " + status.ShellQuote(marker)})
	if err != nil {
		t.Fatal(err)
	}
	states := s.Env.StateLog(t)
	s.OpenFakeAgent(t, "")
	harness.Eventually(t, func() (bool, string) { // the scan owner has seen the agent
		got := states()
		return len(got) > 0 && got[len(got)-1] == "idle", "states so far: " + strings.Join(got, ",")
	})
	s.Env.AfterStartupGrace(t)
	s.Agent.Burst(20000)
	hookRuns := func() int {
		b, _ := os.ReadFile(marker)
		return strings.Count(string(b), "feat\n")
	}
	harness.Eventually(t, func() (bool, string) {
		logs, _ := filepath.Glob(filepath.Join(s.Env.StateHome, "workspaces", "*", "logs", "*"))
		var out string
		for _, l := range logs {
			b, _ := os.ReadFile(l)
			out += l + ": " + string(b) + "\n"
		}
		return hookRuns() == 1, "states: " + strings.Join(states(), ",") + "; hook output: " + out
	})

	session := s.Env.AgentSession(t)
	s.Term.LeaveTerminal(t)
	s.Term.Press(t, app.ActQuit)
	s.Term.WaitExit()
	if got := harness.ShowOption(s.Env.Server, "-t", session, tmux.TagAgentState); got != "done" {
		t.Fatalf("published state at restart is %q; the story needs done", got)
	}
	again := harness.StartAmux(t, s.Env, 120, 40)
	again.WaitText("feat")
	// Through the rest of the done window and back to idle.
	harness.Eventually(t, func() (bool, string) {
		got := states()
		return len(got) > 0 && got[len(got)-1] == "idle", "states: " + strings.Join(got, ",")
	})
	if n := hookRuns(); n != 1 {
		t.Fatalf("on-done ran %d times, want once", n)
	}
}

// When the scan owner dies, another instance takes the lease over and keeps
// the state published.
func TestScanLeaseMovesWhenTheOwnerIsKilled(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	owner := func() string {
		return harness.ShowOption(s.Env.Server, "-g", tmux.TagSessionOwner)
	}
	harness.Eventually(t, func() (bool, string) { return owner() != "", "no scan owner yet" })
	first := owner()

	second := harness.StartAmux(t, s.Env, 120, 40)
	second.WaitText("feat")
	if got := owner(); got != first {
		t.Fatalf("a second instance took the lease from a live owner: %q → %q", first, got)
	}
	s.Term.KillHard(t)
	harness.Eventually(t, func() (bool, string) {
		o := owner()
		return o != "" && o != first, "owner still " + o
	})
	// The new owner holds a live lease: the old owner's control client left
	// the server, so it did not wait the lease out (60 s).
	lease, _ := strconv.ParseInt(harness.ShowOption(s.Env.Server, "-g", tmux.TagSessionLeaseMs), 10, 64)
	if now := time.Now().UnixMilli(); lease <= now {
		t.Fatalf("the new owner's lease %d is not live at %d", lease, now)
	}
}
