package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
)

func TestCLISurface(t *testing.T) {
	env := harness.NewEnv(t).Vars()

	out, _, code := harness.RunAmux(t, env, "--help")
	if code != 0 || !strings.Contains(out, "amux report") || !strings.Contains(out, "amux wait") {
		t.Fatalf("--help: code %d, out %q", code, out)
	}
	if strings.Contains(out, "--internal") {
		t.Fatalf("--help lists hidden verbs: %q", out)
	}
	if out2, _, code := harness.RunAmux(t, env, "-h"); code != 0 || out2 != out {
		t.Fatalf("-h differs from --help (code %d)", code)
	}

	out, _, code = harness.RunAmux(t, env, "--version")
	if code != 0 || !strings.HasPrefix(out, "amux ") {
		t.Fatalf("--version: code %d, out %q", code, out)
	}

	for _, bad := range [][]string{{"ls"}, {"send", "x"}, {"--bogus"}, {"agent", "list"}} {
		_, errOut, code := harness.RunAmux(t, env, bad...)
		if code != 2 {
			t.Errorf("amux %q: exit %d, want 2", bad, code)
		}
		if !strings.Contains(errOut, "report") || !strings.Contains(errOut, "wait") {
			t.Errorf("amux %q: error does not name the two verbs: %q", bad, errOut)
		}
	}
}

func TestTUIRefusesWithoutTerminal(t *testing.T) {
	_, errOut, code := harness.RunAmux(t, harness.NewEnv(t).Vars())
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if lines := strings.Count(strings.TrimSpace(errOut), "\n"); lines != 0 || !strings.Contains(errOut, "terminal") {
		t.Fatalf("want a one-line error about the terminal, got %q", errOut)
	}
}
