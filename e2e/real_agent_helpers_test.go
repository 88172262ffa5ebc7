package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/e2e/harness/modelserver"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/events"
	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/ui/keys"
)

// cliTab is amux at 120×40 with one workspace and a real agent CLI
// configured as an assistant of its own name ("gemini", "opencode"),
// pointed at a scripted model server.
type cliTab struct {
	env      *harness.Env
	term     *harness.Terminal
	name     string // the assistant
	server   *modelserver.Server
	gemini   *harness.Gemini
	opencode *harness.Opencode
	session  string
	rules    *screenrules.Set
}

// startGeminiStory sets everything up and opens a Gemini tab. The script
// of the model server is the test's to write (before the first task).
func startGeminiStory(t testing.TB, opts harness.GeminiOptions) *cliTab {
	t.Helper()
	return startGeminiStoryAfter(t, opts, nil)
}

// startGeminiStoryAfter is startGeminiStory with a step run once Gemini's
// settings are written and before anything starts (installing hooks).
func startGeminiStoryAfter(t testing.TB, opts harness.GeminiOptions, setup func(*harness.Gemini)) *cliTab {
	t.Helper()
	env := harness.NewEnv(t)
	g := harness.PrepareGemini(t, env, opts)
	if setup != nil {
		setup(g)
	}
	s := &cliTab{env: env, name: "gemini", server: g.Server, gemini: g}
	s.open(t, g.ShellCommand())
	return s
}

// open starts amux with the story's assistant configured to run command,
// and opens its tab.
func (s *cliTab) open(t testing.TB, command string) {
	t.Helper()
	env := s.env
	writeCLIConfig(t, env, s.name, command)
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	term.Press(t, app.ActNewAgent)
	term.WaitText("New agent tab")
	term.Type(s.name)
	term.Press(t, keys.ListChoose)
	s.term = term
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		list, _ := tmux.ListSessions(t.Context(), env.Server)
		for _, ls := range list {
			if ls.Type == tmux.TypeAgent {
				s.session = ls.Name
			}
		}
		return s.session != "", "no agent session yet"
	})
}

// waitText waits, as long as a real CLI may take, for text on amux's screen.
func (s *cliTab) waitText(t testing.TB, text string) string {
	t.Helper()
	var screen string
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		screen = s.term.Screen()
		return strings.Contains(screen, text), "waiting for " + text + "; screen:\n" + screen
	})
	return screen
}

// waitReady waits for the CLI's empty composer, as amux's rules read it.
func (s *cliTab) waitReady(t testing.TB) {
	t.Helper()
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		c, ok := s.composer(t)
		return ok && c.Empty, "no empty composer; pane:\n" + s.pane(t)
	})
}

// ask types a task into Gemini's composer and submits it. Gemini takes an
// Enter that comes within 30 ms of the key before it for part of a paste
// (a new line, not a submit), and through amux and tmux the two can arrive
// together; so the Enter is sent again, the stray new line taken back,
// until the composer empties (or gives way to a dialog or an exit).
func (s *cliTab) ask(t testing.TB, task string) {
	t.Helper()
	s.waitReady(t)
	s.term.Type(task)
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		c, ok := s.composer(t)
		return ok && c.Text == task, "the composer does not show the task; pane:\n" + s.pane(t)
	})
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			s.term.KeyToProgram(t, "BSpace")
		}
		s.term.KeyToProgram(t, "Enter")
		if pollWithin(3*time.Second, func() bool { c, ok := s.composer(t); return !ok || c.Empty }) {
			return
		}
		if attempt == 3 {
			t.Fatalf("Gemini did not take the task %q; pane:\n%s", task, s.pane(t))
		}
	}
}

// composer reads Gemini's composer off its pane with amux's own rules.
func (s *cliTab) composer(t testing.TB) (screenrules.Composer, bool) {
	if s.rules == nil {
		s.rules, _ = screenrules.Load("")
	}
	return s.rules.Composer(s.name, strings.Split(s.pane(t), "\n"))
}

// pollWithin polls cond until it holds or d has passed.
func pollWithin(d time.Duration, cond func() bool) bool {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(d)
	for !cond() {
		select {
		case <-tick.C:
		case <-deadline:
			return cond()
		}
	}
	return true
}

// agentState is the session's @amux_agent_state.
func (s *cliTab) agentState(t testing.TB) string {
	t.Helper()
	out, err := s.env.Server.Run(t.Context(), "show-options", "-v", "-t", s.session, tmux.TagAgentState)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(out)
}

// waitState waits until @amux_agent_state reads want and returns the
// history record that made it so (what decided, the reason). "stopped"
// (an exited program, published as idle) waits for idle and its record.
func (s *cliTab) waitState(t testing.TB, want string) events.Record {
	t.Helper()
	var rec events.Record
	published := want
	if want == string(agentstate.Stopped) {
		published = agentstate.Stopped.Published()
	}
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		got := s.agentState(t)
		if got != published {
			return false, "@amux_agent_state " + got + ", want " + want + "; screen:\n" + s.term.Screen()
		}
		recs, _ := events.Open(filepath.Join(s.env.StateHome, events.DirName)).Tail(s.session, 0)
		for i := len(recs) - 1; i >= 0; i-- {
			if recs[i].To == want {
				rec = recs[i]
				return true, ""
			}
		}
		return false, "no history record of " + want
	})
	return rec
}

// waitBadge waits for the tab's badge: the glyph (or one of the spinner's
// frames, for working) before "1 <assistant>" in the tab bar.
func (s *cliTab) waitBadge(t testing.TB, glyphs string) {
	t.Helper()
	re := regexp.MustCompile("[" + glyphs + `]\d* 1 ` + s.name + " ") // an exit status may follow the glyph
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		screen := s.term.Screen()
		return re.MatchString(screen), "no " + glyphs + " badge on the tab; screen:\n" + screen
	})
}

// tabSpinnerFrames are the working badge's frames (the tab bar's spinner).
const tabSpinnerFrames = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏⠿"

// waitRecord waits for the nth history record of a change to state to
// that source decided, and returns it: for states that may pass quicker
// than a poll of the tag would see.
func (s *cliTab) waitRecord(t testing.TB, to, source string, nth int) events.Record {
	t.Helper()
	var rec events.Record
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		recs, _ := events.Open(filepath.Join(s.env.StateHome, events.DirName)).Tail(s.session, 0)
		var seen []string
		n := 0
		for _, r := range recs {
			if r.To == to && r.Source == source {
				if n++; n == nth {
					rec = r
					return true, ""
				}
			}
			seen = append(seen, r.From+">"+r.To+"("+r.Source+")")
		}
		return false, "no " + to + " from " + source + " in the history: " + strings.Join(seen, " ") + "; screen:\n" + s.term.Screen()
	})
	return rec
}

// writeCLIConfig writes config.json with one assistant and the short
// agent-state windows of the agent stories (as writeConfig, for tests and
// benchmarks alike).
func writeCLIConfig(t testing.TB, env *harness.Env, name, command string) {
	t.Helper()
	status := map[string]any{"quiet_after_ms": 1500, "done_window_ms": 4000, "startup_grace_ms": 60000}
	// A story's setup may have written status settings of its own first:
	// they win over the stories' short windows.
	if b, err := os.ReadFile(filepath.Join(env.StateHome, "config.json")); err == nil {
		var old struct{ Status map[string]any }
		if json.Unmarshal(b, &old) == nil {
			for k, v := range old.Status {
				status[k] = v
			}
		}
	}
	cfg := map[string]any{
		"assistants": map[string]any{name: map[string]any{"command": command}},
		"status":     status,
	}
	b, _ := json.Marshal(cfg)
	if err := os.MkdirAll(env.StateHome, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(env.StateHome, "config.json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// pane is the CLI's own screen, as its pane on amux's tmux server holds it.
func (s *cliTab) pane(t testing.TB) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, _ := tmux.CapturePane(ctx, s.env.Server, tmux.ExactPane(s.session), 0, false)
	return out
}

// reportedLog records every write of a pane's @amux_reported_state on the
// server (a tmux hook, as stateLog does for @amux_agent_state): reports
// that follow each other within one scan of the monitor are all there.
func reportedLog(t *testing.T, env *harness.Env) func() []string {
	t.Helper()
	log := filepath.Join(t.TempDir(), "reported.log")
	hook := []string{"set-hook", "-ga", "after-set-option", "run-shell \"printf '%s\\\\n' '#{hook_arguments}' >> " + log + "\""}
	// The server is up (amux's tab is on it): no session is made, since
	// tmux 3.3a can crash when a session is made while a control client
	// goes (ARCHITECTURE's traps). Only without a server is one made.
	if _, err := env.Server.Run(t.Context(), hook...); err != nil {
		env.Server.Session(t, "keepalive-reported", nil)
		env.Server.MustRun(t, hook...)
	}
	return func() []string {
		b, _ := os.ReadFile(log)
		var states []string
		for line := range strings.SplitSeq(string(b), "\n") {
			f := strings.Fields(line)
			if len(f) >= 2 && f[len(f)-2] == tmux.PaneReportedState {
				states = append(states, f[len(f)-1])
			}
		}
		return states
	}
}

// paneVerdict is what amux's rules read on the CLI's own pane now.
func (s *cliTab) paneVerdict(t testing.TB) screenrules.Verdict {
	if s.rules == nil {
		s.rules, _ = screenrules.Load("")
	}
	v, _ := s.rules.Match(s.name, strings.Split(s.pane(t), "\n"))
	return v
}
