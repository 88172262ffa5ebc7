package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"amux.dev/amux/e2e/harness"
)

// A person set a notify command that forwards amux's events to their
// phone (here: a program that POSTs its environment to a receiver on
// loopback). An agent turns blocked, then done: the receiver hears of each
// with the workspace, tab, session, state and reason.
func TestNotifyCommandTellsAReceiverOfABlockedAgent(t *testing.T) {
	var mu sync.Mutex
	var events []map[string]string
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev map[string]string
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &ev); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		mu.Lock()
		events = append(events, ev)
		mu.Unlock()
	}))
	defer recv.Close()
	got := func(state string) map[string]string {
		mu.Lock()
		defer mu.Unlock()
		for _, ev := range events {
			if ev["AMUX_NOTIFY_STATE"] == state {
				return ev
			}
		}
		return nil
	}

	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	env.WriteFakeAssistant(t, agent)
	env.SetConfig(t, "notify", map[string]any{
		"command": []string{harness.NotifyPostBinary(t), recv.URL + "/amux"},
		"on":      []string{"blocked", "done"},
	})
	repo := env.NewRepo(t, "shop")
	term := harness.StartWorkbench(t, env)
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	s := &harness.AgentSetup{Env: env, Term: term, Agent: agent, Repo: repo}
	s.OpenFakeAgent(t, "")
	session := env.AgentSession(t)

	agent.Report("state=blocked:kind=question:app=fake:msg=" + harness.B64("Which migration?"))
	harness.Eventually(t, func() (bool, string) {
		mu.Lock()
		heard := fmt.Sprint(events)
		mu.Unlock()
		return got("blocked") != nil, "the receiver heard " + heard + "; screen:\n" + term.Screen()
	})
	ev := got("blocked")
	for k, want := range map[string]string{
		"AMUX_NOTIFY_WORKSPACE": "feat", "AMUX_NOTIFY_PROJECT": "shop", "AMUX_NOTIFY_SESSION": session,
		"AMUX_NOTIFY_KIND": "question", "AMUX_NOTIFY_REASON": "Which migration?", "AMUX_NOTIFY_ASSISTANT": "fake",
	} {
		if ev[k] != want {
			t.Errorf("%s = %q, want %q (event %v)", k, ev[k], want, ev)
		}
	}
	if !strings.Contains(ev["AMUX_NOTIFY_TAB"], "fake") {
		t.Errorf("AMUX_NOTIFY_TAB = %q, want the tab's label", ev["AMUX_NOTIFY_TAB"])
	}

	agent.Report("state=done:app=fake:msg=" + harness.B64("all green"))
	harness.Eventually(t, func() (bool, string) {
		mu.Lock()
		heard := fmt.Sprint(events)
		mu.Unlock()
		return got("done") != nil, "the receiver heard " + heard
	})
	if r := got("done")["AMUX_NOTIFY_REASON"]; r != "all green" {
		t.Errorf("done reason %q", r)
	}
}
