package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/client"
)

// remoteHost starts a real sshd whose remote side has amux on its PATH,
// and returns it with the options this machine's client reaches it with
// (its own short state home for the control sockets).
func remoteHost(t testing.TB, install bool) (*harness.SSHD, client.Options) {
	t.Helper()
	bin := harness.AmuxBinary(t)
	s := harness.StartSSHD(t)
	if install {
		s.InstallAmux(t, bin)
	}
	return s, client.Options{Dest: s.Dest, ConfigFile: s.Config, StateHome: harness.ShortDir(t, "local"),
		Version: amuxVersion(t, bin), ControlPersist: time.Minute}
}

// amuxVersion is what `amux --version` says after "amux ".
func amuxVersion(t testing.TB, bin string) string {
	t.Helper()
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(strings.TrimSpace(string(out)), "amux ")
}

// startHost connects and closes the connection at cleanup.
func startHost(t testing.TB, o client.Options) *client.Host {
	t.Helper()
	h := client.Start(o)
	t.Cleanup(h.Close)
	return h
}

// connectedHost is a host with amux installed, this machine's client
// connected to it, and a repository "shop" in the host's home.
func connectedHost(t testing.TB) (*harness.SSHD, *client.Host, string) {
	t.Helper()
	s, o := remoteHost(t, true)
	repo := (&harness.Env{Home: s.RemoteHome}).NewRepo(t, "shop")
	h := startHost(t, o)
	awaitHost(t, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
	return s, h, repo
}

// awaitHost waits, on the host's change notices, until cond holds.
func awaitHost(t testing.TB, h *client.Host, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.NewTimer(within)
	defer deadline.Stop()
	for !cond() {
		select {
		case <-h.Changes():
		case <-deadline.C:
			t.Fatalf("%s: not within %s (host error: %v)", what, within, h.Err())
		}
	}
}

// prepareIdleHost readies s for an idle measurement and returns a repo on
// it: the host's tabs get past their start-up grace early in the window,
// as a person's idle agents are. Call it before the host connects (the
// host side reads its config.json as it starts).
func prepareIdleHost(t testing.TB, s *harness.SSHD) string {
	t.Helper()
	if err := os.MkdirAll(s.RemoteState, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.RemoteState, "config.json"), []byte(`{"status": {"startup_grace_ms": 2000}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	return (&harness.Env{Home: s.RemoteHome}).NewRepo(t, "shop")
}

// openIdleTabs creates a workspace of repo on the connected host h with n
// agent tabs that sit idle, and waits until the host pushed every one.
func openIdleTabs(t testing.TB, h *client.Host, repo string, n int) {
	t.Helper()
	ctx := t.Context()
	res, err := h.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "idle", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if _, err := h.OpenSession(ctx, workspace.SessionRequest{Workspace: res.Workspace.ID, Kind: tmux.TypeAgent,
			Tab: fmt.Sprintf("t%d", i), Assistant: "claude", Command: "exec sleep 3600"}); err != nil {
			t.Fatal(err)
		}
	}
	awaitHost(t, h, 30*time.Second, "every tab pushed", func() bool { return len(h.State().Sessions) == n })
}

// hostPID finds the host side of the connection to s: the process running
// `amux --internal-host` with s's remote state home.
func hostPID(b testing.TB, s *harness.SSHD) int {
	b.Helper()
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if !bytes.Contains(cmdline, []byte("\x00--internal-host")) {
			continue
		}
		environ, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		for v := range strings.SplitSeq(string(environ), "\x00") {
			if v == "AMUX_HOME="+s.RemoteState {
				return pid
			}
		}
	}
	b.Fatal("no amux --internal-host process for this host")
	return 0
}
