package e2e

import (
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
)

// Every dialog follows one placement rule: inside the tab area's frame,
// where no panel's border is drawn over; full width when the tab area is
// too narrow (80×24 with the list shown), its rows cleared edge to edge.
func TestDialogsKeepToTheTabArea(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")

	wide := harness.StartAmux(t, env, 120, 40)
	wide.WaitText("Projects")
	addProject(t, wide, repo)
	wide.Press(t, app.ActHelp) // the key list: as wide as a dialog gets
	screen := wide.WaitText("Show every key")
	rows := strings.Split(screen, "\n")
	for y := 1; y < 38; y++ {
		r := []rune(rows[y] + strings.Repeat(" ", 120))
		// 120 columns: a 30-column list, then the tab area's frame.
		if !strings.ContainsRune("│┃", r[29]) || !strings.ContainsRune("│┃", r[30]) || !strings.ContainsRune("│┃", r[119]) {
			t.Fatalf("row %d: the dialog drew over the list's or the tab area's border:\n%s", y, screen)
		}
	}
	wide.Keys("Escape")
	wide.WaitGone("Show every key")
	wide.Press(t, app.ActQuit)
	wide.WaitExit()

	small := harness.StartAmux(t, env, 80, 24)
	small.WaitText("▾ shop") // loaded: n has a project to create in
	small.Press(t, app.ActNewWorkspace)
	screen = small.WaitText("New workspace in")
	for _, row := range strings.Split(screen, "\n") {
		if !strings.Contains(row, "New workspace in") {
			continue
		}
		if trimmed := strings.TrimLeft(row, " "); !strings.HasPrefix(trimmed, "│") || strings.Count(row, "│") != 2 {
			t.Fatalf("at 80×24 the dialog's row shows a border behind it: %q\n%s", row, screen)
		}
	}
}
