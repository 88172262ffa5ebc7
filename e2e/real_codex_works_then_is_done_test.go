package e2e

import (
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
)

// A person opens the real Codex in amux: its composer waiting reads idle
// with no badge; while the model streams a reply the tab is working with
// the spinner; when the reply is complete it is done (the spinner goes:
// the tab is on screen, so its done is already seen).
func TestRealCodexWorksThenIsDone(t *testing.T) {
	s := startCodexStory(t, harness.CodexConfig{}, true)
	s.model.Script(modelserver.Turn{Text: "Counting slowly: one two three four five six seven eight nine ten.", StreamFor: 4 * time.Second})
	s.waitScreen(t, codexStart, "? for shortcuts")
	s.waitState(t, harness.DefaultWait, "idle")
	s.waitBadge(t, "none", func(b string) bool { return b == "" })

	s.prompt(t, "Count to ten")
	s.model.WaitGenerations(1, harness.DefaultWait)
	s.waitState(t, harness.DefaultWait, "working")
	s.waitBadge(t, "the spinner", isSpinner)

	s.waitScreen(t, harness.DefaultWait, "eight nine ten.")
	s.waitState(t, harness.DefaultWait, "done")
	// The person is looking at the tab, so the finished turn needs no mark.
	s.waitBadge(t, "none (the shown tab's done is seen)", func(b string) bool { return b == "" || b == "✓" })
}
