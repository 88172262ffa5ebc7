package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
)

// An agent prints broken, oversized and unterminated reports between good
// output: none of them changes the published state.
func TestMalformedReportsChangeNothing(t *testing.T) {
	env := harness.NewEnv(t)
	agent := tappedAgent(t, env, "amux-0123456789abcdef-tab-8")
	agent.Report("state=done:app=ok:msg=" + harness.B64("stable"))
	before := waitStatus(t, env.Server, agent.PaneID, map[string]string{tmux.PaneReportedState: "done"})

	agent.Report("state=sleeping")                                            // unknown state
	agent.Report("state=working:kind=question")                               // kind without blocked
	agent.Report("state=blocked:msg=" + harness.B64("two\nlines"))            // control character
	agent.Report("state=error:msg=%%%")                                       // bad base64
	agent.Report("state=error:id=" + strings.Repeat("a/", 9) + "a")           // too deep
	agent.Report("state=error:msg=" + harness.B64(strings.Repeat("x", 2049))) // message too long
	agent.Report("state=error:x=" + strings.Repeat("y", 5000))                // report too long
	agent.Raw([]byte("\x1b]7501;state=error" + strings.Repeat("z", 20000) + "\r\nplain output\r\n"))
	agent.Burst(64 << 10)
	// An OSC 133 mark after the junk: once it is published, the tap has
	// read everything before it.
	agent.OSC133("C")
	after := waitStatus(t, env.Server, agent.PaneID, map[string]string{tmux.PaneCommandState: "running"})
	for _, k := range []string{tmux.PaneReportedState, tmux.PaneReportedKind, tmux.PaneReportedApp, tmux.PaneReportedMessage, tmux.PaneReportedAt} {
		if before[k] != after[k] {
			t.Errorf("%s changed from %q to %q", k, before[k], after[k])
		}
	}
}
