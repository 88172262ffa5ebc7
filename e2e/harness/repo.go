package harness

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitEnv isolates test git commands from the machine's config.
func gitEnv(home string) []string {
	return append(os.Environ(),
		"HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=amux test", "GIT_AUTHOR_EMAIL=test@amux.invalid",
		"GIT_COMMITTER_NAME=amux test", "GIT_COMMITTER_EMAIL=test@amux.invalid")
}

// Git runs git in dir and returns its trimmed output, failing the test on error.
func (e *Env) Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = gitEnv(e.Home)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v in %s: %v\n%s", args, dir, err, out)
	}
	return strings.TrimSpace(string(out))
}

// NewRepo creates a git repository under HOME/code/<name> with one commit
// on branch main and returns its path.
func (e *Env) NewRepo(t testing.TB, name string) string {
	t.Helper()
	dir := filepath.Join(e.Home, "code", name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	e.Git(t, dir, "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("# "+name+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e.Git(t, dir, "add", "README.md")
	e.Git(t, dir, "commit", "-q", "-m", "initial")
	return dir
}
