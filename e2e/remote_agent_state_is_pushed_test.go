package e2e

import (
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// An agent on the host that reports a state (amux report, through the
// pane's status tap) has it published there by the host's own status
// monitor — no amux runs on the host but the connection's — and the host
// pushes it to the client within a second, with no request from the client
// and no polling.
func TestRemoteAgentStateIsPushed(t *testing.T) {
	s, h, repo := connectedHost(t)
	ctx := t.Context()
	res, err := h.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "agent-ws", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := h.OpenSession(ctx, workspace.SessionRequest{Workspace: res.Workspace.ID, Kind: tmux.TypeAgent,
		Tab: "t1", Assistant: "claude",
		Command: `read go; "$AMUX_BIN_PATH" report --state blocked --message 'pick one'; exec sleep 600`})
	if err != nil {
		t.Fatal(err)
	}
	stateOf := func() string {
		for _, x := range h.State().Sessions {
			if x.ID == sess.SessionID {
				return x.State + "|" + x.Reason
			}
		}
		return "missing"
	}
	// The host's monitor takes the lease and publishes a first state.
	awaitHost(t, h, 20*time.Second, "a first published state", func() bool {
		st := stateOf()
		return st != "missing" && st != "|"
	})
	if owner := s.RemoteTmuxRun(t, "show-options", "-gv", tmux.TagSessionOwner); owner == "" {
		t.Fatal("nobody holds the lease on the host")
	}

	s.RemoteTmuxRun(t, "send-keys", "-t", sess.SessionID, "Enter")
	start := time.Now()
	awaitHost(t, h, 2*time.Second, "the reported state pushed", func() bool { return stateOf() == "blocked|pick one" })
	t.Logf("a state reported on the host seen here after %v", time.Since(start))
}
