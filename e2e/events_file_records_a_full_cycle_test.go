package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status/events"
)

// Every state change of an agent lands in its history file: a full idle →
// working → done → idle cycle, with what decided each, in a private file;
// the i dialog and the workspace's timeline show it.
func TestEventsFileRecordsAFullCycle(t *testing.T) {
	s := harness.NewAgentSetup(t)
	s.OpenFakeAgent(t, "")
	session := s.Env.AgentSession(t)
	log := events.Open(filepath.Join(s.Env.StateHome, events.DirName))
	path := func() string {
		recs, _ := log.Tail(session, 0)
		var p []string
		for _, r := range recs {
			p = append(p, r.From+">"+r.To)
		}
		return strings.Join(p, " ")
	}
	harness.Eventually(t, func() (bool, string) { return path() == ">idle", "history: " + path() })
	s.Env.AfterStartupGrace(t)
	s.Agent.Burst(20000)
	harness.Eventually(t, func() (bool, string) {
		return path() == ">idle idle>working working>done done>idle", "history: " + path()
	})
	recs, _ := log.Tail(session, 0)
	for _, r := range recs {
		if r.Source == "" || r.Workspace == "" || r.Type != "agent" || r.At.IsZero() {
			t.Fatalf("record lacks its evidence: %+v", r)
		}
	}
	fi, err := os.Stat(filepath.Join(log.Dir(), events.FileName(session)))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("history file: %v %v", fi, err)
	}

	// The i dialog shows the tab's last transitions, read from that file.
	s.Term.LeaveTerminal(t)
	s.Term.Press(t, app.ActStatus)
	screen := s.Term.WaitText("Recent states of")
	if !harness.ContainsAll(screen, "idle → working (activity", "working → done (activity", "done → idle (activity") {
		t.Fatalf("the i dialog does not show the cycle:\n%s", screen)
	}
	// The timeline (L) shows the workspace's hour, the tab by its name.
	s.Term.Press(t, app.ActCloseStatus)
	s.Term.WaitGone("Recent states of")
	s.Term.Press(t, app.ActTimeline)
	screen = s.Term.WaitText("Timeline of")
	screen = s.Term.WaitText("working → done")
	if !harness.ContainsAll(screen, "fake · idle → working (activity", "fake · working → done (activity") {
		t.Fatalf("the timeline does not show the cycle by the tab's name:\n%s", screen)
	}
}
