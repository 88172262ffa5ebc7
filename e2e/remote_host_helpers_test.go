package e2e

import (
	"os/exec"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
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
