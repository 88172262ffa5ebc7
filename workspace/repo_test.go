package workspace

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/git"
	"amux.dev/amux/ports"
)

// gitEnv isolates the test's own git calls from the machine's config.
func gitEnv() []string {
	return append(os.Environ(),
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
}

// runGit runs git in dir for test setup and inspection (not the engine's
// runner: the test checks what the engine did with git's own eyes).
func runGit(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = gitEnv()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// newRepo makes a repository on branch main with one commit, plus files
// (path → content) in that commit.
func newRepo(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "app")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	runGit(t, dir, "init", "-q", "-b", "main")
	mustWrite(t, filepath.Join(dir, "README"), "hello\n")
	for p, c := range files {
		mustWrite(t, filepath.Join(dir, p), c)
	}
	runGit(t, dir, "add", "-A")
	runGit(t, dir, "commit", "-q", "-m", "init")
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return real
}

func branchExists(t testing.TB, repo, branch string) bool {
	t.Helper()
	cmd := exec.Command("git", "rev-parse", "--verify", "--quiet", "refs/heads/"+branch)
	cmd.Dir = repo
	cmd.Env = gitEnv()
	return cmd.Run() == nil
}

// testPorts is a real port registry under home, with the default space.
func testPorts(t testing.TB, home string) *ports.Registry {
	t.Helper()
	reg, err := ports.New(home, ports.DefaultSettings(), func(context.Context) (bool, error) { return false, nil })
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// newEngine builds an engine over a fresh state home with the real
// hardened git runner; mod adjusts the options first.
func newEngine(t testing.TB, mod func(*Options)) *Engine {
	t.Helper()
	var home string
	if tt, ok := t.(*testing.T); ok {
		home = setHome(tt)
	} else {
		home = filepath.Join(t.TempDir(), "amux-home")
	}
	opts := Options{Home: home, Git: git.New(git.Options{}), Ports: testPorts(t, home), Environ: gitEnv()}
	if mod != nil {
		mod(&opts)
	}
	e, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
