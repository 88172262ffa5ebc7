package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// A person adds a host in config.json and starts amux: the host's level
// says connected, a workspace made on the host appears under it, an agent
// tab opens there through the shared connection and its state changes on
// screen as the host publishes it. The connection drops (its master
// killed while the host takes no new one): the host says "unreachable",
// never idle; back, the tab is attached again and live.
func TestWorkWithAnAgentOnARemoteHost(t *testing.T) {
	s, o := remoteHost(t, true)
	repo := (&harness.Env{Home: s.RemoteHome}).NewRepo(t, "shop")

	env := harness.NewEnv(t)
	env.StateHome = harness.ShortDir(t, "ui") // the control socket's path must stay short
	agent := harness.PrepareFakeAgent(t)
	env.WriteFakeAssistant(t, agent)
	addHost(t, env, "build", s.Dest)
	vars := append(env.Vars(), "AMUX_SSH="+harness.SSHWrapper(t, s.Config))
	term := harness.StartTerminal(t, vars, 120, 40, harness.AmuxBinary(t))
	term.WaitText("Projects")
	term.WaitText("build  connected")

	// Another client (the person's other amux, say) makes a workspace on
	// the host: the host pushes it, and the list shows it under the host.
	h := startHost(t, o)
	awaitHost(t, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
	if _, err := h.AddProject(t.Context(), repo); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Create(t.Context(), workspace.CreateRequest{Repo: repo, Name: "checkout-flow", SkipSetup: true}); err != nil {
		t.Fatal(err)
	}
	term.WaitText("checkout-flow")
	term.SelectWorkspace(t, "checkout-flow")

	term.Press(t, app.ActNewAgent)
	term.WaitText("New agent tab")
	term.Type("fake")
	term.Press(t, keys.ListChoose)
	agent.WaitReady(t)
	term.WaitText("fakeagent ready")
	reported := time.Now()
	agent.Report("state=blocked:kind=permission:app=fake:msg=" + harness.B64("Ship the checkout?"))
	term.WaitText("Ship the checkout?") // published on the host, pushed, drawn in the tab bar
	t.Logf("a state reported on the host was on screen here after %v", time.Since(reported).Round(time.Millisecond))

	s.Freeze(t)
	if err := syscall.Kill(s.MasterPID(t, s.Config, env.StateHome), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	term.WaitText("unreachable")
	term.WaitGone("Ship the checkout?") // a host that is down shows no state of its own
	s.Thaw()
	thawed := time.Now()
	term.WaitText("build  connected")
	agent.Print("after the drop")
	// The tab attaches again, live. Under load an attach begun before the
	// host was seen back can take its full timeout first (a known slow path).
	tmuxtest.WaitFor(t, harness.RealWait, func() (bool, string) {
		sc := term.Screen()
		return strings.Contains(sc, "after the drop"), "the tab is not live again; screen:\n" + sc
	})
	t.Logf("the tab was live again %v after the host came back", time.Since(thawed).Round(time.Millisecond))
	// One tab for the one agent: the host's push of its session before
	// the create came back must not have made a second.
	if sc := term.Screen(); strings.Contains(sc, "2 fake") {
		t.Fatalf("a second tab for the same agent:\n%s", sc)
	}
}

// hostWorkbench starts amux at w×h with a shell assistant and the host s
// as "build" in its config.json, reaching it through s's ssh config.
func hostWorkbench(t *testing.T, s *harness.SSHD, w, h int) (*harness.Env, *harness.Terminal) {
	t.Helper()
	env := harness.NewEnv(t)
	env.StateHome = harness.ShortDir(t, "ui") // the control socket's path must stay short
	env.WriteConfig(t, map[string]any{"shell": map[string]any{"command": "exec sh"}})
	addHost(t, env, "build", s.Dest)
	vars := append(env.Vars(), "AMUX_SSH="+harness.SSHWrapper(t, s.Config))
	return env, harness.StartTerminal(t, vars, w, h, harness.AmuxBinary(t))
}

// addHost writes a hosts section with one host into env's config.json.
func addHost(t *testing.T, env *harness.Env, name, dest string) {
	t.Helper()
	path := filepath.Join(env.StateHome, "config.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if err := json.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	cfg["hosts"] = []map[string]string{{"name": name, "dest": dest}}
	b, _ = json.Marshal(cfg)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
