package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A person opens the assistant picker at 80×24: a command that starts with
// an env assignment is found by its real program; one whose program is
// missing says so; the filter matches names before command text, and if started anyway its tab says "exited 127: command
// not found" instead of pretending it started.
func TestAgentPickerNamesMissingPrograms(t *testing.T) {
	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	env.WriteConfig(t, map[string]any{
		"fake":  map[string]any{"command": "FOO=1 " + agent.ShellCommand()},
		"ghost": map[string]any{"command": "GHOST_MODE=1 no-such-agent-program --go"},
		// Its command mentions ghost; its name does not.
		"spooky": map[string]any{"command": "echo ghost; exec sh"},
	})
	repo := env.NewRepo(t, "shop")
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActNewAgent)
	screen := term.WaitText("no-such-agent-program not found")
	for _, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, " fake ") && strings.Contains(line, "not found") {
			t.Fatalf("an env-prefixed command was called missing:\n%s", screen)
		}
	}
	term.Type("ghost")
	screen = term.WaitGone(" fake ") // the filter leaves what names or mentions it
	// The name's match comes first, the command's after it.
	ig, is := -1, -1
	for i, line := range strings.Split(screen, "\n") {
		switch {
		case strings.Contains(line, "no-such-agent-program"):
			ig = i
		case strings.Contains(line, "spooky"):
			is = i
		}
	}
	if ig < 0 || is < 0 || is < ig {
		t.Fatalf("the name's match is not first:\n%s", screen)
	}
	term.Press(t, keys.ListChoose)
	term.WaitText("again to start it")
	term.Press(t, keys.ListChoose)
	term.WaitText("exited 127: command not found")
}
