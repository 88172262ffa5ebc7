package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/events"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/ui/agentpicker"
	"amux.dev/amux/ui/keys"
)

// codexStart bounds a wait that includes Codex's cold start (its first
// screen takes 5–10 s on a loaded two-core machine).
const codexStart = 40 * time.Second

// codexStory is amux with one workspace whose agent tab runs the real
// Codex against a scripted model server.
type codexStory struct {
	env    *harness.Env
	term   *harness.Terminal
	codex  *harness.RealCodex
	model  *modelserver.Server
	repo   string
	states func() []string
}

// startCodexStory starts amux at 120×40 with the project shop, a workspace
// feat, and the real Codex as the assistant "codex", configured by cfg (the
// project and the workspace's folder trusted unless trust is false), and
// opens its tab. setup, if given, runs on the prepared Codex before it
// starts.
func startCodexStory(t testing.TB, cfg harness.CodexConfig, trust bool, setup ...func(*harness.RealCodex)) *codexStory {
	t.Helper()
	s := prepareCodexStory(t, cfg, trust, setup...)
	s.open(t, "")
	return s
}

// prepareCodexStory is startCodexStory without opening the tab.
func prepareCodexStory(t testing.TB, cfg harness.CodexConfig, trust bool, setup ...func(*harness.RealCodex)) *codexStory {
	t.Helper()
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	if trust {
		cfg.Trusted = append(cfg.Trusted, repo, harness.WorktreePath(env, "shop", "feat"))
	}
	codex := harness.PrepareCodex(t, env, cfg)
	for _, f := range setup {
		f(codex)
	}
	writeCodexAmuxConfig(t, env, codex.Command())
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	s := &codexStory{env: env, term: term, codex: codex, model: codex.Server, repo: repo, states: func() []string { return nil }}
	if tt, ok := t.(*testing.T); ok { // the benchmark reads the tag itself
		s.states = env.StateLog(tt)
	}
	return s
}

// open opens the Codex tab from the agent picker, with a first task for
// amux to type into Codex once it is ready when task is not "".
func (s *codexStory) open(t testing.TB, task string) {
	t.Helper()
	s.term.Press(t, app.ActNewAgent)
	s.term.WaitText("New agent tab")
	s.term.Type("codex")
	if task != "" {
		s.term.Press(t, agentpicker.FirstTask)
		s.term.Type(task)
	}
	s.term.Press(t, keys.ListChoose)
}

// waitScreen waits up to d for amux's screen to show text.
func (s *codexStory) waitScreen(t testing.TB, d time.Duration, text string) {
	t.Helper()
	tmuxtest.WaitFor(t, d, func() (bool, string) {
		sc := s.term.Screen()
		return strings.Contains(sc, text), "waiting for " + text + " on screen:\n" + sc
	})
}

// state is the agent session's @amux_agent_state now.
func (s *codexStory) state(t testing.TB) string {
	t.Helper()
	out, _ := s.env.Server.Run(t.Context(), "show-options", "-v", "-t", s.session(t), tmux.TagAgentState)
	return strings.TrimSpace(out)
}

// waitState waits up to d for @amux_agent_state to be want.
func (s *codexStory) waitState(t testing.TB, d time.Duration, want string) {
	t.Helper()
	tmuxtest.WaitFor(t, d, func() (bool, string) {
		got := s.state(t)
		return got == want, "@amux_agent_state " + got + ", want " + want + "; published: " +
			strings.Join(s.states(), ",") + "\nscreen:\n" + s.term.Screen()
	})
}

// waitBlocked waits for the state blocked and the tab bar's line saying
// "blocked (kind): reason".
func (s *codexStory) waitBlocked(t testing.TB, d time.Duration, kind, reason string) {
	t.Helper()
	s.waitState(t, d, "blocked")
	tmuxtest.WaitFor(t, harness.DefaultWait, func() (bool, string) {
		sc := s.term.Screen()
		return strings.Contains(sc, "◆ blocked ("+kind+"): "+reason), fmt.Sprintf("waiting for the tab bar to say blocked (%s): %s; history %+v; screen:\n%s",
			kind, reason, s.history(t), sc)
	})
}

// badge is the mark beside the Codex tab's label in the tab bar ("" when
// it has none: idle).
func (s *codexStory) badge() string {
	for line := range strings.SplitSeq(s.term.Screen(), "\n") {
		before, _, ok := strings.Cut(line, " 1 codex ")
		if !ok {
			continue
		}
		r := []rune(before)
		if len(r) == 0 || strings.ContainsRune(" │─┃━", r[len(r)-1]) {
			return ""
		}
		return string(r[len(r)-1])
	}
	return "?"
}

// waitBadge waits for the Codex tab's badge to satisfy ok.
func (s *codexStory) waitBadge(t testing.TB, what string, ok func(string) bool) {
	t.Helper()
	harness.Eventually(t, func() (bool, string) {
		b := s.badge()
		return ok(b), "tab badge " + b + ", want " + what + "; screen:\n" + s.term.Screen()
	})
}

// isSpinner says a badge is the working spinner: a braille frame.
func isSpinner(b string) bool {
	r := []rune(b)
	return len(r) == 1 && r[0] >= 0x2800 && r[0] <= 0x28ff
}

// prompt types text into Codex's composer and submits it.
func (s *codexStory) prompt(t testing.TB, text string) {
	t.Helper()
	s.waitScreen(t, codexStart, "? for shortcuts") // the composer is up
	s.term.Type(text)
	s.waitScreen(t, harness.DefaultWait, "› "+text)
	s.term.KeyToProgram(t, "Enter")
}

// history is the agent session's state history as amux recorded it
// (events/<session>.jsonl): each transition with its source and reason.
func (s *codexStory) history(t testing.TB) []events.Record {
	t.Helper()
	recs, err := events.Open(filepath.Join(s.env.StateHome, "events")).Tail(s.session(t), 100)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// waitTransition waits up to d for a recorded transition to state to
// satisfy ok, and returns it.
func (s *codexStory) waitTransition(t testing.TB, d time.Duration, to string, ok func(events.Record) bool) events.Record {
	t.Helper()
	var found events.Record
	tmuxtest.WaitFor(t, d, func() (bool, string) {
		recs := s.history(t)
		for _, r := range recs {
			if r.To == to && ok(r) {
				found = r
				return true, ""
			}
		}
		return false, fmt.Sprintf("no transition to %s as wanted in %+v\nscreen:\n%s", to, recs, s.term.Screen())
	})
	return found
}

// session is the agent session's name (the workspace's one agent tab).
func (s *codexStory) session(t testing.TB) string {
	t.Helper()
	list, err := tmux.ListSessions(t.Context(), s.env.Server)
	if err != nil {
		t.Fatal(err)
	}
	for _, ses := range list {
		if ses.Type == tmux.TypeAgent {
			return ses.Name
		}
	}
	t.Fatalf("no agent session in %+v", list)
	return ""
}

// writeCodexAmuxConfig writes amux's config.json with Codex as the assistant
// "codex" and the short state windows writeConfig gives every agent story
// (written here for a benchmark too, which writeConfig does not take).
func writeCodexAmuxConfig(t testing.TB, env *harness.Env, command string) {
	t.Helper()
	cfg := map[string]any{
		"assistants": map[string]any{"codex": map[string]any{"command": command}},
		"status":     map[string]any{"quiet_after_ms": 1500, "done_window_ms": 4000, "startup_grace_ms": 60000},
	}
	b, _ := json.Marshal(cfg)
	if err := os.MkdirAll(env.StateHome, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(env.StateHome, "config.json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
}
