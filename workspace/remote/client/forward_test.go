package client

import (
	"slices"
	"testing"
)

// A workspace's range forwards at the same numbers, always listening on
// loopback here and reaching localhost there; ports out of range are
// refused before ssh runs.
func TestForwardingsListenOnLoopback(t *testing.T) {
	fw := SamePorts(6200, 6201)
	if !slices.Equal(fw, []Forwarding{{6200, 6200}, {6201, 6201}}) {
		t.Fatalf("SamePorts %v", fw)
	}
	if got := fw[0].String(); got != "127.0.0.1:6200:localhost:6200" {
		t.Fatalf("-L %q", got)
	}
	h := &Host{o: Options{Dest: "h", StateHome: "/s"}}
	for _, bad := range []Forwarding{{0, 80}, {80, 0}, {70000, 80}, {-1, 80}} {
		if err := h.control(t.Context(), "forward", bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
