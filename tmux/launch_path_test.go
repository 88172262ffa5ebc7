package tmux

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runShellLine runs a launch's shell line the way LaunchMain execs it
// (sh -lc, the login profile read), with HOME in a temp dir whose .profile
// resets PATH as Debian's /etc/profile does.
func runShellLine(t *testing.T, l PaneLaunch) (string, int) {
	t.Helper()
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".profile"), []byte("PATH=/usr/bin:/bin; export PATH\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env, command := l.shellLine([]string{"HOME=" + home, "PATH=/usr/bin:/bin"})
	cmd := exec.Command("/bin/sh", "-lc", command)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return string(out), exit.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(out), 0
}

// A program only amux's PATH holds is found in its pane, although the
// login profile resets PATH: amux's PATH goes back in front.
func TestLaunchKeepsAmuxPathInFrontOfTheProfile(t *testing.T) {
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "amux-probe-cli"), []byte("#!/bin/sh\necho probe ran\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	out, code := runShellLine(t, PaneLaunch{Command: "amux-probe-cli; echo \"$PATH\"; echo \"[$" + launchPathVar + "]\"",
		Path: bin, Program: "amux-probe-cli"})
	if code != 0 || !strings.Contains(out, "probe ran") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[1], bin+":") || lines[2] != "[]" {
		t.Fatalf("want PATH starting with %s and the carrier unset, got:\n%s", bin, out)
	}
}

// A program found nowhere is named, with the PATH searched, and the pane
// exits 127 before the command runs.
func TestLaunchNamesAMissingProgramAndThePath(t *testing.T) {
	bin := t.TempDir()
	out, code := runShellLine(t, PaneLaunch{Command: "amux-no-such-cli --flag; echo ran anyway",
		Path: bin, Program: "amux-no-such-cli"})
	if code != 127 {
		t.Fatalf("exit %d, want 127; output:\n%s", code, out)
	}
	if !strings.Contains(out, "amux: command not found: amux-no-such-cli") ||
		!strings.Contains(out, "amux: PATH searched: "+bin+":/usr/bin:/bin") || strings.Contains(out, "ran anyway") {
		t.Fatalf("output:\n%s", out)
	}
}

// Without Path and Program the line is the command as configured.
func TestLaunchWithoutPathOrProgramRunsTheCommandAsIs(t *testing.T) {
	env, command := PaneLaunch{Command: "echo hi", Env: []string{"A=1"}}.shellLine([]string{"PATH=/bin"})
	if command != "echo hi" || strings.Join(env, ",") != "PATH=/bin,A=1" {
		t.Fatalf("env %q, command %q", env, command)
	}
}
