package e2e

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/config/procid"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// killPoint is one step of a create, shelve or delete at which amux is
// SIGKILLed, landed either by the git trap or by a script that signals and
// waits.
type killPoint struct {
	name    string
	op      keys.ActionID // app.ActNewWorkspace, app.ActShelve or app.ActDelete
	trap    string        // "<before|after> <git words>", or "" when a script lands the kill
	scripts func(marks string) workspace.ScriptSet
	said    string // what the next start reports
	kept    bool   // the workspace is there afterwards (intact, or shelved)
	shelved bool
}

// slowScript signals that it runs (touch <marks>/paused, its child's pid in
// <marks>/child) and waits on that child; the run recovery repeats ends at
// once.
func slowScript(marks string) string {
	paused, child := status.ShellQuote(filepath.Join(marks, "paused")), status.ShellQuote(filepath.Join(marks, "child"))
	return `[ -e ` + paused + ` ] && exit 0; sleep 300 & echo $! > ` + child + `; touch ` + paused + `; wait`
}

// Killing amux at every step of a create, shelve or delete leaves, after the
// next start, the workspace either intact or finished — never a worktree,
// branch, record or process that nothing owns. (The steps no git call or
// script can land on — between two record writes — are killed in package
// workspace's tests; the stories in the other *_interrupted_by_a_crash_*
// files cover the rest.)
func TestAmuxKilledAtAnyStepRecoversOnNextStart(t *testing.T) {
	cases := []killPoint{
		{name: "create after its intent, before worktree add", op: app.ActNewWorkspace, trap: "before worktree add",
			said: "undid 1 interrupted create"},
		{name: "create during setup-workspace", op: app.ActNewWorkspace,
			scripts: func(m string) workspace.ScriptSet { return workspace.ScriptSet{Setup: []string{slowScript(m)}} },
			said:    "stopped what a crash left running: setup-workspace of feat", kept: true},
		{name: "shelve before worktree removal", op: app.ActShelve, trap: "before worktree remove",
			said: "finished 1 interrupted shelve", kept: true, shelved: true},
		{name: "shelve during archive", op: app.ActShelve,
			scripts: func(m string) workspace.ScriptSet { return workspace.ScriptSet{Archive: slowScript(m)} },
			said:    "finished 1 interrupted shelve; stopped what a crash left running: archive of feat", kept: true, shelved: true},
		{name: "delete before worktree removal", op: app.ActDelete, trap: "before worktree remove",
			said: "finished 1 interrupted delete"},
		{name: "delete after worktree removal", op: app.ActDelete, trap: "after worktree remove",
			said: "finished 1 interrupted delete"},
		{name: "delete after branch deletion", op: app.ActDelete, trap: "after branch -D",
			said: "finished 1 interrupted delete"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := harness.NewEnv(t)
			trap := harness.NewGitTrap(t, env)
			repo := env.NewRepo(t, "shop")
			marks := t.TempDir()
			term := harness.StartWorkbench(t, env)
			term.AddProject(t, repo)
			if c.op != app.ActNewWorkspace {
				term.CreateWorkspace(t, "feat", "")
			}
			if c.scripts != nil {
				if err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, c.scripts(marks)); err != nil {
					t.Fatal(err)
				}
			}
			if c.trap != "" {
				when, words, _ := strings.Cut(c.trap, " ")
				trap.Arm(when, words)
			}
			if c.op == app.ActNewWorkspace {
				term.StartCreate(t, "feat")
			} else {
				term.StartTeardown(t, c.op, "feat")
			}
			var left int // the process the kill interrupts: git, or the script's child
			if c.trap != "" {
				left = trap.WaitFired()
			} else {
				harness.Eventually(t, func() (bool, string) { return harness.Exists(filepath.Join(marks, "paused")), "the script never ran" })
				left = harness.PIDIn(t, filepath.Join(marks, "child"))
			}
			term.KillHard(t)

			term = harness.StartWorkbench(t, env)
			term.WaitText(c.said)
			if procid.Alive(left, "") {
				t.Fatalf("process %d, busy when amux was killed, outlived the next start", left)
			}
			root := harness.WorktreePath(env, "shop", "feat")
			switch {
			case !c.kept:
				env.NoOrphans(t, repo, "shop", "feat")
			case c.shelved:
				term.WaitText("feat shelved")
				if harness.Exists(root) || !env.BranchExists(t, repo, "feat") {
					t.Fatal("a finished shelve has no worktree and keeps its branch")
				}
			default:
				if !harness.Exists(filepath.Join(root, "README.md")) || !env.BranchExists(t, repo, "feat") || len(env.MetadataDirs(t)) != 1 {
					t.Fatal("the workspace is not intact")
				}
			}
		})
	}
}
