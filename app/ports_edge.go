package app

import (
	"amux.dev/amux/config"
	"amux.dev/amux/ports"
)

// portSettings is config.json's ports section as the port registry takes
// it. config keeps its own type so that it imports nothing above its
// leaves; this is the one place the two meet.
func portSettings(p config.Ports) ports.Settings {
	return ports.Settings{Start: p.Start, End: p.End, Size: p.Size}
}
