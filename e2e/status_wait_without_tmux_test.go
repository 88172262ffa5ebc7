package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// With no tmux on PATH, waiting cannot help: wait exits 1 at once.
func TestWaitWithoutTmux(t *testing.T) {
	env := harness.NewEnv(t)
	var vars []string
	for _, v := range env.Vars() {
		if !strings.HasPrefix(v, "PATH=") {
			vars = append(vars, v)
		}
	}
	vars = append(vars, "PATH="+t.TempDir())
	_, errOut, code := harness.RunAmux(t, vars, "wait", "--state", "done", "--timeout", "30s")
	if code != 1 || !strings.Contains(errOut, "tmux") {
		t.Fatalf("exit %d err %q", code, errOut)
	}
}
