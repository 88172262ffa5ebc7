package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// A supervising script waits for each state in turn; every report the agent
// makes ends the matching wait with the documented line.
func TestWaitReturnsOnEachState(t *testing.T) {
	env := harness.NewEnv(t)
	session := "amux-0123456789abcdef-tab-4"
	agent := tappedAgent(t, env, session)

	steps := []struct{ state, payload, line string }{
		{"working", "state=working:app=claude", "state=working kind= app=claude message="},
		{"blocked", "state=blocked:kind=question:app=claude:msg=" + harness.B64("needs a decision"),
			"state=blocked kind=question app=claude message='needs a decision'"},
		{"error", "state=error:app=claude:msg=" + harness.B64("tests failed"), "state=error kind= app=claude message='tests failed'"},
		{"done", "state=done:app=claude:msg=" + harness.B64("green"), "state=done kind= app=claude message=green"},
		{"idle", "state=idle:app=claude", "state=idle kind= app=claude message="},
	}
	for _, s := range steps {
		w := startAmuxWait(t, env.Vars(), "--state", s.state, "--session", session, "--timeout", "10s")
		waitWatching(t, env.Server)
		agent.Report(s.payload)
		code, out, errOut := w.result(t)
		if want := "session=" + session + " " + s.line + "\n"; code != 0 || out != want {
			t.Fatalf("wait --state %s: exit %d, out %q (want %q), err %q", s.state, code, out, want, errOut)
		}
		// The next wait must not see this client still attached.
		waitNoControlClient(t, env)
	}

	// A state stored before wait starts matches at once.
	w := startAmuxWait(t, env.Vars(), "--state", "any", "--timeout", "10s")
	if code, out, _ := w.result(t); code != 0 || out != "session="+session+" state=idle kind= app=claude message=\n" {
		t.Fatalf("stored state: exit %d out %q", code, out)
	}
}
