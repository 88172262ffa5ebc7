package e2e

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// A repository directory named like a tmux format — "#(…)" runs a shell
// command wherever tmux expands formats, "#{…}" substitutes a value — is
// added as a project and every kind of tab is opened in its workspace: a
// terminal, an agent, the run script, and a restart. The name must stay a
// name: nothing it holds runs, and every pane starts in the real worktree.
func TestTabsInARepoNamedLikeATmuxFormatRunNothing(t *testing.T) {
	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	env.WriteFakeAssistant(t, agent)
	// "/" cannot appear in a name; a bare "cd" goes to the tmux server's
	// HOME, which is the test's (amux starts the server).
	repo := env.NewRepo(t, "proj#(cd;touch pwned)#{session_name}")
	pwned := filepath.Join(env.Home, "pwned")
	err := workspace.NewStore(env.StateHome).SetProjectScripts(context.Background(), repo, workspace.ScriptSet{
		Run: "echo serving the tree; exec sleep 300",
	})
	if err != nil {
		t.Fatal(err)
	}
	term := harness.StartWorkbench(t, env)
	term.Press(t, app.ActAddProject)
	term.WaitText("Add project")
	term.Type(repo)
	term.Press(t, keys.ListChoose)
	term.WaitText("─ " + filepath.Base(repo) + " ─") // too long for the tree: the center shows it whole
	term.CreateWorkspace(t, "feat", "")
	root := filepath.Join(env.StateHome, "worktrees", filepath.Base(repo), "feat")

	term.Press(t, app.ActNewTerminal)
	term.WaitText(" 1 shell ")
	term.LeaveTerminal(t)
	shell := sessionOf(t, env, tmux.TypeTerminal)
	assertNothingRan(t, env, pwned, "terminal tab")
	assertStartsIn(t, env, shell, root, "terminal tab")

	term.Press(t, app.ActNewAgent)
	term.WaitText("New agent tab")
	term.Type("fake")
	term.Press(t, keys.ListChoose)
	agent.WaitReady(t)
	term.LeaveTerminal(t)
	assertNothingRan(t, env, pwned, "agent tab")
	assertStartsIn(t, env, sessionOf(t, env, tmux.TypeAgent), root, "agent tab")

	term.Press(t, app.ActRunScript)
	term.WaitText("serving the tree")
	assertNothingRan(t, env, pwned, "run script")
	assertStartsIn(t, env, sessionOf(t, env, tmux.TypeRun), root, "run script")

	term.LeaveTerminal(t)
	term.Press(t, app.ActTab(1))
	before := display(t, env, shell, "#{pane_pid}")
	term.Press(t, app.ActRestartTab)
	tmuxtest.WaitFor(t, harness.DefaultWait, func() (bool, string) {
		return display(t, env, shell, "#{pane_pid}") != before, "the terminal tab was not restarted"
	})
	assertNothingRan(t, env, pwned, "restart")
	assertStartsIn(t, env, shell, root, "restart")
}

// assertStartsIn checks where tmux started the session's pane: had tmux
// expanded the directory name, "#{session_name}" in it would have been
// replaced and the path would not be the worktree's.
func assertStartsIn(t *testing.T, env *harness.Env, session, root, step string) {
	t.Helper()
	for _, f := range []string{"#{session_path}", "#{pane_start_path}"} {
		if got := display(t, env, session, f); got != root {
			t.Fatalf("after the %s, %s is %q, want the worktree %q", step, f, got, root)
		}
	}
}

// assertNothingRan fails when the directory name's payload created its
// marker, once the server's format jobs have had their turn.
func assertNothingRan(t *testing.T, env *harness.Env, marker, step string) {
	t.Helper()
	env.Server.SettleFormatJobs(t, anyPane(t, env))
	if harness.Exists(marker) {
		t.Fatalf("after the %s, the directory name's payload ran: %s exists", step, marker)
	}
}

// sessionOf returns the id ("$N") of the session amux tagged with type typ.
func sessionOf(t *testing.T, env *harness.Env, typ string) string {
	t.Helper()
	list, err := tmux.ListSessions(t.Context(), env.Server)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.Type == typ {
			return s.ID
		}
	}
	t.Fatalf("no %s session in %+v", typ, list)
	return ""
}

// anyPane returns the id of some pane on amux's server.
func anyPane(t *testing.T, env *harness.Env) string {
	t.Helper()
	out := env.Server.MustRun(t, "list-panes", "-a", "-F", "#{session_name}|#{pane_id}")
	pane := ""
	for line := range strings.Lines(out) {
		if name, id, _ := strings.Cut(strings.TrimSpace(line), "|"); name != tmux.ControlSession && pane == "" {
			pane = id // a tab's pane, not the control session's
		}
	}
	if pane == "" {
		t.Fatal("no pane on amux's server")
	}
	return pane
}

// display reads a fixed format about target from amux's server.
func display(t *testing.T, env *harness.Env, target, format string) string {
	t.Helper()
	return strings.TrimSuffix(env.Server.MustRun(t, "display-message", "-p", "-t", target, format), "\n")
}
