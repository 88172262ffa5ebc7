package workspace

import (
	"amux.dev/amux/config"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/tmux"
)

// The test binary doubles as the helper processes the multi-process tests
// need (selected by envHelper) and as the amux binary run sessions launch
// through (argv "--internal-pane-launch run <payload>").
const envHelper = "AMUX_WS_TEST_HELPER"

func TestMain(m *testing.M) {
	if len(os.Args) == 4 && os.Args[1] == tmux.LaunchVerb && os.Args[2] == "run" {
		os.Exit(paneLaunchHelper(os.Args[3]))
	}
	if mode := os.Getenv(envHelper); mode != "" {
		os.Exit(runHelper(mode))
	}
	os.Exit(m.Run())
}

// paneLaunchHelper is the test stand-in for `amux --internal-pane-launch`.
func paneLaunchHelper(payload string) int {
	l, err := tmux.ConsumePaneLaunch(payload, time.Now())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if l.Dir != "" {
		if err := os.Chdir(l.Dir); err != nil {
			return 1
		}
	}
	err = syscall.Exec("/bin/sh", []string{"sh", "-c", l.Command}, tmux.MergeEnv(os.Environ(), l.Env))
	fmt.Fprintln(os.Stderr, err)
	return 1
}

func runHelper(mode string) int {
	ctx := context.Background()
	home := os.Getenv(config.EnvHome)
	var err error
	switch mode {
	case "mutate":
		err = helperMutate(ctx, NewStore(home), os.Getenv("HELPER_ID"), os.Getenv("HELPER_FIELD"), os.Getenv("HELPER_N"))
	case "delete":
		err = helperDelete(ctx, home)
	case "op":
		err = helperOp(ctx, home)
	case "composer":
		err = composerAgent(os.Getenv("COMPOSER_MODE"), os.Getenv("COMPOSER_LOG"))
	default:
		err = fmt.Errorf("unknown helper mode %q", mode)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		return 1
	}
	return 0
}

// helperMutate appends n items to one field, each in its own transaction.
func helperMutate(ctx context.Context, s *Store, id, field, nStr string) error {
	var n int
	fmt.Sscan(nStr, &n)
	for i := range n {
		var err error
		switch field {
		case "tabs":
			_, err = s.Update(ctx, id, func(r *Record) error {
				r.Tabs = append(r.Tabs, Tab{ID: fmt.Sprintf("tab-%d", i)})
				return nil
			})
		case "env":
			_, err = s.Update(ctx, id, func(r *Record) error {
				if r.Env == nil {
					r.Env = map[string]string{}
				}
				r.Env[fmt.Sprintf("K%d", i)] = "v"
				return nil
			})
		case "setup":
			_, err = s.Update(ctx, id, func(r *Record) error {
				r.Scripts.Setup = append(r.Scripts.Setup, fmt.Sprintf("echo %d", i))
				return nil
			})
		default:
			return fmt.Errorf("unknown field %q", field)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// setHome points HOME and AMUX_HOME into the test's temp dir.
func setHome(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("HOME", filepath.Join(dir, "user"))
	home := filepath.Join(dir, "amux-home")
	t.Setenv(config.EnvHome, home)
	return home
}

// helperCmd returns a command re-running the test binary in a helper mode.
func helperCmd(t testing.TB, mode string, env ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), envHelper+"="+mode), env...)
	return cmd
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	delay := 2 * time.Millisecond
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(delay)
		delay = min(delay*2, 50*time.Millisecond)
	}
}

func mustWrite(t testing.TB, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
