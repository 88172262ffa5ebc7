package tmux_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// probe is a harmless witness of expansion: it reads back as itself where
// tmux takes an argument literally, as formatted where it expands formats
// ("##" is one "#"), and as timed where it also runs strftime first ("%%"
// is one "%").
const (
	probe     = "p##q%%r"
	formatted = "p#q%%r"
	timed     = "p#q%r"
)

// TestWhereTmuxExpandsFormats pins what FormatLiteral's doc says, measured
// on the tmux this machine runs (3.3a): which arguments are formats. If a
// tmux release changes one, this fails and the call sites must be revisited.
func TestWhereTmuxExpandsFormats(t *testing.T) {
	srv := tmuxtest.New(t)
	dir := t.TempDir()
	for _, d := range []string{probe, formatted, timed} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out")
	read := func(t *testing.T, f string) string {
		t.Helper()
		return strings.TrimSuffix(srv.MustRun(t, "display-message", "-p", "-t", "=base:", f), "\n")
	}
	srv.MustRun(t, "new-session", "-d", "-s", "base", "-x", "80", "-y", "24", "--", "sleep", "600")
	cases := []struct {
		name string
		run  func(t *testing.T) string // does the step, returns what arrived
		want string
	}{
		{"new-session -c", func(t *testing.T) string {
			srv.MustRun(t, "new-session", "-d", "-s", "c", "-c", filepath.Join(dir, probe), "sleep", "600")
			return filepath.Base(strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", "=c:", "#{session_path}")))
		}, formatted},
		{"new-session -s", func(t *testing.T) string {
			srv.MustRun(t, "new-session", "-d", "-s", "s"+probe, "sleep", "600")
			names := srv.MustRun(t, "list-sessions", "-F", "#{session_name}")
			for n := range strings.Lines(names) {
				if v, ok := strings.CutPrefix(strings.TrimSuffix(n, "\n"), "s"); ok {
					return v
				}
			}
			return "(no session)"
		}, formatted},
		{"new-session -e", func(t *testing.T) string {
			srv.MustRun(t, "new-session", "-d", "-s", "e", "-e", "V="+probe, "sleep", "600")
			_, v, _ := strings.Cut(strings.TrimSpace(srv.MustRun(t, "show-environment", "-t", "=e", "V")), "=")
			return v
		}, probe},
		{"respawn-pane -c", func(t *testing.T) string {
			srv.MustRun(t, "respawn-pane", "-k", "-t", "=c:", "-c", filepath.Join(dir, probe), "sleep", "600")
			return filepath.Base(strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", "=c:", "#{pane_start_path}")))
		}, formatted},
		{"pane command argv", func(t *testing.T) string {
			srv.MustRun(t, "new-session", "-d", "-s", "argv", "sh", "-c", `printf %s "$1" > "$2"; exec sleep 600`, "sh", probe, out)
			return readWhenWritten(t, out)
		}, probe},
		{"set-option value, read as #{@opt}", func(t *testing.T) string {
			srv.MustRun(t, "set-option", "-t", "base", "@v", probe)
			return read(t, "#{@v}")
		}, probe},
		{"option read through s/// and loops", func(t *testing.T) string {
			return read(t, "#{S:#{?#{==:#{session_name},base},#{s/x/y/:@v},}}")
		}, probe},
		{"display-message text", func(t *testing.T) string { return read(t, probe) }, timed},
		{"if-shell command body", func(t *testing.T) string {
			srv.MustRun(t, "if-shell", "-F", "-t", "=base:", "1", tmux.CommandLine("set-option", "-t", "base", "@w", probe))
			return read(t, "#{@w}")
		}, probe},
		{"pipe-pane command", func(t *testing.T) string {
			os.Remove(out)
			srv.MustRun(t, "pipe-pane", "-t", "=base:", "echo '"+probe+"' > "+out)
			return strings.TrimSuffix(readWhenWritten(t, out), "\n")
		}, timed},
		{"send-keys -l", func(t *testing.T) string {
			os.Remove(out)
			srv.MustRun(t, "new-session", "-d", "-s", "keys", "sh", "-c", "head -n1 > "+out+"; exec sleep 600")
			srv.MustRun(t, "send-keys", "-t", "=keys:", "-l", "--", probe)
			srv.MustRun(t, "send-keys", "-t", "=keys:", "Enter")
			return strings.TrimSuffix(readWhenWritten(t, out), "\n")
		}, probe},
	}
	for _, c := range cases {
		if got := c.run(t); got != c.want {
			t.Errorf("%s: %q arrived as %q, measured as %q", c.name, probe, got, c.want)
		}
	}
}

// readWhenWritten waits until path holds something and returns it.
func readWhenWritten(t *testing.T, path string) string {
	t.Helper()
	var data []byte
	tmuxtest.WaitFor(t, tmux.DefaultTimeout, func() (bool, string) {
		data, _ = os.ReadFile(path)
		return len(data) > 0, path + " stays empty"
	})
	return string(data)
}

func TestFormatLiteral(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "plain": "plain", "#": "##", "##": "####",
		"x#(cmd)#{session_name}#S": "x##(cmd)##{session_name}##S", "5%s": "5%s",
	} {
		if got := tmux.FormatLiteral(in); got != want {
			t.Errorf("FormatLiteral(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := tmux.FormatTimeLiteral("%3 #{x} 5%s"), "%%3 ##{x} 5%%s"; got != want {
		t.Errorf("FormatTimeLiteral = %q, want %q", got, want)
	}
}
