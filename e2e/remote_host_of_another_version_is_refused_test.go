package e2e

import (
	"errors"
	"testing"
	"time"

	"amux.dev/amux/workspace/remote/client"
)

// A host whose amux is another version is refused with a typed error
// naming both versions, which the UI turns into the offer of a copy.
func TestRemoteHostOfAnotherVersionIsRefused(t *testing.T) {
	_, o := remoteHost(t, true)
	hostVersion := o.Version
	o.Version = "v9.9.9-elsewhere"
	h := startHost(t, o)
	var ve *client.VersionError
	awaitHost(t, h, 30*time.Second, "refused", func() bool { return errors.As(h.Err(), &ve) })
	if ve.Host != hostVersion || ve.Local != o.Version {
		t.Fatalf("version error names host %q and local %q; want %q and %q", ve.Host, ve.Local, hostVersion, o.Version)
	}
	if _, err := h.Projects(t.Context()); !errors.As(err, &ve) {
		t.Fatalf("a request to a refused host: %v", err)
	}
}
