package agentpicker

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

func TestProgramSkipsAssignmentsAndWrappers(t *testing.T) {
	for cmd, want := range map[string]string{
		"claude":                                 "claude",
		"FOO=1 python3 -m agent":                 "python3",
		"FOO=1 BAR='a b' ./run.sh --x":           "./run.sh",
		"env -i PATH=/bin HOME=/h node index.js": "node",
		"env -u TERM codex":                      "codex",
		"exec claude --resume":                   "claude",
		"nohup nice -n 5 aider --yes":            "aider",
		"'my agent' --flag":                      "my agent",
		`"/opt/x y/agent"`:                       "/opt/x y/agent",
		"cd sub && make agent":                   "cd",
		"A=1":                                    "",
	} {
		got, ok := Program(cmd)
		if want == "" {
			if ok {
				t.Errorf("%q: got %q, want none", cmd, got)
			}
			continue
		}
		if !ok || got != want {
			t.Errorf("%q: got %q (%v), want %q", cmd, got, ok, want)
		}
	}
	for _, dynamic := range []string{`exec "${SHELL:-/bin/sh}" -l`, "$AGENT --x", "`which claude`", `FOO=1 "$HOME/bin/agent"`} {
		if got, ok := Program(dynamic); ok {
			t.Errorf("%q: claimed %q, but only the shell can tell", dynamic, got)
		}
	}
}

// A command that starts with env assignments is found by its real program.
func TestMissingLooksUpTheRealProgram(t *testing.T) {
	bin := t.TempDir()
	agent := filepath.Join(bin, "fake-agent")
	if err := os.WriteFile(agent, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	for cmd, want := range map[string]string{
		"FOO=1 fake-agent --x":   "",
		"fake-agent":             "",
		"FOO=1 no-such-agent":    "no-such-agent not found on PATH",
		agent + " --x":           "",
		filepath.Join(bin, "no"): filepath.Join(bin, "no") + " does not exist",
		bin:                      bin + " is not executable",
		`exec "${SHELL}" -l`:     "",
		"true && fake-agent":     "",
	} {
		if got := Missing(cmd, exec.LookPath); got != want {
			t.Errorf("%q: %q, want %q", cmd, got, want)
		}
	}
}

func TestDescribeExit(t *testing.T) {
	for code, want := range map[int]string{127: "exited 127: command not found", 126: "exited 126: not executable",
		130: "exited 130: killed by signal 2", 0: "exited 0", 3: "exited 3"} {
		if got := DescribeExit(code); got != want {
			t.Errorf("%d: %q", code, got)
		}
	}
}

func typeQuery(m Model, q string) Model {
	for _, r := range q {
		m, _, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

func names(t *testing.T, m Model) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(ansi.Strip(m.View(60, 30)), "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && strings.HasPrefix(line, " ") && !strings.HasPrefix(line, " ↑") && !strings.HasPrefix(line, "  ↑") {
			out = append(out, f[0])
		}
	}
	return out
}

// "tru" names the assistants whose name fits it, not every row whose
// command happens to hold a t, an r and a u.
func TestFilterMatchesNamesFirst(t *testing.T) {
	m := New(theme.Dark(), testKeys(), []Assistant{
		{"claude", "claude --trace-output"}, {"codex", "codex --sandbox read-only --ask-for-approval untrusted"},
		{"trusty", "python3 trusty.py"}, {"gemini", "gemini --temperature 0.2"},
		{"shell", `exec "${SHELL:-/bin/sh}" -l`}, {"aider", "aider --yes --no-auto-commits --true-color"},
	})
	m = typeQuery(m, "tru")
	got := names(t, m)
	if len(got) == 0 || got[0] != "trusty" {
		t.Fatalf("rows %v: want trusty first", got)
	}
	for _, n := range got {
		if n == "claude" || n == "gemini" || n == "shell" {
			t.Errorf("%s listed for “tru”: %v", n, got)
		}
	}
	// A literal hit in the command still shows, after the name matches.
	if len(got) < 2 || !strings.Contains(strings.Join(got[1:], " "), "codex") {
		t.Errorf("codex (“untrusted” in its command) missing after the names: %v", got)
	}
}

func TestLongListScrollsWithAPositionHint(t *testing.T) {
	var as []Assistant
	for i := range 14 {
		as = append(as, Assistant{fmt.Sprintf("agent-%02d", i), fmt.Sprintf("agent-%02d", i)})
	}
	m := New(theme.Dark(), testKeys(), as)
	view := ansi.Strip(m.View(60, 12))
	if !strings.Contains(view, "↑↓ 1–5 of 14") {
		t.Fatalf("no position hint:\n%s", view)
	}
	for range 8 {
		m, _, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	view = ansi.Strip(m.View(60, 12))
	if !strings.Contains(view, "agent-08") || !strings.Contains(view, "of 14") || strings.Contains(view, "agent-00") {
		t.Fatalf("cursor row not scrolled into view:\n%s", view)
	}
}

func TestMissingProgramIsSaidBeforeStarting(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	m := New(theme.Dark(), testKeys(), []Assistant{{"ghost", "FOO=1 ghost-agent"}})
	m, _, _ = m.Update(m.Check(exec.LookPath)())
	if !strings.Contains(ansi.Strip(m.View(70, 12)), "ghost-agent not found on PATH") {
		t.Fatalf("row note missing:\n%s", ansi.Strip(m.View(70, 12)))
	}
	m, _, out := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if out != dialog.Pending || !strings.Contains(ansi.Strip(m.View(70, 12)), "enter again") {
		t.Fatalf("first enter on a missing program: %v", out)
	}
	m, _, out = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if name, _, _ := m.Chosen(); out != dialog.Submitted || name != "ghost" {
		t.Fatalf("second enter: %v %q", out, name)
	}
}

func testKeys() keys.Map {
	acts := append(keys.ComponentActions(), keys.Action{ID: FirstTask, Scope: "agents", Keys: []string{"ctrl+t"}, Help: "First task"})
	return keys.MustRegistry(acts...).Map()
}
