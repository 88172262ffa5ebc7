package e2e

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/events"
	"amux.dev/amux/status/vendorhooks"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// The model API refuses the request (400): the real opencode does not
// retry it and gives up on the turn, showing the API's message in an error
// block; amux reads that off the screen as the tab's error, with the
// message as the reason. Then the API rate-limits every try (429): opencode
// retries five times, the tab working meanwhile, and gives up again — an
// error with the new message, not the old one. Neither turn reads done on
// the way: while opencode's toast shows, the toast says it gave up.
func TestRealOpencodeGivesUpOnAFailingAPI(t *testing.T) {
	s := startOpencodeStoryAfter(t, harness.OpencodeOptions{}, func(env *harness.Env) {
		// A person's quiet window, not the stories' short one: under load
		// opencode's first busy frame can come seconds after the Enter,
		// and this story asserts no done at all.
		env.WriteConfig(t, nil)
		env.SetConfig(t, "status", map[string]any{"quiet_after_ms": 4000})
	})
	s.server.Script(modelserver.Turn{Status: 400})
	s.ask(t, "check the tests")
	rec := s.waitState(t, "error")
	if rec.Source != "screen" || rec.Message != "Invalid request: the scripted model refuses this conversation." {
		t.Fatalf("error for the wrong reason: %+v", rec)
	}
	s.waitBadge(t, "✗")
	if n := len(s.server.Generations()); n != 1 {
		t.Fatalf("opencode retried a 400: %d requests", n)
	}

	// Each 429 asks for a 2 s wait, which opencode honours: the retries
	// take seconds, long enough to be seen working under load.
	s.server.Script(modelserver.Turn{Status: 429, Times: 6, RetryAfter: 2 * time.Second})
	s.ask(t, "try again")
	s.waitState(t, "working")
	s.server.WaitGenerations(1+6, harness.RealWait) // the first try and five retries
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		rec = s.lastRecord("error")
		return s.agentState(t) == "error" && rec.Message == "Rate limit reached for requests.",
			"@amux_agent_state " + s.agentState(t) + ", last error " + rec.Message + "; pane:\n" + s.pane(t)
	})
	if rec.Source != "screen" {
		t.Fatalf("the second error came from %s: %+v", rec.Source, rec)
	}
	s.waitBadge(t, "✗")
	if done := s.lastRecord("done"); done.To != "" {
		recs, _ := events.Open(filepath.Join(s.env.StateHome, events.DirName)).Tail(s.session, 0)
		var seen []string
		for _, r := range recs {
			seen = append(seen, r.At.Format("15:04:05.000")+" "+r.From+">"+r.To+"("+r.Source+": "+r.Message+r.Detail+")")
		}
		t.Fatalf("a turn that gave up read done first:\n%s", strings.Join(seen, "\n"))
	}
}

// lastRecord is the newest history record of a change to state to.
func (s *cliTab) lastRecord(to string) events.Record {
	recs, _ := events.Open(filepath.Join(s.env.StateHome, events.DirName)).Tail(s.session, 0)
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].To == to {
			return recs[i]
		}
	}
	return events.Record{}
}

// With amux's plugin installed, opencode itself reports giving up: the
// session's error reaches amux as error with the API's message, and the
// idle opencode sends right after it does not turn it into done. The next
// turn, answered, ends done as usual.
func TestRealOpencodeReportsGivingUpThroughItsPlugin(t *testing.T) {
	s := startOpencodeStoryAfter(t, harness.OpencodeOptions{}, func(env *harness.Env) {
		path := filepath.Join(env.Home, ".config", "opencode", "plugins", vendorhooks.OpencodePluginName)
		if _, err := vendorhooks.InstallOpencode(path, harness.AmuxBinary(t)); err != nil {
			t.Fatal(err)
		}
	})
	s.server.Script(modelserver.Turn{Status: 401}, modelserver.Turn{Text: "Signed in now."})
	reported := reportedLog(t, s.env)
	s.ask(t, "check the tests")
	rec := s.waitRecord(t, "error", "reported", 1)
	if rec.Message != "Incorrect API key provided." {
		t.Fatalf("error reported without the API's message: %+v", rec)
	}
	// opencode is idle again (its screen says it gave up, which it draws
	// once the session is idle): the report still says error.
	harness.Eventually(t, func() (bool, string) {
		v := s.paneVerdict(t)
		return v.Rule == "opencode/gave-up", "the rules read " + v.Rule + "; pane:\n" + s.pane(t)
	})
	paneReport := func() string {
		out := s.env.Server.MustRun(t, "list-panes", "-t", s.session, "-F", "#{"+tmux.PaneReportedState+"}")
		return strings.TrimSpace(out)
	}
	if got := paneReport(); got != "error" {
		t.Fatalf("after giving up the pane's report is %q; reports: %v", got, reported())
	}
	s.waitBadge(t, "✗")

	s.ask(t, "try again")
	s.waitState(t, "done")
	// The idle after the error reported nothing: the only done is the
	// second turn's, after its busy.
	harness.Eventually(t, func() (bool, string) {
		got := reported()
		i := slices.Index(got, "error")
		ok := i >= 0 && i+1 < len(got) && got[i+1] == "working" && got[len(got)-1] == "done"
		return ok, "reports: " + strings.Join(got, ",")
	})
}
