package harness

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"amux.dev/amux/status"
)

// GitTrap is a git earlier on amux's PATH that runs the real git, except
// for one armed call: that call signals the test (Fired) and blocks — before
// or after running the real git — so the test can SIGKILL amux at exactly
// that step. The trap is one-shot: the next amux start, sharing the PATH,
// runs git untouched unless the test arms it again.
//
// The blocked wrapper is the git process amux waits for, so it dies with
// amux as a real git would (amux gives git a parent-death signal); Release
// lets a blocked "before" call go on to the real git instead.
type GitTrap struct {
	dir string
	t   testing.TB
}

// gitTrapScript is the wrapper. The arm file holds "<when> <words>": the
// call whose arguments contain <words> (e.g. "worktree remove") is caught.
const gitTrapScript = `#!/bin/sh
dir=%s
real=%s
if [ -f "$dir/arm" ] && read -r when words < "$dir/arm"; then
	case " $* " in
	*" $words "*)
		if mv "$dir/arm" "$dir/taken" 2>/dev/null; then
			if [ "$when" = after ]; then "$real" "$@"; rc=$?; else rc=; fi
			echo $$ > "$dir/fired.tmp" && mv "$dir/fired.tmp" "$dir/fired"
			while [ ! -f "$dir/release" ] && [ -d "$dir" ]; do sleep 0.05; done
			rm -f "$dir/release"
			[ -n "$rc" ] && exit $rc
		fi
		;;
	esac
fi
exec "$real" "$@"
`

// NewGitTrap installs the wrapper and puts it first on amux's PATH in env.
func NewGitTrap(t testing.TB, env *Env) *GitTrap {
	t.Helper()
	real, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	script := fmt.Sprintf(gitTrapScript, status.ShellQuote(dir), status.ShellQuote(real))
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	env.PathPrefix = bin
	// A wrapper still blocked when the test ends (amux outlived by its git:
	// the bug this trap exists to catch) is let go rather than left behind.
	t.Cleanup(func() { os.WriteFile(filepath.Join(dir, "release"), nil, 0o644) })
	return &GitTrap{dir: dir, t: t}
}

// Arm catches the next git call whose arguments contain words, blocking it
// "before" or "after" the real git runs.
func (g *GitTrap) Arm(when, words string) {
	g.t.Helper()
	for _, f := range []string{"fired", "taken", "release"} {
		os.Remove(filepath.Join(g.dir, f))
	}
	if err := os.WriteFile(filepath.Join(g.dir, "arm"), []byte(when+" "+words+"\n"), 0o644); err != nil {
		g.t.Fatal(err)
	}
}

// WaitFired waits until the armed call is blocked and returns the
// wrapper's pid.
func (g *GitTrap) WaitFired() int {
	g.t.Helper()
	var pid int
	Eventually(g.t, func() (bool, string) {
		b, err := os.ReadFile(filepath.Join(g.dir, "fired"))
		if err != nil {
			return false, "the armed git call never came"
		}
		pid, err = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil, "bad pid in the trap's fired file"
	})
	return pid
}

// Release lets the blocked call go on.
func (g *GitTrap) Release() {
	g.t.Helper()
	if err := os.WriteFile(filepath.Join(g.dir, "release"), nil, 0o644); err != nil {
		g.t.Fatal(err)
	}
}
