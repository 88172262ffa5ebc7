package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness/agentcli"
)

// The real Claude Code's start screens, each shown before its composer,
// read as blocked with the screen's own question as the reason (the tab bar
// says it, the history records it from the screen), and answering them
// brings the composer and idle.
func TestRealClaudeStartScreensAreBlockedWithTheirQuestion(t *testing.T) {
	cases := []struct {
		name   string
		opt    claudeOptions
		shows  string   // a line of the screen, to wait for
		kind   string   // the blocked kind
		reason string   // the question amux gives as the reason
		answer []string // the keys that answer it; "=text" waits for text on its screen
		then   string   // a line of the screen that comes next ("" for the composer)
	}{
		{name: "folder trust", opt: claudeOptions{untrusted: true},
			shows: "Yes, I trust this folder", kind: "permission",
			reason: "Quick safety check: Is this a project you created or one you trust?",
			answer: []string{"Down", "=❯ Yes, I trust this folder", "Enter"}},
		{name: "custom API key", opt: claudeOptions{setup: agentcli.ClaudeSetup{AskKey: true}},
			shows: "Detected a custom API key", kind: "auth",
			reason: "Do you want to use this API key?", answer: []string{"Up", "=❯ Yes", "Enter"}},
		{name: "first run: theme", opt: claudeOptions{setup: agentcli.ClaudeSetup{FirstRun: true}},
			shows: "Dark mode (colorblind-friendly)", kind: "question",
			reason: "Choose the text style that looks best with your terminal",
			answer: []string{"Enter"}, then: "Security notes:"},
		{name: "auto-mode offer", opt: claudeOptions{setup: agentcli.ClaudeSetup{AutoModeOffer: true}},
			shows: "No, keep manual mode", kind: "question",
			reason: "Make auto mode your default permission mode?", answer: []string{"Down", "=❯ No, keep manual mode", "Enter"}},
	}
	for _, tc := range cases {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			c := newRealClaude(t, tc.opt)
			c.open(t)
			c.waitPane(t, tc.shows)
			rec := c.waitState(t, "blocked", tc.kind)
			if rec.Source != "screen" || rec.Message != tc.reason {
				t.Fatalf("blocked from %s with %q, want the screen's question %q\n%s", rec.Source, rec.Message, tc.reason, c.describeHistory(t))
			}
			c.term.WaitText("blocked (" + tc.kind + "): " + tc.reason[:min(len(tc.reason), 30)])
			c.answer(t, tc.shows, tc.answer...)
			if tc.then != "" {
				c.waitPane(t, tc.then)
				// Still blocked, now on the next screen's question.
				c.term.WaitText("blocked (question): " + tc.then)
				c.keys(t, "Enter")
			}
			c.ready(t)
			c.waitState(t, "idle", "")
			// Answering is no task: never working, never done.
			for _, r := range c.history(t) {
				if r.To == "working" || r.To == "done" {
					t.Fatalf("answering the start screen read as work:\n%s", c.describeHistory(t))
				}
			}
			if n := len(c.model.Generations()); n != 0 {
				t.Fatalf("the start screens asked the model %d times", n)
			}
		})
	}
}
