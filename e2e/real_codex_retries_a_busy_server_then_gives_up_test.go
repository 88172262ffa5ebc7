package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/events"
)

// The model server fails (a 500, then rate limits) and the real Codex
// retries with its "reconnecting n/N" row: amux shows the tab working
// meanwhile. When the retries are used up Codex prints the error and
// reports it itself (OSC 7501 state=error), and amux shows the tab in
// error, with the error mark.
func TestRealCodexRetriesABusyServerThenGivesUp(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{StreamRetries: 3}, true)
	s.model.Script(modelserver.Turn{Status: 500}, modelserver.Turn{Status: 429, Times: 10})
	s.prompt(t, "Try the server")
	s.waitScreen(t, codexStart, "reconnecting")
	s.waitState(t, harness.DefaultWait, "working")
	s.waitBadge(t, "the spinner", isSpinner)

	s.waitScreen(t, harness.DefaultWait, "exceeded retry limit, last status: 429")
	if n := len(s.model.Generations()); n != 4 {
		t.Errorf("%d requests, want 4 (the first and 3 retries)", n)
	}
	s.waitState(t, harness.DefaultWait, "error")
	s.waitTransition(t, harness.DefaultWait, "error", func(r events.Record) bool {
		return r.Source == "reported" && strings.Contains(r.Detail, "codex")
	})
	s.waitBadge(t, "✗", func(b string) bool { return b == "✗" })
	s.waitScreen(t, harness.DefaultWait, "✗ error")
}
