package app

import (
	"testing"

	"amux.dev/amux/workspace/remote/fleet"
)

// The list with hosts at every golden size: this machine first, a
// connected host with its blocked agent's workspace selected (its tab
// area), and a host that refused, with its reason.
func TestGoldenRemoteHosts(t *testing.T) {
	for _, size := range goldenSizes {
		f := &fakeFleet{}
		f.setHost(buildHost("blocked"))
		f.setHost(fleet.Host{Name: "gpu", Dest: "gpu", Status: fleet.Refused, Reason: "another amux version"})
		m := newFleetModel(t, f, size[0], size[1])
		m.list.selectWorkspace(remoteWS)
		m.tabs.of(remoteWS).tabs[0].lastFrame = "claude on build"
		goldenScreen(t, "remote_hosts", size[0], size[1], screenText(m))
	}
}
