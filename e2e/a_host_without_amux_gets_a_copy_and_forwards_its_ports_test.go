package e2e

import (
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/client"
)

// A host without amux: the workbench asks, once, to copy this machine's
// amux there, naming the path; yes copies it, checks it and connects. Then
// `P` on a workspace of that host forwards its port range to this
// machine's loopback (the row says so), and `P` again stops it.
func TestAHostWithoutAmuxGetsACopyAndForwardsItsPorts(t *testing.T) {
	s, o := remoteHost(t, false)
	repo := (&harness.Env{Home: s.RemoteHome}).NewRepo(t, "shop")

	_, term := hostWorkbench(t, s, 160, 40) // wide: the row has room for its forwarded range
	term.WaitText("Copy amux to build?")
	term.WaitText("~/" + client.DefaultInstallPath) // where it goes
	term.Press(t, keys.ConfirmYes)
	term.WaitText("build  connected")

	h := startHost(t, o)
	awaitHost(t, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
	if _, err := h.AddProject(t.Context(), repo); err != nil {
		t.Fatal(err)
	}
	res, err := h.Create(t.Context(), workspace.CreateRequest{Repo: repo, Name: "checkout-flow"})
	if err != nil {
		t.Fatal(err)
	}
	// A session of the workspace reserves its ports (its environment
	// names them).
	id := res.Workspace.WorkspaceID()
	if _, err := h.OpenSession(t.Context(), workspace.SessionRequest{Workspace: id, Kind: tmux.TypeTerminal, Tab: "t-1",
		Assistant: "shell", Command: "exec sleep 300", Width: 80, Height: 24}); err != nil {
		t.Fatal(err)
	}
	st, err := h.Status(t.Context(), id, nil)
	first, _, _ := strings.Cut(st.Ports, "-")
	start, perr := strconv.Atoi(first)
	if err != nil || perr != nil {
		t.Fatalf("the host's workspace has no port range: %q, %v", st.Ports, err)
	}
	term.WaitText("checkout-flow")
	term.SelectWorkspace(t, "checkout-flow")
	term.Press(t, app.ActForwardPorts)
	term.WaitText("fwd " + strconv.Itoa(start))
	local := "127.0.0.1:" + strconv.Itoa(start)
	c, err := net.DialTimeout("tcp", local, 5*time.Second)
	if err != nil {
		t.Fatalf("the forwarded port does not listen here: %v", err)
	}
	c.Close()
	term.Press(t, app.ActForwardPorts)
	term.WaitGone("fwd " + strconv.Itoa(start))
	harness.Eventually(t, func() (bool, string) {
		c, err := net.DialTimeout("tcp", local, time.Second)
		if err == nil {
			c.Close()
		}
		return err != nil, "the forwarding still listens after P again"
	})
}
