package harness

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// Env is a test's isolated environment: HOME and the state home inside
// t.TempDir(), and the private tmux server amux must use.
type Env struct {
	Home      string
	StateHome string
	Server    *tmuxtest.Server
	// PathPrefix, when set, is put before PATH for amux (see GitTrap).
	PathPrefix string
}

// NewEnv makes a fresh environment with its own tmux server.
func NewEnv(t testing.TB) *Env {
	t.Helper()
	home := t.TempDir()
	e := &Env{Home: home, StateHome: filepath.Join(home, ".amux"), Server: NewServer(t)}
	return e
}

// Vars returns the environment assignments a process needs to run amux
// against this environment.
func (e *Env) Vars() []string {
	vars := []string{
		"HOME=" + e.Home,
		"AMUX_HOME=" + e.StateHome,
		"PATH=" + e.path(),
		"TERM=xterm-256color",
		"LANG=C.UTF-8",
	}
	return append(vars, e.Server.Env()...)
}

func (e *Env) path() string {
	if e.PathPrefix == "" {
		return os.Getenv("PATH")
	}
	return e.PathPrefix + string(os.PathListSeparator) + os.Getenv("PATH")
}

// Terminal is amux (or any command) running on a real terminal: a pane of an
// outer tmux server, separate from the server amux manages, at a fixed size.
type Terminal struct {
	outer   *tmuxtest.Server
	session string
	t       testing.TB
}

// StartAmux runs the amux binary with args on a width×height terminal in env.
func StartAmux(t testing.TB, env *Env, width, height int, args ...string) *Terminal {
	t.Helper()
	return StartTerminal(t, env.Vars(), width, height, append([]string{AmuxBinary(t)}, args...)...)
}

// StartTerminal runs argv with the given environment on a fresh outer tmux
// server's pane of width×height.
func StartTerminal(t testing.TB, vars []string, width, height int, argv ...string) *Terminal {
	t.Helper()
	outer := reapedServer(t)
	term := &Terminal{outer: outer, session: "screen", t: t}
	args := []string{"new-session", "-d", "-s", term.session, "-x", strconv.Itoa(width), "-y", strconv.Itoa(height)}
	for _, v := range vars {
		args = append(args, "-e", v)
	}
	// env -i gives the command exactly vars, not the outer server's env.
	args = append(args, "--", "env", "-i")
	args = append(args, vars...)
	args = append(args, argv...)
	outer.MustRun(t, args...)
	// Keep the pane after exit so a test can read a crash message.
	outer.MustRun(t, "set-option", "-t", term.session, "remain-on-exit", "on")
	return term
}

// Screen returns the visible screen as plain text, one line per row.
func (term *Terminal) Screen() string {
	ctx, cancel := context.WithTimeout(context.Background(), DefaultWait)
	defer cancel()
	out, err := tmux.CapturePane(ctx, term.outer, tmux.ExactPane(term.session), 0, false)
	if err != nil {
		return "capture failed: " + err.Error()
	}
	return out
}

// WaitScreen waits until the screen satisfies cond and returns it. On
// timeout the test fails with the last screen dumped.
func (term *Terminal) WaitScreen(cond func(screen string) bool, what string) string {
	term.t.Helper()
	var last string
	tmuxtest.WaitFor(term.t, DefaultWait, func() (bool, string) {
		last = term.Screen()
		return cond(last), fmt.Sprintf("%s; screen:\n%s", what, last)
	})
	return last
}

// WaitText waits until the screen contains s.
func (term *Terminal) WaitText(s string) string {
	term.t.Helper()
	return term.WaitScreen(func(sc string) bool { return strings.Contains(sc, s) }, "waiting for "+strconv.Quote(s))
}

// WaitGone waits until the screen no longer contains s.
func (term *Terminal) WaitGone(s string) string {
	term.t.Helper()
	return term.WaitScreen(func(sc string) bool { return !strings.Contains(sc, s) }, "waiting for "+strconv.Quote(s)+" to go")
}

// sendKeys sends tmux key names ("Enter", "C-c", "Down", "q") to the
// terminal. Stories never call it: amux's keys go by action (Press), the
// rest through a helper named for whom they are for (typing.go).
func (term *Terminal) sendKeys(keys ...string) {
	term.t.Helper()
	term.outer.MustRun(term.t, append([]string{"send-keys", "-t", tmux.ExactPane(term.session)}, keys...)...)
}

// Type types text literally.
func (term *Terminal) Type(text string) {
	term.t.Helper()
	term.outer.MustRun(term.t, "send-keys", "-t", tmux.ExactPane(term.session), "-l", "--", text)
}

// Resize changes the terminal size.
func (term *Terminal) Resize(width, height int) {
	term.t.Helper()
	term.outer.MustRun(term.t, "resize-window", "-t", term.session+":", "-x", strconv.Itoa(width), "-y", strconv.Itoa(height))
}

// Exited reports whether the command has exited, and its status.
func (term *Terminal) Exited() (bool, int) {
	ctx, cancel := context.WithTimeout(context.Background(), DefaultWait)
	defer cancel()
	out, err := term.outer.Run(ctx, "display-message", "-p", "-t", tmux.ExactPane(term.session), "#{pane_dead}|#{pane_dead_status}")
	if err != nil {
		return false, 0
	}
	dead, status, _ := strings.Cut(strings.TrimSpace(out), "|")
	code, _ := strconv.Atoi(status)
	return dead == "1", code
}

// WaitExit waits for the command to exit and returns its status.
func (term *Terminal) WaitExit() int {
	term.t.Helper()
	var code int
	tmuxtest.WaitFor(term.t, DefaultWait, func() (bool, string) {
		var dead bool
		dead, code = term.Exited()
		return dead, "command still running; screen:\n" + term.Screen()
	})
	return code
}

// Paste pastes text into the terminal as a terminal would: bracketed when
// the program enabled bracketed paste, with line feeds kept as typed.
func (term *Terminal) Paste(t testing.TB, text string) {
	t.Helper()
	term.outer.MustRun(t, "set-buffer", "-b", "e2e-paste", "--", text)
	term.outer.MustRun(t, "paste-buffer", "-p", "-r", "-d", "-b", "e2e-paste", "-t", tmux.ExactPane(term.session))
}

// KillHard kills the terminal's program with SIGKILL, as a crash would:
// no cleanup runs.
func (term *Terminal) KillHard(t testing.TB) {
	t.Helper()
	out := term.outer.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(term.session), "#{pane_pid}")
	pid, err := strconv.Atoi(strings.TrimSpace(out))
	if err != nil {
		t.Fatalf("pane pid %q: %v", out, err)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	term.WaitExit()
}

// Display expands a tmux format for the terminal's pane ("#{alternate_on}"):
// the state of the terminal the program runs on, as tmux tracks it.
func (term *Terminal) Display(t testing.TB, format string) string {
	t.Helper()
	return strings.TrimSpace(term.outer.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(term.session), format))
}

// BellRang reports whether the program rang the terminal bell since the
// window's bell flag was last cleared (tmux keeps it for an unwatched window).
func (term *Terminal) BellRang(t testing.TB) bool {
	t.Helper()
	out := term.outer.MustRun(t, "display-message", "-p", "-t", term.session+":", "#{window_bell_flag}")
	return strings.TrimSpace(out) == "1"
}
