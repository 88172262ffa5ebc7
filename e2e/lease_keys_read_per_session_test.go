package e2e

import (
	"strconv"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// An orchestrator reads the scan owner and its lease per session with the
// contract's recipe (show-options -t <session> -v …).
func TestLeaseKeysReadPerSessionWithTheContractRecipe(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)
	harness.Eventually(t, func() (bool, string) {
		owner := harness.ShowOption(s.Env.Server, "-t", session, tmux.TagSessionOwner)
		lease, _ := strconv.ParseInt(harness.ShowOption(s.Env.Server, "-t", session, tmux.TagSessionLeaseMs), 10, 64)
		beat, _ := strconv.ParseInt(harness.ShowOption(s.Env.Server, "-t", session, tmux.TagOwnerHeartbeatMs), 10, 64)
		now := time.Now().UnixMilli()
		ok := owner != "" && owner == harness.ShowOption(s.Env.Server, "-g", tmux.TagSessionOwner) &&
			lease > now && beat <= now && beat > now-time.Minute.Milliseconds()
		return ok, "session " + session + ": owner " + owner + " lease " + strconv.FormatInt(lease, 10) +
			" heartbeat " + strconv.FormatInt(beat, 10) + " at " + strconv.FormatInt(now, 10)
	})
}
