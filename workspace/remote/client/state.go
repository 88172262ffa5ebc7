package client

import (
	"time"

	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/proto"
)

// State is what a host last pushed: its sessions with their @amux_* state,
// its workspace records and projects. Every session and record in it was
// validated (IDs, names, sizes) and its display fields made inert; paths in
// it (a record's Repo and Root) name places on the host, never opened here.
type State struct {
	Sessions []proto.Session
	Records  []proto.Record
	Projects []workspace.Project
	Updated  time.Time // when the host last pushed a change (or the snapshot)
}

func stateFrom(s *proto.Snapshot) State {
	if s == nil {
		return State{Updated: time.Now()}
	}
	return State{Sessions: cleanSessions(s.Sessions), Records: cleanRecords(s.Records), Projects: cleanProjects(s.Projects), Updated: time.Now()}
}

// maxItems bounds how many sessions or records the client keeps from one
// push; a host with more is broken or hostile.
const maxItems = 10000

func cleanSessions(in []proto.Session) []proto.Session {
	out := make([]proto.Session, 0, min(len(in), maxItems))
	for _, s := range in {
		if len(out) == maxItems {
			break
		}
		if c, ok := proto.CleanSession(s); ok {
			out = append(out, c)
		}
	}
	return out
}

func cleanRecords(in []proto.Record) []proto.Record {
	out := make([]proto.Record, 0, min(len(in), maxItems))
	for _, r := range in {
		if len(out) == maxItems {
			break
		}
		if proto.ValidRecord(r) {
			out = append(out, r)
		}
	}
	return out
}

// cleanProjects keeps the pushed projects whose name and path are plain
// text (a path goes back to the host in requests; one with control bytes
// is no path the host's engine made), at most maxItems.
func cleanProjects(in []workspace.Project) []workspace.Project {
	out := make([]workspace.Project, 0, min(len(in), maxItems))
	for _, p := range in {
		if len(out) == maxItems {
			break
		}
		if p.Path != "" && proto.Clean(p.Path) == p.Path && proto.Clean(p.Name) == p.Name {
			out = append(out, p)
		}
	}
	return out
}

// record finds id in the pushed records.
func (s State) record(id string) (proto.Record, bool) {
	for _, r := range s.Records {
		if r.ID == id {
			return r, true
		}
	}
	return proto.Record{}, false
}
