package e2e

import (
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// The model API rate-limits (429): the real opencode retries and says so
// under its prompt box; amux keeps the tab working through the retries,
// with the retry banner as the reason its rules give, and done once a
// retry gets through.
func TestRealOpencodeRetriesAFailingAPI(t *testing.T) {
	s := startOpencodeStory(t, harness.OpencodeOptions{})
	// Each 429 asks for a 3 s wait, which opencode honours: the banner stays
	// up for seconds, not the one a loaded machine can miss between looks.
	s.server.Script(modelserver.Turn{Status: 429, Times: 3, RetryAfter: 3 * time.Second}, modelserver.Turn{Text: "Got through."})
	s.ask(t, "check the tests")
	s.waitState(t, "working")
	// opencode's first request can come tens of seconds after the task on
	// a loaded machine (it is working meanwhile): the banner is looked for
	// once the first 429 went out.
	s.server.WaitGenerations(1, harness.RealWait)
	var reason string
	harness.Eventually(t, func() (bool, string) {
		reason = s.paneVerdict(t).Evidence
		return strings.Contains(reason, "[retrying attempt #"), "no retry banner in the verdict; pane:\n" + s.pane(t)
	})
	if got := s.agentState(t); got != "working" {
		t.Fatalf("retrying (%q) published as %s", reason, got)
	}
	s.server.WaitGenerations(4, harness.RealWait) // three failures, then the reply
	s.waitState(t, "done")
}
