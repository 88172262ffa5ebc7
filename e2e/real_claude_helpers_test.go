package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/agentcli"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/events"
	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// realWait bounds a wait on the real Claude Code: it starts in a few
// seconds, but CI machines have two cores and run several at once.
const realWait = 45 * time.Second

// realClaude is amux with a workspace whose agent tab runs the real Claude
// Code (the pinned version) against a scripted model server.
type realClaude struct {
	env      *harness.Env
	term     *harness.Terminal
	model    *modelserver.Server
	cli      agentcli.Installed
	repo     string
	worktree string
	session  string // the agent tab's tmux session, once opened
}

// claudeOptions shape a realClaude before Claude Code starts.
type claudeOptions struct {
	setup agentcli.ClaudeSetup
	// untrusted leaves the workspace's folder-trust question unanswered.
	untrusted bool
	// nativeReports leaves Claude Code's own OSC 7501 reports on.
	nativeReports bool
	// env is added to the project's environment (after agentcli.ClaudeEnv).
	env map[string]string
	// before runs once the workspace exists, before the tab opens.
	before func(c *realClaude)
}

// newRealClaude starts amux at 120×40 with project shop, workspace feat and
// Claude Code configured as the assistant "claude"; the tab is not open yet.
func newRealClaude(t testing.TB, opt claudeOptions) *realClaude {
	t.Helper()
	cli := agentcli.Require(t, "claude")
	env := harness.NewEnv(t)
	model := modelserver.Start(t)
	writeRealClaudeConfig(t, env, cli.Program)
	repo := env.NewRepo(t, "shop")
	projectEnv := agentcli.ClaudeEnv(model.URL())
	if !opt.nativeReports {
		// Claude Code 2.1.328 speaks the Program Status Protocol itself
		// when its start-up probe is answered — which happens only when
		// amux's tap is on the pane before Claude Code asks. Off, so the
		// screen rules (or the hooks) decide every time.
		projectEnv["CLAUDE_CODE_DISABLE_TERMINAL_TITLE"] = "1"
	}
	for k, v := range opt.env {
		projectEnv[k] = v
	}
	store := workspace.NewStore(env.StateHome)
	if err := store.SetProjectEnv(context.Background(), repo, projectEnv); err != nil {
		t.Fatal(err)
	}
	c := &realClaude{env: env, model: model, cli: cli, repo: repo}
	c.term = harness.StartWorkbench(t, env)
	c.term.AddProject(t, repo)
	c.term.CreateWorkspace(t, "feat", "")
	c.worktree = worktreeOf(t, env, repo, "feat")
	setup := opt.setup
	if !opt.untrusted {
		setup.Trusted = append(setup.Trusted, c.worktree)
	}
	agentcli.WriteClaudeConfig(t, env.Home, setup)
	if opt.before != nil {
		opt.before(c)
	}
	return c
}

// writeRealClaudeConfig writes amux's config.json: Claude Code as the
// assistant "claude", and the status windows of writeConfig but for the
// quiet window, amux's own: a real CLI pauses for seconds while it starts.
func writeRealClaudeConfig(t testing.TB, env *harness.Env, program string) {
	t.Helper()
	cfg := map[string]any{
		"assistants": map[string]any{"claude": map[string]any{"command": program}},
		"status":     map[string]any{"quiet_after_ms": 5000, "done_window_ms": 4000, "startup_grace_ms": 60000},
	}
	b, _ := json.Marshal(cfg)
	if err := os.MkdirAll(env.StateHome, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(env.StateHome, "config.json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// worktreeOf is the path of the worktree checked out on branch in repo.
func worktreeOf(t testing.TB, env *harness.Env, repo, branch string) string {
	t.Helper()
	var path string
	for line := range strings.SplitSeq(env.Git(t, repo, "worktree", "list", "--porcelain"), "\n") {
		if p, ok := strings.CutPrefix(line, "worktree "); ok {
			path = p
		}
		if line == "branch refs/heads/"+branch {
			return path
		}
	}
	t.Fatalf("no worktree on %s in %s", branch, repo)
	return ""
}

// open opens the agent tab running Claude Code and waits for its session.
func (c *realClaude) open(t testing.TB) {
	t.Helper()
	c.term.Press(t, app.ActNewAgent)
	c.term.WaitText("New agent tab")
	c.term.Type("claude")
	c.term.Press(t, keys.ListChoose)
	harness.Eventually(t, func() (bool, string) {
		list, _ := tmux.ListSessions(t.Context(), c.env.Server)
		for _, s := range list {
			if s.Type == tmux.TypeAgent {
				c.session = s.Name
				return true, ""
			}
		}
		return false, "no agent session yet"
	})
}

// pane is Claude Code's screen as capture-pane prints it.
func (c *realClaude) pane(t testing.TB) string {
	t.Helper()
	out, err := c.env.Server.Run(t.Context(), "capture-pane", "-p", "-t", tmux.ExactPane(c.session))
	if err != nil {
		return ""
	}
	return out
}

// waitPane waits until Claude Code's screen shows want.
func (c *realClaude) waitPane(t testing.TB, want string) string {
	t.Helper()
	var screen string
	deadline := time.Now().Add(realWait)
	for time.Now().Before(deadline) {
		if screen = c.pane(t); strings.Contains(screen, want) {
			return screen
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("Claude Code never showed %q; its screen:\n%s\nmodel requests:\n%s", want, screen, c.describeRequests())
	return ""
}

// ready waits for Claude Code's empty composer.
func (c *realClaude) ready(t testing.TB) {
	t.Helper()
	c.waitPane(t, "? for shortcuts")
}

// say types a message into Claude Code's composer and submits it, the way
// a person types: the text, then Enter on its own.
func (c *realClaude) say(t testing.TB, text string) {
	t.Helper()
	c.env.Server.MustRun(t, "send-keys", "-t", tmux.ExactPane(c.session), "-l", text)
	c.waitPane(t, text)
	c.keys(t, "Enter")
}

// keys sends tmux key names to Claude Code.
func (c *realClaude) keys(t testing.TB, keys ...string) {
	t.Helper()
	c.env.Server.MustRun(t, append([]string{"send-keys", "-t", tmux.ExactPane(c.session)}, keys...)...)
}

// answer presses keys on one of Claude Code's start screens, the one that
// shows text; "=text" waits until its screen shows text (the cursor on the
// choice) before the next key. Claude Code redraws its start screens while
// it starts, putting the cursor back on the first choice and dropping a key
// that lands meanwhile, so the keys go again while the screen stays.
func (c *realClaude) answer(t testing.TB, shows string, steps ...string) {
	t.Helper()
	for try := 0; try < 3; try++ {
		for i, s := range steps {
			if text, ok := strings.CutPrefix(s, "="); ok {
				c.waitPane(t, text)
				continue
			}
			if i+1 < len(steps) {
				if text, ok := strings.CutPrefix(steps[i+1], "="); ok {
					c.moveTo(t, s, text)
					continue
				}
			}
			c.keys(t, s)
		}
		for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if !strings.Contains(c.pane(t), shows) {
				return
			}
		}
	}
	t.Fatalf("Claude Code's start screen %q never took %v:\n%s", shows, steps, c.pane(t))
}

// moveTo presses key until Claude Code's screen shows text (the cursor on
// a choice). A key that lands while Claude Code is still mounting its menu
// is dropped, so it goes again when text has not shown after a while; it is
// never pressed while text shows, since a second move would go past the
// choice (Down from the last line wraps).
func (c *realClaude) moveTo(t testing.TB, key, text string) {
	t.Helper()
	for try := 0; try < 5; try++ {
		if strings.Contains(c.pane(t), text) {
			return
		}
		c.keys(t, key)
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if strings.Contains(c.pane(t), text) {
				return
			}
		}
	}
}

// choose presses Enter on the menu under prompt (its first choice, or the
// one the cursor is on) the way a person does, once the menu is drawn, and
// waits until the menu is gone; a key that lands while Claude Code is still
// mounting its dialog is dropped, so it presses again then.
func (c *realClaude) choose(t testing.TB, prompt string) {
	t.Helper()
	c.waitPane(t, prompt)
	for try := 0; try < 4; try++ {
		time.Sleep(300 * time.Millisecond)
		c.keys(t, "Enter")
		for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if !strings.Contains(c.pane(t), prompt) {
				return
			}
		}
	}
	t.Fatalf("Claude Code's menu under %q never took Enter:\n%s", prompt, c.pane(t))
}

// published is the tab's @amux_agent_state.
func (c *realClaude) published(t testing.TB) string {
	t.Helper()
	out, err := c.env.Server.Run(t.Context(), "display-message", "-p", "-t", tmux.ExactPane(c.session), "#{"+tmux.TagAgentState+"}")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(out)
}

// history is the tab's state history as amux recorded it.
func (c *realClaude) history(t testing.TB) []events.Record {
	t.Helper()
	recs, _ := events.Open(filepath.Join(c.env.StateHome, events.DirName)).Tail(c.session, 0)
	return recs
}

// waitState waits until amux's newest record for the tab is state (with
// kind, for blocked) and returns it: what amux published, from which
// source, with which message.
func (c *realClaude) waitState(t testing.TB, state, kind string) events.Record {
	t.Helper()
	var last events.Record
	deadline := time.Now().Add(realWait)
	for time.Now().Before(deadline) {
		if recs := c.history(t); len(recs) > 0 {
			last = recs[len(recs)-1]
			if last.To == state && last.Kind == kind && c.published(t) == state {
				return last
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("amux never showed %s %s; last record %+v; history:\n%s\nClaude Code's screen:\n%s",
		state, kind, last, c.describeHistory(t), c.pane(t))
	return last
}

// waitRecord waits for a record of state (and kind) among the tab's history
// records from index from on, and returns it with the index after it: each
// step of a story looks only at what came after the previous step.
func (c *realClaude) waitRecord(t testing.TB, from int, state, kind string) (events.Record, int) {
	t.Helper()
	deadline := time.Now().Add(realWait)
	for time.Now().Before(deadline) {
		recs := c.history(t)
		for i := from; i < len(recs); i++ {
			if recs[i].To == state && recs[i].Kind == kind {
				return recs[i], i + 1
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("amux recorded no %s %s after record %d; history:\n%s\nClaude Code's screen:\n%s\nmodel requests:\n%s",
		state, kind, from, c.describeHistory(t), c.pane(t), c.describeRequests())
	return events.Record{}, 0
}

func (c *realClaude) describeHistory(t testing.TB) string {
	var b strings.Builder
	for _, r := range c.history(t) {
		fmt.Fprintf(&b, "  %s %s → %s (%s %s) %q %s\n", r.At.Format("15:04:05.000"), r.From, r.To, r.Source, r.Kind, r.Message, r.Detail)
	}
	return b.String()
}

func (c *realClaude) describeRequests() string {
	var b strings.Builder
	for _, r := range c.model.Requests() {
		fmt.Fprintf(&b, "  %s %s %s generation=%v\n", r.At.Format("15:04:05.000"), r.Method, r.Path, r.Generation)
	}
	return b.String()
}
