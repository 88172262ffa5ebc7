package e2e

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/client"
)

// remoteChanges is how many states BenchmarkRemoteStateChange reports.
var remoteChanges = flag.Int("remote.changes", 20, "states an agent on the host reports")

// BenchmarkRemoteStateChange measures how long a state an agent reports on
// the host (amux report → its tap → the host's monitor → a push) takes to
// reach client.Host.State() here (target ≤ 1 s), -remote.changes times.
// Beside it, what one read of the same tag costs over a new plain ssh
// connection: the best a tool that polls each host sees, at the moment it
// polls (one that polls every 30 s is 15 s late on average).
//
// Run: go test ./e2e -run XXX -bench RemoteStateChange -benchtime 1x
func BenchmarkRemoteStateChange(b *testing.B) {
	tab := &vsTable{base: "plain ssh poll"}
	run := 0
	for b.Loop() {
		s, o := remoteHost(b, true)
		repo := (&harness.Env{Home: s.RemoteHome}).NewRepo(b, "shop")
		h := startHost(b, o)
		awaitHost(b, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
		ctx := b.Context()
		res, err := h.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "states", SkipSetup: true})
		if err != nil {
			b.Fatal(err)
		}
		sess, err := h.OpenSession(ctx, workspace.SessionRequest{Workspace: res.Workspace.ID, Kind: tmux.TypeAgent,
			Tab: "t1", Assistant: "claude",
			Command: `while read m; do "$AMUX_BIN_PATH" report --state blocked --message "$m"; done`})
		if err != nil {
			b.Fatal(err)
		}
		reason := func() string {
			for _, x := range h.State().Sessions {
				if x.ID == sess.SessionID {
					return x.State + "|" + x.Reason
				}
			}
			return "missing"
		}
		// The host's monitor takes the lease and publishes a first state.
		awaitHost(b, h, 20*time.Second, "a first published state", func() bool { r := reason(); return r != "missing" && r != "|" })

		load := loadAvg()
		var pushed, polled []time.Duration
		for i := range *remoteChanges {
			want := fmt.Sprintf("blocked|m%d", i)
			s.RemoteTmuxRun(b, "send-keys", "-t", sess.SessionID, "-l", fmt.Sprintf("m%d\n", i))
			start := time.Now() // the line is in the pane: the agent reports now
			awaitHost(b, h, 5*time.Second, "state "+want, func() bool { return reason() == want })
			pushed = append(pushed, time.Since(start))
			polled = append(polled, plainPoll(b, o, sess.Name, "m"+fmt.Sprint(i)))
		}
		tab.add("state on host → here, median", "ms", "≤ 1000", quantile(polled, 0.5), quantile(pushed, 0.5))
		tab.add("state on host → here, p95", "ms", "≤ 1000", quantile(polled, 0.95), quantile(pushed, 0.95))
		tab.note(run, fmt.Sprintf("%d states, load before: %s, after: %s; the plain column is one read over a new ssh connection, paid per host per poll",
			len(pushed), load, loadAvg()))
		b.ReportMetric(quantile(pushed, 0.5), "push-median-ms")
		run++
	}
	fmt.Println()
	tab.print(os.Stdout)
}

// plainPoll reads the session's reason tag on the host over a plain ssh
// connection of its own (no master), as a polling tool would, checks it
// says want, and returns how long that took. The session goes by name (a
// $N ID would be expanded by the host's shell).
func plainPoll(b *testing.B, o client.Options, session, want string) time.Duration {
	b.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	out, err := exec.CommandContext(ctx, "ssh", "-F", o.ConfigFile, "-T", "--", o.Dest,
		"tmux", "-L", "amux", "show-options", "-t", session+":", "-v", tmux.TagAgentReason).CombinedOutput()
	d := time.Since(start)
	if err != nil || strings.TrimSpace(string(out)) != want {
		b.Fatalf("plain ssh read: %v: %q (want %q)", err, out, want)
	}
	return d
}
