package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// startOpencodeStory opens a tab of the real opencode in amux, pointed at
// a scripted model server (cliTab's helpers drive it).
func startOpencodeStory(t testing.TB, opts harness.OpencodeOptions) *cliTab {
	t.Helper()
	env := harness.NewEnv(t)
	o := harness.PrepareOpencode(t, env, opts)
	s := &cliTab{env: env, name: "opencode", server: o.Server, opencode: o}
	s.open(t, o.ShellCommand())
	return s
}
