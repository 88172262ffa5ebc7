package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A delete is interrupted twice — its worktree removal dies under it, then
// amux itself is killed — and the next start finishes it. The i dialog
// says where the detail is meanwhile, and "Open amux's log" shows the
// warn-level lines: the interrupted delete, what recovery found and what it
// did.
func TestOpenLogAfterAnInterruptedDelete(t *testing.T) {
	env := harness.NewEnv(t)
	trap := harness.NewGitTrap(t, env)
	repo := env.NewRepo(t, "shop")
	term := harness.StartAmux(t, env, 80, 24)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "doomed", "")

	trap.Arm("before", "worktree remove")
	term.StartTeardown(t, app.ActDelete, "doomed")
	if err := syscall.Kill(trap.WaitFired(), syscall.SIGKILL); err != nil {
		t.Fatal(err) // the step dies: the delete stops after its tombstone
	}
	term.WaitText("interrupted")
	term.Press(t, keys.FormCancel)
	term.WaitGone("Deleting doomed")
	term.Press(t, app.ActStatus)
	term.WaitText("interrupted — a delete did not finish")
	term.WaitText(`details in amux's log`)
	term.WaitText(`"Open amux's log"`)
	term.KillHard(t)

	term = harness.StartAmux(t, env, 80, 24)
	term.WaitText("finished 1 interrupted delete")
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("open amux's log")
	term.Press(t, keys.ListChoose)
	term.WaitText("amux log")
	inView := func(want string) {
		t.Helper()
		term.WaitScreen(func(screen string) bool { return strings.Contains(unwrapped(screen), squash(want)) }, want+" in the log viewer")
	}
	// The viewer follows the end: recovery's lines first, then the delete's
	// own line, found with the viewer's search.
	inView(`level=WARN msg="startup recovery: found an interrupted workspace delete`)
	inView(`level=WARN msg="startup recovery: the interrupted delete: finished`)
	term.Press(t, keys.ViewSearch)
	term.Type("delete interrupted")
	term.EditField(t, "Enter")
	inView(`level=WARN msg="workspace delete interrupted`)
	b, err := os.ReadFile(filepath.Join(env.StateHome, "logs", "amux.log"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.Contains(line, "interrupted") && !strings.Contains(line, "level=WARN") {
			t.Errorf("not a warn-level line: %s", line)
		}
	}
}

// unwrapped joins what the dialog's lines hold, between its borders, with
// every blank dropped: the log viewer wraps long lines at its width.
func unwrapped(screen string) string {
	var b strings.Builder
	for _, l := range strings.Split(screen, "\n") {
		i, j := strings.Index(l, "│"), strings.LastIndex(l, "│")
		if i >= 0 && j > i {
			b.WriteString(squash(l[i+len("│") : j]))
		}
	}
	return b.String()
}

// squash drops every blank from s.
func squash(s string) string { return strings.Join(strings.Fields(s), "") }
