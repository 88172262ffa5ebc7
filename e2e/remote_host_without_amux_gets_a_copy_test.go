package e2e

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/workspace/remote/client"
)

// A host without amux says so with a typed error (same architecture: the
// local binary can be copied); the copy goes over the same connection, is
// checked by running it there, and the host then connects.
func TestRemoteHostWithoutAmuxGetsACopy(t *testing.T) {
	s, o := remoteHost(t, false)
	h := startHost(t, o)
	var ni *client.NotInstalledError
	awaitHost(t, h, 30*time.Second, "not installed", func() bool { return errors.As(h.Err(), &ni) })
	if ni.Path != client.DefaultInstallPath {
		t.Fatalf("install path %q", ni.Path)
	}
	// The harness's login directory is shared with this machine, so the
	// copy goes to the remote side's own bin (first on its PATH).
	if err := client.Install(t.Context(), o, harness.AmuxBinary(t), filepath.Join(s.RemoteBin, "amux")); err != nil {
		t.Fatal(err)
	}
	h.Reconnect()
	awaitHost(t, h, 30*time.Second, "connected after the copy", func() bool { return h.Err() == nil })
}
