package vendorhooks

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/status"
)

// fakeBin writes an executable shell script.
func fakeBin(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o700); err != nil {
		t.Fatal(err)
	}
}

// TestHookCommandRuns runs the generated command the way Claude Code does
// (sh -c, stdin a pipe, no terminal) against a fake amux. The command never
// runs tmux itself (report finds the pane's tty), so a tmux on PATH that
// logs its calls must stay unused even with $TMUX and $TMUX_PANE set.
func TestHookCommandRuns(t *testing.T) {
	shells := []string{"/bin/sh"}
	if bash, err := exec.LookPath("bash"); err == nil {
		shells = append(shells, bash)
	}
	inPane := func(env ...string) []string {
		return append(env, "TMUX=/tmp/tmux-1/amux,1,0", "TMUX_PANE=%3")
	}
	cases := []struct {
		name    string
		hint    string
		env     func(dir string) []string
		failing bool // the fake amux exits 3 and prints to stderr
		wantRun string
	}{
		{name: "outside amux does nothing", env: func(d string) []string {
			return inPane("AMUX_BIN_PATH=" + d + "/bin/amux")
		}},
		{name: "reports inside a pane", env: func(d string) []string {
			return inPane("AMUX_ENV=1", "AMUX_BIN_PATH="+d+"/bin/amux")
		}, wantRun: "amux"},
		{name: "reports without TMUX_PANE", env: func(d string) []string {
			return []string{"AMUX_ENV=1", "AMUX_BIN_PATH=" + d + "/bin/amux"}
		}, wantRun: "amux"},
		{name: "a failing amux stays silent", env: func(d string) []string {
			return inPane("AMUX_ENV=1", "AMUX_BIN_PATH="+d+"/bin/amux")
		}, failing: true, wantRun: "amux"},
		{name: "a missing binary is skipped", env: func(d string) []string {
			return inPane("AMUX_ENV=1", "AMUX_BIN_PATH="+d+"/gone/amux")
		}},
		{name: "the hint covers a stale path", hint: "/hint dir/it's amux", env: func(d string) []string {
			return inPane("AMUX_ENV=1", "AMUX_BIN_PATH="+d+"/gone/amux")
		}, wantRun: "hint"},
		{name: "the hint covers an unset path", hint: "/hint dir/it's amux", env: func(d string) []string {
			return inPane("AMUX_ENV=1")
		}, wantRun: "hint"},
		{name: "the pane's own binary wins over the hint", hint: "/hint dir/it's amux", env: func(d string) []string {
			return inPane("AMUX_ENV=1", "AMUX_BIN_PATH="+d+"/bin/amux")
		}, wantRun: "amux"},
	}
	for _, sh := range shells {
		for _, tc := range cases {
			t.Run(filepath.Base(sh)+"/"+tc.name, func(t *testing.T) {
				dir := t.TempDir()
				log := filepath.Join(dir, "calls.log")
				// The fake amux logs its argv and the bytes it could read
				// from stdin, then prints on both streams.
				amux := func(who string) string {
					exit := "0"
					if tc.failing {
						exit = "3"
					}
					return "echo \"" + who + " $* <$(wc -c | tr -d ' ')\" >> " + status.ShellQuote(log) + "\n" +
						"printf 'OSC-REPORT'\necho 'amux noise' >&2\nexit " + exit + "\n"
				}
				fakeBin(t, filepath.Join(dir, "bin", "amux"), amux("amux"))
				hint := tc.hint
				if hint != "" {
					hint = filepath.Join(dir, tc.hint)
					fakeBin(t, hint, amux("hint"))
				}
				fakeBin(t, filepath.Join(dir, "path", "tmux"), "echo \"tmux $*\" >> "+status.ShellQuote(log)+"\necho /dev/null\n")

				cmd, err := hookCommand("--state blocked --kind permission", hint)
				if err != nil {
					t.Fatal(err)
				}
				run := exec.Command(sh, "-c", cmd)
				run.Env = append(tc.env(dir), "PATH="+filepath.Join(dir, "path")+":/usr/bin:/bin", "HOME="+dir)
				run.Stdin = strings.NewReader(`{"hook_event_name":"Notification"}`)
				var out bytes.Buffer
				run.Stdout, run.Stderr = &out, &out
				if err := run.Run(); err != nil {
					t.Fatalf("hook failed: %v", err)
				}
				if out.Len() > 0 {
					t.Fatalf("hook printed %q", out.String())
				}

				calls, _ := os.ReadFile(log)
				var reports []string
				for _, line := range strings.Split(strings.TrimSpace(string(calls)), "\n") {
					switch {
					case strings.HasPrefix(line, "tmux "):
						t.Errorf("the hook ran tmux: %q", line)
					case line != "":
						reports = append(reports, line)
					}
				}
				if tc.wantRun == "" {
					if len(reports) > 0 {
						t.Fatalf("ran outside its conditions: %q", calls)
					}
					return
				}
				// Stdin is /dev/null: the hook's JSON payload is not report's.
				want := tc.wantRun + " report --state blocked --kind permission <0"
				if len(reports) != 1 || reports[0] != want {
					t.Fatalf("reports %q, want %q", reports, want)
				}
			})
		}
	}
}

func TestHookCommandShape(t *testing.T) {
	cmd, err := hookCommand("--state done", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[ -n "$AMUX_ENV" ]`, `"$b" report --state done`, "; true " + Marker} {
		if !strings.Contains(cmd, want) {
			t.Errorf("command lacks %q:\n%s", want, cmd)
		}
	}
	if !strings.HasSuffix(cmd, Marker) || !isAmuxCommand(cmd) {
		t.Error("command does not end with the marker")
	}
	for _, bad := range []string{"amux", "rel/amux", "/a\nb"} {
		if _, err := hookCommand("--state done", bad); err == nil {
			t.Errorf("hint %q accepted", bad)
		}
	}
}
