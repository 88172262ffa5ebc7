package e2e

import (
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
)

// An agent session on the host whose @amux_agent_state changes (the
// monitor's write there) reaches the client by the host's push, within a
// second, with no request from the client.
func TestRemoteAgentStateIsPushed(t *testing.T) {
	s, o := remoteHost(t, true)
	repo := (&harness.Env{Home: s.RemoteHome}).NewRepo(t, "shop")
	h := startHost(t, o)
	awaitHost(t, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
	ctx := t.Context()
	res, err := h.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "agent-ws", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := h.OpenSession(ctx, workspace.SessionRequest{Workspace: res.Workspace.ID, Kind: tmux.TypeAgent,
		Tab: "t1", Assistant: "claude", Command: "sleep 600"})
	if err != nil {
		t.Fatal(err)
	}
	stateOf := func() string {
		for _, x := range h.State().Sessions {
			if x.ID == sess.SessionID {
				return x.State + "|" + x.Name
			}
		}
		return "missing"
	}
	awaitHost(t, h, 10*time.Second, "the session pushed", func() bool { return stateOf() != "missing" })

	s.RemoteTmuxRun(t, "set-option", "-t", sess.SessionID, tmux.TagAgentState, "working")
	start := time.Now()
	awaitHost(t, h, time.Second, "the state pushed", func() bool { return stateOf() == "working|"+sess.Name })
	t.Logf("state change on the host seen here after %v", time.Since(start))
}
