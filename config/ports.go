package config

import "fmt"

// highestPort is the highest port number a range may reach.
const highestPort = 65535

// Ports is the ports section of config.json: the range new workspaces'
// port reservations are cut from. config stores it and checks it; the
// port registry has its own type for it (ports.Settings), and the app
// converts one into the other where it hands the settings over, so config
// depends on nothing of the registry. The rules here are the registry's
// (a test in app holds the two to the same answers).
type Ports struct {
	Start int // the lowest port a new interval may use
	End   int // the highest port a new interval may use (inclusive)
	Size  int // how many consecutive ports each new interval holds
}

// defaultPorts are ranges of 10 ports from 6200 up to 6999.
func defaultPorts() Ports { return Ports{Start: 6200, End: 6999, Size: 10} }

// Validate reports whether the section describes a usable port space: a
// range inside 1-65535, start not above end, and a size of at least one
// that fits in it.
func (p Ports) Validate() error {
	switch {
	case p.Start < 1 || p.End > highestPort:
		return fmt.Errorf("ports: settings %d-%d outside 1-%d", p.Start, p.End, highestPort)
	case p.Start > p.End:
		return fmt.Errorf("ports: settings start %d is above end %d", p.Start, p.End)
	case p.Size < 1:
		return fmt.Errorf("ports: settings size %d must be at least 1", p.Size)
	case p.Size > p.End-p.Start+1:
		return fmt.Errorf("ports: settings size %d does not fit in %d-%d", p.Size, p.Start, p.End)
	}
	return nil
}
