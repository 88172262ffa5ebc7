package e2e

import (
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/client"
)

// Killing the shared ssh connection (its master process) makes the host
// unreachable "since" then, never idle; the client reconnects by itself
// with a fresh snapshot, and the agent on the host was not touched.
func TestRemoteHostComesBackAfterADrop(t *testing.T) {
	s, o := remoteHost(t, true)
	repo := (&harness.Env{Home: s.RemoteHome}).NewRepo(t, "shop")
	h := startHost(t, o)
	awaitHost(t, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
	ctx := t.Context()
	res, err := h.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "survivor", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := h.OpenSession(ctx, workspace.SessionRequest{Workspace: res.Workspace.ID, Kind: tmux.TypeAgent,
		Tab: "t1", Command: "sleep 600"})
	if err != nil {
		t.Fatal(err)
	}
	panePID := s.RemoteTmuxRun(t, "display-message", "-p", "-t", sess.PaneID, "#{pane_pid}")

	out, _ := exec.Command("ssh", "-F", s.Config, "-o", "ControlPath="+filepath.Join(o.StateHome, "ssh", "%C"),
		"-O", "check", s.Dest).CombinedOutput()
	m := regexp.MustCompile(`pid=(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no master running: %s", out)
	}
	master, _ := strconv.Atoi(string(m[1]))
	before := time.Now()
	if err := syscall.Kill(master, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}

	var ue *client.UnreachableError
	awaitHost(t, h, 10*time.Second, "unreachable", func() bool { return errors.As(h.Err(), &ue) })
	if ue.Since.Before(before.Add(-time.Second)) || !errors.Is(h.Err(), client.ErrUnreachable) {
		t.Fatalf("unreachable since %v (the drop was at %v)", ue.Since, before)
	}
	if _, err := h.Projects(ctx); !errors.Is(err, client.ErrUnreachable) {
		t.Fatalf("a request while unreachable: %v", err)
	}
	awaitHost(t, h, 30*time.Second, "reconnected", func() bool { return h.Err() == nil })
	st := h.State()
	found := false
	for _, x := range st.Sessions {
		found = found || x.ID == sess.SessionID
	}
	if !found || st.Updated.Before(before) {
		t.Fatalf("the fresh snapshot (%v) lacks the session %s: %+v", st.Updated, sess.SessionID, st.Sessions)
	}
	if got := s.RemoteTmuxRun(t, "display-message", "-p", "-t", sess.PaneID, "#{pane_pid}"); got != panePID {
		t.Fatalf("the agent's pane process changed: %s → %s", panePID, got)
	}
}
