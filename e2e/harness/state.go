package harness

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// What a story reads of amux's state behind the screen: the worktrees,
// branches and records on disk, and the sessions and options on the
// private tmux server.

// Exists reports whether path exists.
func Exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// BranchExists reports whether repo has the local branch.
func (e *Env) BranchExists(t testing.TB, repo, branch string) bool {
	t.Helper()
	return strings.TrimSpace(e.Git(t, repo, "branch", "--list", branch)) != ""
}

// MetadataDirs lists the workspace metadata directories (records,
// tombstones, intents) under the state home.
func (e *Env) MetadataDirs(t testing.TB) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(e.StateHome, "workspaces"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, d := range entries {
		if d.IsDir() {
			out = append(out, d.Name())
		}
	}
	return out
}

// NoOrphans fails the test if the workspace name left a worktree, a branch,
// a worktree record in git or any metadata behind.
func (e *Env) NoOrphans(t testing.TB, repo, project, name string) {
	t.Helper()
	root := WorktreePath(e, project, name)
	if Exists(root) {
		t.Errorf("the worktree %s is still there", root)
	}
	if e.BranchExists(t, repo, name) {
		t.Errorf("the branch %s is still there", name)
	}
	if list := e.Git(t, repo, "worktree", "list", "--porcelain"); strings.Contains(list, root) {
		t.Errorf("git still lists the worktree:\n%s", list)
	}
	if dirs := e.MetadataDirs(t); len(dirs) != 0 {
		t.Errorf("metadata left under the state home: %v", dirs)
	}
}

// WorkspaceID finds a workspace's ID from its record on disk.
func (e *Env) WorkspaceID(t testing.TB, name string) string {
	t.Helper()
	entries, _ := os.ReadDir(filepath.Join(e.StateHome, "workspaces"))
	for _, d := range entries {
		b, err := os.ReadFile(filepath.Join(e.StateHome, "workspaces", d.Name(), "workspace.json"))
		if err == nil && strings.Contains(string(b), `"name": "`+name+`"`) {
			return d.Name()
		}
	}
	t.Fatalf("no record for workspace %q", name)
	return ""
}

// AgentSession returns the one agent session on the env's server.
func (e *Env) AgentSession(t testing.TB) string {
	t.Helper()
	return e.onlySession(t, tmux.TypeAgent)
}

// TerminalSession returns the one terminal tab's session on the env's
// server.
func (e *Env) TerminalSession(t testing.TB) string {
	t.Helper()
	return e.onlySession(t, tmux.TypeTerminal)
}

func (e *Env) onlySession(t testing.TB, typ string) string {
	t.Helper()
	list, err := tmux.ListSessions(t.Context(), e.Server)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.Type == typ {
			return s.Name
		}
	}
	t.Fatalf("no %s session in %+v", typ, list)
	return ""
}

// PIDIn reads the process ID a script wrote into path.
func PIDIn(t testing.TB, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// WaitPane waits until format (e.g. "#{pane_width}") reads want for the
// pane of session; on timeout it dumps term's screen.
func (e *Env) WaitPane(t testing.TB, term *Terminal, session, format, want string) {
	t.Helper()
	Eventually(t, func() (bool, string) {
		out := strings.TrimSpace(e.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session), format))
		return out == want, format + " reads " + out + ", want " + want + "; screen:\n" + term.Screen()
	})
}

// AfterStartupGrace waits until the agent has finished starting in amux's
// eyes: its pane has been quiet longer than the quiet window (1.5 s in these
// tests) and a scan has seen that, so its next output counts as work.
func (e *Env) AfterStartupGrace(t testing.TB) {
	t.Helper()
	session := e.AgentSession(t)
	out := e.Server.MustRun(t, "display-message", "-p", "-t", tmux.ExactPane(session), "#{window_activity}")
	sec, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
	if err != nil {
		t.Fatalf("window activity %q: %v", out, err)
	}
	// Activity has one-second resolution: +1 s, the quiet window, a scan.
	settled := time.Unix(sec, 0).Add(time.Second + 1500*time.Millisecond + 1100*time.Millisecond)
	Eventually(t, func() (bool, string) { return time.Now().After(settled), "the agent is still starting" })
}

// StateLog records every write of @amux_agent_state on the server, through a
// tmux hook, so a test sees each publication exactly as often as it happened.
func (e *Env) StateLog(t testing.TB) func() []string {
	t.Helper()
	log := filepath.Join(t.TempDir(), "states.log")
	e.Server.Session(t, "keepalive", nil) // the hook needs a running server
	e.Server.MustRun(t, "set-hook", "-g", "after-set-option",
		"run-shell \"printf '%s\\\\n' '#{hook_arguments}' >> "+log+"\"")
	return func() []string {
		b, _ := os.ReadFile(log)
		var states []string
		for line := range strings.SplitSeq(string(b), "\n") {
			f := strings.Fields(line)
			if len(f) >= 2 && f[len(f)-2] == tmux.TagAgentState {
				states = append(states, f[len(f)-1])
			}
		}
		return states
	}
}

// ShowOption reads one tmux option of srv ("" when unset or unreadable):
// args pick the table (-g global, none: session) and the target.
func ShowOption(srv *tmuxtest.Server, args ...string) string {
	out, _ := srv.Run(context.Background(), append([]string{"show-options", "-q", "-v"}, args...)...)
	return strings.TrimSuffix(out, "\n")
}
