package e2e

import (
	"context"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/config/procid"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
	"amux.dev/amux/workspace"
)

// amux is killed while a delete runs the archive script, whose background
// writer keeps writing into the worktree: the script's shell dies with
// amux, and the next start kills the writer before it finishes the delete,
// so the worktree stays gone.
func TestScriptsLeftByACrashDieBeforeRecovery(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	marks := t.TempDir()
	q := func(name string) string { return status.ShellQuote(filepath.Join(marks, name)) }
	// The first run hangs with its writer; the run recovery repeats ends.
	archive := `[ -e ` + q("archiving") + ` ] && exit 0; ( while :; do date >> "$AMUX_WORKSPACE_ROOT/archive.out"; sleep 0.05; done ) & echo $! > ` + q("writer") +
		`; echo $$ > ` + q("shell") + `; touch ` + q("archiving") + `; wait`
	if err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{Archive: archive}); err != nil {
		t.Fatal(err)
	}
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "doomed", "")
	term.StartTeardown(t, app.ActDelete, "doomed")
	harness.Eventually(t, func() (bool, string) {
		return harness.Exists(filepath.Join(marks, "archiving")), "archive never started"
	})
	shell, writer := harness.PIDIn(t, filepath.Join(marks, "shell")), harness.PIDIn(t, filepath.Join(marks, "writer"))
	term.KillHard(t)
	harness.Eventually(t, func() (bool, string) { return !procid.Alive(shell, ""), "the archive's shell outlived amux" })
	if !procid.Alive(writer, "") {
		t.Fatal("the story needs the archive's writer still running after the crash")
	}

	term = harness.StartWorkbench(t, env)
	term.WaitText("finished 1 interrupted delete; stopped what a crash left running: archive of doomed")
	if procid.Alive(writer, "") {
		t.Fatal("the archive's writer survived the next start")
	}
	env.NoOrphans(t, repo, "shop", "doomed")
}
