package ports

import "fmt"

// Highest port number a reservation may reach.
const maxPort = 65535

// Settings shape new reservations only; every reservation keeps a copy of the
// settings it was minted under so a later change never moves it. The JSON
// keys are the ones expected under "ports" in config.json.
type Settings struct {
	// Start is the lowest port a new interval may use.
	Start int `json:"start"`
	// End is the highest port a new interval may use (inclusive).
	End int `json:"end"`
	// Size is how many consecutive ports each new interval holds.
	Size int `json:"size"`
}

// DefaultSettings returns ranges of 10 ports from 6200 up to 6999.
func DefaultSettings() Settings {
	return Settings{Start: 6200, End: 6999, Size: 10}
}

// Validate reports whether the settings describe a usable port space.
func (s Settings) Validate() error {
	switch {
	case s.Start < 1 || s.End > maxPort:
		return fmt.Errorf("ports: settings %d-%d outside 1-%d", s.Start, s.End, maxPort)
	case s.Start > s.End:
		return fmt.Errorf("ports: settings start %d is above end %d", s.Start, s.End)
	case s.Size < 1:
		return fmt.Errorf("ports: settings size %d must be at least 1", s.Size)
	case s.Size > s.End-s.Start+1:
		return fmt.Errorf("ports: settings size %d does not fit in %d-%d", s.Size, s.Start, s.End)
	}
	return nil
}
