package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

// startOpencodeStory opens a tab of the real opencode in amux, pointed at
// a scripted model server (cliTab's helpers drive it).
func startOpencodeStory(t testing.TB, opts harness.OpencodeOptions) *cliTab {
	t.Helper()
	return startOpencodeStoryAfter(t, opts, nil)
}

// startOpencodeStoryAfter is startOpencodeStory with a step run once
// opencode's config is written and before anything starts.
func startOpencodeStoryAfter(t testing.TB, opts harness.OpencodeOptions, setup func(*harness.Env)) *cliTab {
	t.Helper()
	env := harness.NewEnv(t)
	o := harness.PrepareOpencode(t, env, opts)
	if setup != nil {
		setup(env)
	}
	s := &cliTab{env: env, name: "opencode", server: o.Server, opencode: o}
	s.open(t, o.ShellCommand())
	return s
}
