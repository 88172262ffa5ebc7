package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
)

// A person installed a CLI into a directory only amux's PATH holds (npm
// into a folder an rc file or a version manager put on PATH). Its tab runs
// it although the login shell's profile resets PATH; an assistant whose
// program is nowhere says "command not found" with its name and the PATH
// searched.
func TestAnAssistantOnlyAmuxPathFindsRunsInItsTab(t *testing.T) {
	env := harness.NewEnv(t)
	bin := t.TempDir()
	script := "#!/bin/sh\necho \"path cli ran\"\nexec sleep 600\n"
	if err := os.WriteFile(filepath.Join(bin, "amux-e2e-path-cli"), []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	env.PathPrefix = bin
	env.WriteConfig(t, map[string]any{
		"pathcli": map[string]any{"command": "amux-e2e-path-cli --go"},
		"gone":    map[string]any{"command": "amux-e2e-missing-cli --go"},
	})
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")

	term.Press(t, app.ActNewAgent)
	term.WaitText("New agent tab")
	term.Type("pathcli")
	term.Press(t, keys.ListChoose)
	term.WaitText("path cli ran")

	term.LeaveTerminal(t)
	term.Press(t, app.ActNewAgent)
	term.WaitText("New agent tab")
	term.Type("gone")
	term.Press(t, keys.ListChoose)
	term.WaitText("again to start it") // amux's own lookup already knew
	term.Press(t, keys.ListChoose)
	term.WaitText("exited 127")
	out := paneText(t, env, "gone")
	if !strings.Contains(out, "amux: command not found: amux-e2e-missing-cli") ||
		!strings.Contains(out, "amux: PATH searched: "+bin+":") {
		t.Fatalf("the missing program's tab does not name it and the PATH:\n%s", out)
	}
}

// paneText is the joined text of the pane of the agent tab running
// assistant.
func paneText(t *testing.T, env *harness.Env, assistant string) string {
	t.Helper()
	list, err := tmux.ListSessions(t.Context(), env.Server)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.Type == tmux.TypeAgent && s.Assistant == assistant {
			return env.Server.MustRun(t, "capture-pane", "-p", "-J", "-S", "-", "-t", tmux.ExactPane(s.Name))
		}
	}
	t.Fatalf("no %s tab in %+v", assistant, list)
	return ""
}
