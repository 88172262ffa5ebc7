package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// Nothing reaches the awaited state in time: wait exits 2 and says so,
// and a bad flag is a usage error with the same code.
func TestWaitTimesOut(t *testing.T) {
	env := harness.NewEnv(t)
	agent := tappedAgent(t, env, "amux-0123456789abcdef-tab-5")
	agent.Report("state=working")

	w := startAmuxWait(t, env.Vars(), "--state", "done", "--timeout", "500ms")
	code, out, errOut := w.result(t)
	if code != 2 || out != "" || !strings.Contains(errOut, "timed out") {
		t.Fatalf("exit %d out %q err %q", code, out, errOut)
	}

	_, errOut, code = harness.RunAmux(t, env.Vars(), "wait", "--state", "asleep")
	if code != 2 || !strings.Contains(errOut, "asleep") {
		t.Fatalf("bad --state: exit %d err %q", code, errOut)
	}
}
