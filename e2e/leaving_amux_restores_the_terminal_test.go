package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// terminalModes are the modes of the pane amux runs in, as the outer tmux
// tracks them: every one amux sets while it runs is among them.
const terminalModes = "alternate=#{alternate_on} cursor=#{cursor_flag} insert=#{insert_flag} " +
	"keypad=#{keypad_flag} keypad-cursor=#{keypad_cursor_flag} origin=#{origin_flag} wrap=#{wrap_flag} " +
	"mouse-standard=#{mouse_standard_flag} mouse-button=#{mouse_button_flag} mouse-any=#{mouse_any_flag} " +
	"mouse-all=#{mouse_all_flag} mouse-sgr=#{mouse_sgr_flag} mouse-utf8=#{mouse_utf8_flag} in-mode=#{pane_in_mode}"

// leaveScript runs amux in a shell the way a person does, recording the
// terminal's settings (stty -g) before and after, the exit status, and then
// one line read from the restored terminal.
const leaveScript = `dir=$1 amux=$2
stty -g > "$dir/before"
echo shell-ready
while [ ! -e "$dir/go" ]; do sleep 0.05; done
sh -c 'echo $$ > "$1/pid"; exec "$2"' sh "$dir" "$amux"
echo "exit=$?" > "$dir/code"
stty -g > "$dir/after"
echo amux-exited
IFS= read -r line
printf '%s' "$line" > "$dir/pasted"
echo line-read
exec sleep 3600
`

// A person leaves amux — by quitting, because the system sent it SIGTERM,
// or because it crashed — and gets the terminal back exactly as it was: no
// alternate screen, no mouse reporting, the cursor shown, the line
// discipline's settings as before, no bracketed paste (a paste arrives as
// plain text). After a crash the report of what happened is on the restored
// screen.
func TestLeavingAmuxRestoresTheTerminal(t *testing.T) {
	for _, way := range []struct {
		name  string
		leave func(t *testing.T, term *harness.Terminal, pid int)
		code  string
		shows string
	}{
		{"quit", func(t *testing.T, term *harness.Terminal, _ int) { term.Press(t, app.ActQuit) }, "exit=0", ""},
		{"sigterm", func(t *testing.T, _ *harness.Terminal, pid int) {
			if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
		}, "exit=0", ""},
		{"panic", func(t *testing.T, term *harness.Terminal, _ int) { term.PressTestPanic(t) }, "exit=1", "amux test build: f12 pressed"},
	} {
		t.Run(way.name, func(t *testing.T) {
			env := harness.NewEnv(t)
			dir := t.TempDir()
			term := harness.StartTerminal(t, env.Vars(), 120, 40, "sh", "-c", leaveScript, "sh", dir, harness.AmuxTestBinary(t))
			term.WaitText("shell-ready")
			before := term.Display(t, terminalModes)
			if err := os.WriteFile(filepath.Join(dir, "go"), nil, 0o600); err != nil {
				t.Fatal(err)
			}
			term.WaitText("Projects")
			if during := term.Display(t, terminalModes); during == before {
				t.Fatalf("amux runs with the shell's modes (%s): nothing here could tell a restore", during)
			}
			way.leave(t, term, readPID(t, dir))
			screen := term.WaitText("amux-exited")
			if after := term.Display(t, terminalModes); after != before {
				t.Errorf("modes after leaving: %s\n                   want: %s", after, before)
			}
			if a, b := readFile(t, dir, "after"), readFile(t, dir, "before"); a != b {
				t.Errorf("stty settings after leaving %q, before %q", a, b)
			}
			if code := strings.TrimSpace(readFile(t, dir, "code")); code != way.code {
				t.Errorf("amux ended with %s, want %s", code, way.code)
			}
			if way.shows != "" && !strings.Contains(screen, way.shows) {
				t.Errorf("the restored screen does not show %q:\n%s", way.shows, screen)
			}
			term.Paste(t, "pasted text")
			term.KeyToProgram(t, "Enter")
			term.WaitText("line-read")
			if got := readFile(t, dir, "pasted"); got != "pasted text" {
				t.Errorf("a paste after leaving arrived as %q: bracketed paste was left on", got)
			}
		})
	}
}

func readPID(t *testing.T, dir string) int {
	t.Helper()
	pid, err := strconv.Atoi(strings.TrimSpace(readFile(t, dir, "pid")))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
