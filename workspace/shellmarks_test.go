package workspace

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// shellPath finds a shell for a marks test. CI installs bash, zsh and fish
// (scripts/install-deps), so there a missing one fails; elsewhere it skips.
func shellPath(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is needed for this test: %v", name, err)
		}
		t.Skipf("%s not installed", name)
	}
	return p
}

// defaultShellCommand is the built-in "shell" assistant's command.
const defaultShellCommand = `exec "${SHELL:-/bin/sh}" -l`

// markedPane starts a terminal tab running command in a pane with
// SHELL=shell and HOME=userHome, and returns the pane and a reader of
// everything it printed.
func markedPane(t *testing.T, shell, userHome, command string) (*tmuxtest.Server, string, func() string) {
	t.Helper()
	amuxHome := filepath.Join(t.TempDir(), "amux home 'q'")
	dir, err := shellFiles(amuxHome)
	if err != nil {
		t.Fatal(err)
	}
	cmd := markedShellCommand(dir, command)
	srv := tmuxtest.New(t)
	out := filepath.Join(t.TempDir(), "out")
	// The pane's output is piped before the shell starts (it waits for the
	// gate), so the first prompt's marks are caught too.
	gate := filepath.Join(t.TempDir(), "go")
	c := srv.Session(t, "amux-marks", nil, "env", "SHELL="+shell, "HOME="+userHome, "XDG_CONFIG_HOME="+filepath.Join(userHome, ".config"),
		"sh", "-c", "while [ ! -e "+gate+" ]; do sleep 0.02; done; exec sh -lc \"$0\"", cmd)
	srv.MustRun(t, "pipe-pane", "-t", c.PaneID, "cat > "+tmux.FormatTimeLiteral(out))
	if err := os.WriteFile(gate, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	read := func() string { b, _ := os.ReadFile(out); return string(b) }
	return srv, c.PaneID, read
}

func waitOutput(t *testing.T, read func() string, want string) {
	t.Helper()
	tmuxtest.WaitFor(t, 15*time.Second, func() (bool, string) {
		got := read()
		return strings.Contains(got, want), "output lacks " + strings.ReplaceAll(want, "\x1b", "ESC") + ":\n" +
			strings.ReplaceAll(got, "\x1b", "ESC")
	})
}

// runIn types a command line into the shell.
func runIn(t *testing.T, srv *tmuxtest.Server, pane, line string) {
	t.Helper()
	if line != "" {
		srv.MustRun(t, "send-keys", "-t", pane, "-l", "--", line)
	}
	srv.MustRun(t, "send-keys", "-t", pane, "-H", "0d")
}

// assertMarks checks the shell's marks around a failing and a passing
// command, and that an empty line sends no command end.
func assertMarks(t *testing.T, srv *tmuxtest.Server, pane string, read func() string) {
	t.Helper()
	waitOutput(t, read, "\x1b]133;A\a")
	runIn(t, srv, pane, "false")
	waitOutput(t, read, "\x1b]133;C\a")
	waitOutput(t, read, "\x1b]133;D;1\a")
	runIn(t, srv, pane, "")
	runIn(t, srv, pane, "true")
	waitOutput(t, read, "\x1b]133;D;0\a")
	got := read()
	if n := strings.Count(got, "\x1b]133;D;"); n != 2 {
		t.Fatalf("%d command ends for two commands and an empty line:\n%q", n, got)
	}
	if strings.Index(got, "\x1b]133;D;") < strings.Index(got, "\x1b]133;C\a") {
		t.Fatalf("a command end before any command start:\n%q", got)
	}
}

func TestBashGetsPromptMarksAndKeepsTheUsersFiles(t *testing.T) {
	bash := shellPath(t, "bash")
	home := t.TempDir()
	mustWrite(t, filepath.Join(home, ".bash_profile"), "echo USER-PROFILE-READ; . ~/.bashrc\n")
	mustWrite(t, filepath.Join(home, ".bashrc"), "set -u\nPROMPT_COMMAND='echo USER-PROMPT-COMMAND'\n")
	srv, pane, read := markedPane(t, bash, home, defaultShellCommand)
	waitOutput(t, read, "USER-PROFILE-READ")
	assertMarks(t, srv, pane, read)
	waitOutput(t, read, "USER-PROMPT-COMMAND") // the user's PROMPT_COMMAND still runs
	if strings.Contains(read(), "unbound variable") {
		t.Fatalf("output:\n%q", read())
	}
}

func TestZshGetsPromptMarksAndKeepsTheUsersFiles(t *testing.T) {
	zsh := shellPath(t, "zsh")
	home := t.TempDir()
	mustWrite(t, filepath.Join(home, ".zshenv"), "echo USER-ZSHENV-READ\n")
	mustWrite(t, filepath.Join(home, ".zshrc"), "echo USER-ZSHRC-READ ZDOTDIR=${ZDOTDIR:-unset}\n")
	// A tab configured to start zsh itself gets the marks whatever $SHELL is.
	srv, pane, read := markedPane(t, "/bin/sh", home, "exec "+zsh+" -l")
	waitOutput(t, read, "USER-ZSHENV-READ")
	waitOutput(t, read, "USER-ZSHRC-READ ZDOTDIR=unset") // the user's ZDOTDIR, not ours
	assertMarks(t, srv, pane, read)
}

func TestFishGetsPromptMarksAndKeepsTheUsersConfig(t *testing.T) {
	fish := shellPath(t, "fish")
	home := t.TempDir()
	mustWrite(t, filepath.Join(home, ".config", "fish", "config.fish"), "echo USER-FISH-CONFIG-READ\nset -g fish_greeting\n")
	srv, pane, read := markedPane(t, fish, home, defaultShellCommand)
	waitOutput(t, read, "USER-FISH-CONFIG-READ")
	assertMarks(t, srv, pane, read)
}

// A shell amux has no marks for, and a command that is more than a shell,
// run exactly as configured — even when $SHELL is one amux knows.
func TestOtherShellsAndCommandsRunAsConfigured(t *testing.T) {
	_, _, read := markedPane(t, "/bin/sh", t.TempDir(), `exec "${SHELL:-/bin/sh}" -c 'echo OTHER-SHELL-RAN; exec sleep 600'`)
	waitOutput(t, read, "OTHER-SHELL-RAN")
	_, _, read = markedPane(t, shellPath(t, "bash"), t.TempDir(), "echo PROGRAM-RAN; exec sleep 600")
	waitOutput(t, read, "PROGRAM-RAN")
	if strings.Contains(read(), "\x1b]133;") {
		t.Fatalf("a configured program got prompt marks:\n%q", read())
	}
}

// Only a command that just starts a shell is given marks.
func TestShellOfRecognisesOnlyAShellLaunch(t *testing.T) {
	for cmd, want := range map[string]bool{
		defaultShellCommand: true, `exec "$SHELL" -l`: true, "bash": true, "exec /usr/bin/zsh -l": true, "fish -i": true,
		"bash -c 'make'": false, "FOO=1 bash": false, "python3": false, "echo hi; exec bash": false, "": false, "$(evil)/bash": false,
	} {
		if _, ok := shellOf(cmd); ok != want {
			t.Errorf("shellOf(%q) = %v, want %v", cmd, ok, want)
		}
	}
}

// The generated files are private, and a link planted in their place is
// replaced, never written through.
func TestShellFilesArePrivateAndReplaceLinks(t *testing.T) {
	home := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	mustWrite(t, victim, "keep")
	link := filepath.Join(home, ShellDirName, bashRCFile)
	if err := os.MkdirAll(filepath.Dir(link), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	if _, err := shellFiles(home); err != nil {
		t.Fatal(err)
	}
	if readFile(t, victim) != "keep" {
		t.Fatal("the link's target was written")
	}
	fi, err := os.Lstat(link)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != shellFileRW {
		t.Fatalf("%s: %v %v", link, fi, err)
	}
}

// Turning prompt marks off in Settings applies to the next terminal tab:
// its command runs as configured; on again, it gets the marks.
func TestShellMarksFollowSettingsForTheNextTab(t *testing.T) {
	e, err := New(Options{Home: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if got := e.terminalCommand(defaultShellCommand); got == defaultShellCommand {
		t.Fatalf("marks on by default, yet the command is unchanged: %q", got)
	}
	e.SetShellMarks(false)
	if got := e.terminalCommand(defaultShellCommand); got != defaultShellCommand {
		t.Fatalf("marks off, yet the command became %q", got)
	}
	e.SetShellMarks(true)
	if got := e.terminalCommand(defaultShellCommand); got == defaultShellCommand {
		t.Fatal("marks on again, yet the command is unchanged")
	}
}
