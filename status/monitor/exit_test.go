package monitor

import (
	"context"
	"testing"
	"time"

	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// An agent whose command is not found exits 127 in a pane kept on exit;
// the poll carries that status so the tab can say so.
func TestPollCarriesTheExitStatusOfAnEndedProgram(t *testing.T) {
	srv := tmuxtest.New(t)
	name := tmux.SessionName("amux", "00000000000000aa", "tab-x-1")
	tags := map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: "00000000000000aa", tmux.TagTab: "tab-x-1",
		tmux.TagType: tmux.TypeAgent, tmux.TagCreatedAt: "1", "remain-on-exit": "on"}
	srv.Session(t, name, tags, "sh", "-c", "no-such-agent-program")
	live := tmux.SessionName("amux", "00000000000000bb", "tab-y-1")
	srv.Session(t, live, map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: "00000000000000bb", tmux.TagType: tmux.TypeAgent})
	m := New(Options{Client: srv.Client, Instance: "test", Config: agentstate.DefaultConfig()})
	ctx := context.Background()
	var res Result
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		res = m.poll(ctx)
		return res.Sessions[name].ExitCode == 127, "sessions " + func() string {
			s := ""
			for n, st := range res.Sessions {
				s += n + "=" + string(st.State) + " "
			}
			return s
		}()
	})
	if res.Sessions[live].ExitCode != -1 {
		t.Fatalf("a running pane has exit code %d", res.Sessions[live].ExitCode)
	}
}

// A result whose only news is an exit status is news: tmux may report a
// pane dead a poll before its status.
func TestAnExitStatusAloneIsNews(t *testing.T) {
	a := Result{Sessions: map[string]SessionState{"s": {Name: "s", ExitCode: -1}}}
	b := Result{Sessions: map[string]SessionState{"s": {Name: "s", ExitCode: 127}}}
	if !b.differs(a) {
		t.Fatal("an exit status was not delivered")
	}
	if a.differs(a) {
		t.Fatal("nothing new was news")
	}
}

// When tmux keeps no status for a dead pane, the shell's "not found" in
// the pane's last line stands for 127; other ends stay unknown.
func TestDeadPaneWithoutStatusIsReadFromItsText(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	// A moment before exiting, so tmux has read what the shell printed.
	notFound := srv.Session(t, "amux-nf", map[string]string{"remain-on-exit": "on"}, "sh", "-c", "no-such-agent-program; s=$?; sleep 0.3; exit $s")
	plainExit := srv.Session(t, "amux-px", map[string]string{"remain-on-exit": "on"}, "sh", "-c", "echo bye; sleep 0.3; exit 3")
	m := New(Options{Client: srv.Client, Instance: "test", Config: agentstate.DefaultConfig()})
	for _, c := range []struct {
		pane string
		want int
	}{{notFound.PaneID, 127}, {plainExit.PaneID, -1}} {
		tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
			out := srv.MustRun(t, "display-message", "-p", "-t", c.pane, "#{pane_dead}")
			return out == "1\n", "pane_dead=" + out
		})
		row := paneRow{sessionID: c.pane, paneID: c.pane, dead: true, exitCode: -1} // as when tmux lost the status
		m.deadPaneStatus(ctx, srv.Client, &row)
		if row.exitCode != c.want {
			t.Errorf("%s: exit %d, want %d", c.pane, row.exitCode, c.want)
		}
	}
	// Alive again (restarted), the cache is dropped.
	m.deadPaneStatus(ctx, srv.Client, &paneRow{sessionID: notFound.PaneID, dead: false})
	if _, ok := m.exits[notFound.PaneID]; ok {
		t.Fatal("a restarted pane kept its old exit")
	}
}
