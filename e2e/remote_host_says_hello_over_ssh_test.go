package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A host reached through the person's ssh answers with the same amux and
// protocol version, names its own state home, and the connection is a
// shared (multiplexed) one: its control socket is in this machine's state
// home.
func TestRemoteHostSaysHelloOverSSH(t *testing.T) {
	s, o := remoteHost(t, true)
	h := startHost(t, o)
	awaitHost(t, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })

	version, _, home, ok := h.Hello()
	if !ok || version != o.Version || home != s.RemoteState {
		t.Fatalf("hello: version %q home %q (want %q, %q)", version, home, o.Version, s.RemoteState)
	}
	socks, _ := os.ReadDir(filepath.Join(o.StateHome, "ssh"))
	if len(socks) != 1 {
		t.Fatalf("want one control socket under the state home, found %d", len(socks))
	}
}
