package e2e

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// tappedAgent starts the fake agent in a session and installs the status tap
// on its pane with the real amux binary, as session creation does.
func tappedAgent(t testing.TB, env *harness.Env, session string) *harness.FakeAgent {
	t.Helper()
	agent := harness.StartFakeAgent(t, env.Server, session, map[string]string{tmux.TagManaged: "1"})
	installTap(t, env.Server, agent.PaneID)
	return agent
}

func installTap(t testing.TB, srv *tmuxtest.Server, pane string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), harness.DefaultWait)
	defer cancel()
	if err := status.InstallTap(ctx, srv, harness.AmuxBinary(t), pane); err != nil {
		t.Fatal(err)
	}
}

// reportedKeys are the pane options the tap owns.
func reportedKeys() []string {
	return []string{
		tmux.PaneReportedState, tmux.PaneReportedKind, tmux.PaneReportedApp, tmux.PaneReportedMessage,
		tmux.PaneReportedAt, tmux.PaneCommandState, tmux.PaneCommandExit,
		tmux.PaneCommandStartedAt, tmux.PaneCommandEndedAt,
	}
}

// paneStatus reads the tap's pane options in one call ("" = unset).
func paneStatus(t testing.TB, srv *tmuxtest.Server, pane string) map[string]string {
	t.Helper()
	keys := reportedKeys()
	var f []string
	for _, k := range keys {
		f = append(f, "#{"+k+"}")
	}
	out, err := srv.Run(context.Background(), "display-message", "-p", "-t", pane, strings.Join(f, "\x1f"))
	if err != nil {
		t.Fatal(err)
	}
	vals := strings.Split(strings.TrimSuffix(out, "\n"), "\x1f")
	m := make(map[string]string, len(keys))
	for i, k := range keys {
		if i < len(vals) {
			m[k] = vals[i]
		}
	}
	return m
}

// waitStatus waits until every given option has its wanted value and
// returns all the options.
func waitStatus(t testing.TB, srv *tmuxtest.Server, pane string, want map[string]string) map[string]string {
	t.Helper()
	var got map[string]string
	tmuxtest.WaitFor(t, harness.DefaultWait, func() (bool, string) {
		got = paneStatus(t, srv, pane)
		for k, v := range want {
			if got[k] != v {
				return false, "pane options " + mapString(got) + ", want " + mapString(want)
			}
		}
		return true, ""
	})
	return got
}

func mapString(m map[string]string) string {
	var parts []string
	for _, k := range reportedKeys() {
		if v, ok := m[k]; ok {
			parts = append(parts, k+"="+v)
		}
	}
	return "{" + strings.Join(parts, " ") + "}"
}

// waitRun is a running `amux wait`.
type waitRun struct {
	done           chan struct{}
	code           int
	exited         time.Time // when the process was seen to exit
	stdout, stderr bytes.Buffer
}

// startAmuxWait runs the real `amux wait` binary with env's server.
func startAmuxWait(t testing.TB, vars []string, args ...string) *waitRun {
	t.Helper()
	cmd := exec.Command(harness.AmuxBinary(t), append([]string{"wait"}, args...)...)
	cmd.Env = vars
	w := &waitRun{done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = &w.stdout, &w.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(w.done)
		err := cmd.Wait()
		w.exited = time.Now()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			w.code = ee.ExitCode()
		} else if err != nil {
			w.code = -1
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-w.done
	})
	return w
}

// result waits for `amux wait` to exit.
func (w *waitRun) result(t testing.TB) (int, string, string) {
	t.Helper()
	select {
	case <-w.done:
		return w.code, w.stdout.String(), w.stderr.String()
	case <-time.After(harness.DefaultWait):
		t.Fatal("amux wait did not exit")
		return 0, "", ""
	}
}

// waitWatching waits until an `amux wait` control client is attached, so a
// report made afterwards exercises the wake path, not the stored state.
func waitWatching(t testing.TB, srv *tmuxtest.Server) {
	t.Helper()
	tmuxtest.WaitFor(t, harness.DefaultWait, func() (bool, string) {
		return waitClients(srv) > 0, "amux wait never attached its control client"
	})
}

// waitNoControlClient waits until no control client but the shared tap's
// is attached.
func waitNoControlClient(t testing.TB, env *harness.Env) {
	t.Helper()
	tmuxtest.WaitFor(t, harness.DefaultWait, func() (bool, string) {
		return waitClients(env.Server) == 0, "a control client is still attached"
	})
}

// waitClients counts the control clients attached to srv other than the
// shared tap's, which stays attached while any pane is tapped: tmux -C
// processes whose parent is not `amux --internal-tap … --daemon`.
func waitClients(srv *tmuxtest.Server) int {
	out, _ := srv.Run(context.Background(), "list-clients", "-F", "#{client_control_mode} #{client_pid}")
	n := 0
	for line := range strings.Lines(out) {
		mode, pid, _ := strings.Cut(strings.TrimSpace(line), " ")
		if mode == "1" && !sharedTapClient(pid) {
			n++
		}
	}
	return n
}

// sharedTapClient reports whether the tmux client process pid was started
// by a shared tap.
func sharedTapClient(pid string) bool {
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return false
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 2 {
		return false
	}
	cmdline, _ := os.ReadFile("/proc/" + f[1] + "/cmdline")
	return bytes.Contains(cmdline, []byte("--internal-tap")) && bytes.Contains(cmdline, []byte("\x00--daemon"))
}
