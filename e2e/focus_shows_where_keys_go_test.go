package e2e

import (
	"context"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// At 80×24 a person can always tell where keys go: the focused pane has
// the heavy frame and the footer names it; notices never take the footer's
// keys, which end with "…" when they do not all fit; a new terminal tab
// and the run script (t/T, F5) take focus and say so; the tab area can
// have focus without its program having the keys, and the footer says
// which.
func TestFocusShowsWhereKeysGo(t *testing.T) {
	env := harness.NewEnv(t)
	env.WriteConfig(t, map[string]any{"shell": map[string]any{"command": "exec sh"}})
	repo := env.NewRepo(t, "shop")
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{
		Run: "echo serving; exec sleep 300",
	})
	if err != nil {
		t.Fatal(err)
	}
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.Press(t, app.ActNewWorkspace)
	// The dialog and the footer naming it may come in separate frames.
	term.WaitScreen(func(s string) bool {
		return strings.Contains(s, "New workspace in") && strings.HasPrefix(harness.Footer(s), " dialog ")
	}, "the create dialog open, the footer naming it")
	term.Type("feat")
	term.Press(t, keys.FormSubmit)
	// Each look waits for the whole condition: under load the notice, the
	// frames and the footer are drawn in separate frames, so one capture
	// may hold some of them and not yet the others.
	term.WaitScreen(func(s string) bool {
		f := harness.Footer(s)
		return strings.Contains(s, "created workspace feat") && strings.HasPrefix(f, " list ") &&
			strings.Contains(f, "ctrl+space commands") && strings.HasSuffix(f, "…") && strings.Contains(f, "? help") &&
			strings.Contains(s, "┏━ Projects") && !strings.Contains(s, "┏━ feat")
	}, "the list focused: its heavy frame, the footer naming it, its hints cut with a marker, the notice apart")

	term.Press(t, app.ActNewTerminal)
	term.WaitScreen(func(s string) bool {
		return strings.Contains(s, "started shell: keys go to it now") && strings.HasPrefix(harness.Footer(s), " tab: shell ") &&
			strings.Contains(harness.Footer(s), "back to the list") && strings.Contains(s, "┏━ feat") && !strings.Contains(s, "┏━ Projects")
	}, "the new tab's program taking the keys, and the screen saying so and how to leave")
	term.LeaveTerminal(t)
	term.WaitFooter(t, " list ")

	// Focus on the tab area is not focus in its program: the footer says
	// which, and Enter is the way in.
	term.Press(t, app.ActFocusTabArea)
	term.WaitScreen(func(s string) bool {
		f := harness.Footer(s)
		return strings.HasPrefix(f, " tab area: shell ") && strings.Contains(f, "enter type in tab") && strings.Contains(s, "┏━ feat")
	}, "the tab area focused, its program not")
	term.Press(t, app.ActFocusList)
	term.WaitFooter(t, " list ")

	term.Press(t, app.ActRunScript)
	term.WaitScreen(func(s string) bool {
		return strings.Contains(s, "started run: keys go to it now") && strings.HasPrefix(harness.Footer(s), " tab: run ")
	}, "the run tab taking the keys, and saying so")
}
