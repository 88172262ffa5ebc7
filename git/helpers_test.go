package git

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// isolate points HOME and XDG_CONFIG_HOME into a temp dir so the user's
// global config never leaks in, and gives the test's own setup commands an
// identity. It returns the temp HOME.
func isolate(t testing.TB) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	writeFile(t, filepath.Join(home, ".gitconfig"), `[user]
	name = amux test
	email = test@amux.invalid
[init]
	defaultBranch = main
[advice]
	detachedHead = false
`)
	return home
}

// runner returns a hardened runner with a generous default deadline.
func runner(opts Options) *Runner {
	opts.Timeout = 30 * time.Second
	return New(opts)
}

// tgit runs the test's own git (setup and inspection, never the code under
// test) in dir. It ignores the GIT_* variables a test may have planted in
// the environment for the runner to drop, and never runs the hostile
// repository's hooks itself.
func tgit(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "core.hooksPath=/dev/null"}, args...)...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") || strings.HasPrefix(kv, "GIT_CONFIG_NOSYSTEM=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	return strings.TrimSpace(string(out))
}

// newRepo creates a repository on main with one commit holding a.txt.
func newRepo(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "repo")
	tgit(t, t.TempDir(), "init", "-q", dir)
	writeFile(t, filepath.Join(dir, "a.txt"), "alpha\n")
	tgit(t, dir, "add", "-A")
	tgit(t, dir, "commit", "-q", "-m", "init")
	return realPath(t, dir)
}

// commitFile writes and commits one file on the current branch.
func commitFile(t testing.TB, dir, name, content string) {
	t.Helper()
	writeFile(t, filepath.Join(dir, name), content)
	tgit(t, dir, "add", "--", name)
	tgit(t, dir, "commit", "-q", "-m", "add "+name)
}

func writeFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeScript writes an executable shell script.
func writeScript(t testing.TB, path, body string) {
	t.Helper()
	writeFile(t, path, "#!/bin/sh\n"+body+"\n")
	if err := os.Chmod(path, 0o755); err != nil {
		t.Fatal(err)
	}
}

// markerCmd is a shell command that records, in marker, that it ran.
func markerCmd(marker, what string) string {
	return "echo " + what + " >> '" + marker + "'"
}

func assertNoMarker(t testing.TB, marker string) {
	t.Helper()
	if b, err := os.ReadFile(marker); err == nil {
		t.Fatalf("repository code ran: %s contains %q", marker, b)
	}
}

func assertMarker(t testing.TB, marker string) {
	t.Helper()
	if _, err := os.Stat(marker); err != nil {
		t.Fatalf("expected repository code to run (marker %s): %v", marker, err)
	}
}

// assertDriverRefused checks err is a refusal naming driver kind and name.
func assertDriverRefused(t testing.TB, err error, kind, name string) {
	t.Helper()
	var de *DriverError
	if !errors.As(err, &de) || !errors.Is(err, ErrDriverRefused) {
		t.Fatalf("want driver refusal for %s %q, got %v", kind, name, err)
	}
	if de.Kind != kind || de.Name != name {
		t.Fatalf("refusal names %s %q, want %s %q", de.Kind, de.Name, kind, name)
	}
	want := "refusing to run repo-configured " + kind + " driver \"" + name + "\""
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("refusal %q does not say %q", err, want)
	}
}

func realPath(t testing.TB, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", d, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
