package e2e

import (
	"context"
	"strings"
	"testing"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/workspace"
)

// footer is the screen's last row: the focused pane's name, then its keys.
func footer(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	return lines[len(lines)-1]
}

// At 80×24 a person can always tell where keys go: the focused pane has
// the heavy frame and the footer names it; notices never take the footer's
// keys, which end with "…" when they do not all fit; a new terminal tab
// and the run script (t/T, F5) take focus and say so.
func TestFocusShowsWhereKeysGo(t *testing.T) {
	env := harness.NewEnv(t)
	writeConfig(t, env, map[string]any{"shell": map[string]any{"command": "exec sh"}})
	repo := env.NewRepo(t, "shop")
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{
		Run: "echo serving; exec sleep 300",
	})
	if err != nil {
		t.Fatal(err)
	}
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	addProject(t, term, repo)
	term.Press(t, "new-workspace")
	term.WaitText("New workspace in")
	if f := footer(term.Screen()); !strings.HasPrefix(f, " dialog ") {
		t.Fatalf("with the dialog open the footer says %q", f)
	}
	term.Type("feat")
	term.Keys("Enter")
	screen := term.WaitText("created workspace feat")
	f := footer(screen)
	if !strings.HasPrefix(f, " list ") || !strings.Contains(f, "ctrl+space commands") {
		t.Fatalf("the notice took the footer, or it does not name the list: %q\n%s", f, screen)
	}
	if !strings.HasSuffix(f, "…") || !strings.Contains(f, "? help") {
		t.Fatalf("at 80 columns the hints are cut without a marker: %q", f)
	}
	if !strings.Contains(screen, "┏━ Projects") || strings.Contains(screen, "┏━ feat") {
		t.Fatalf("the list's frame is not the focused one:\n%s", screen)
	}

	term.Press(t, "new-terminal-tab")
	screen = term.WaitText("started shell: keys go to it now")
	term.WaitScreen(func(s string) bool { return strings.HasPrefix(footer(s), " tab: shell ") },
		"the footer naming the new tab")
	screen = term.Screen()
	if !strings.Contains(screen, "┏━ feat") || strings.Contains(screen, "┏━ Projects") {
		t.Fatalf("the tab area's frame is not the focused one:\n%s", screen)
	}
	if !strings.Contains(footer(screen), "back to the list") {
		t.Fatalf("the footer does not say how to leave the terminal: %q", footer(screen))
	}
	leaveTerminal(t, term)
	term.WaitScreen(func(s string) bool { return strings.HasPrefix(footer(s), " list ") }, "the footer naming the list")

	term.Press(t, "run-script")
	term.WaitText("started run: keys go to it now")
	term.WaitScreen(func(s string) bool { return strings.HasPrefix(footer(s), " tab: run ") },
		"the footer naming the run tab")
}
