package workspace

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux/tmuxtest"
)

// While setup runs, its output file grows as it prints and the engine says
// it is live; once it ends the same read is the whole transcript, settled.
func TestSetupOutputStreamsWhileItRunsAndSettles(t *testing.T) {
	ctx := context.Background()
	gate := filepath.Join(t.TempDir(), "gate")
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	if err := e.Store().SetProjectScripts(ctx, repo, ScriptSet{
		Setup: []string{"echo installing deps; while [ ! -e " + gate + " ]; do sleep 0.02; done; echo deps \"fini\"shed"},
	}); err != nil {
		t.Fatal(err)
	}
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	if e.ScriptRunning(id, KindSetup) {
		t.Fatal("running before it started")
	}
	done := make(chan error, 1)
	go func() { _, err := e.RunSetup(ctx, id); done <- err }()
	var out ScriptOutput
	waitFor(t, 10*time.Second, "the first line while setup runs", func() bool {
		out, err = e.Output(ctx, id, KindSetup, 64<<10)
		return err == nil && out.Live && strings.Contains(out.Text, "installing deps")
	})
	if strings.Contains(out.Text, "deps finished") || out.Path != e.OutputPath(id, KindSetup) {
		t.Fatalf("live output %+v", out)
	}
	// A follower of that path sees the rest as it comes.
	fl := NewFollower(out.Path)
	first, _, _ := fl.Next(1 << 20)
	mustWrite(t, gate, "")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	rest, _, _ := fl.Next(1 << 20)
	if !strings.Contains(string(first)+string(rest), "deps finished") {
		t.Fatalf("follower read %q then %q", first, rest)
	}
	out, err = e.Output(ctx, id, KindSetup, 64<<10)
	if err != nil || out.Live || !strings.Contains(out.Text, "deps finished") || !strings.Contains(out.Text, "[amux: setup-workspace finished]") {
		t.Fatalf("settled output %+v %v", out, err)
	}
}

// A hosted run prints into its tmux pane, not a file: Output reads the pane
// while the run is live, instead of saying nothing was captured.
func TestRunOutputComesFromTheLiveRunSession(t *testing.T) {
	ctx := context.Background()
	srv := tmuxtest.New(t)
	repo := newRepo(t, nil)
	e := newEngine(t, func(o *Options) { o.Tmux, o.AmuxBin = srv.Client, os.Args[0] })
	if err := e.Store().SetProjectScripts(ctx, repo, ScriptSet{Run: "echo serving on $AMUX_PORT; exec sleep 600"}); err != nil {
		t.Fatal(err)
	}
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "web"})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	if out, err := e.Output(ctx, id, KindRun, 64<<10); err != nil || out.Live || out.Text != "" {
		t.Fatalf("before any run: %+v %v", out, err)
	}
	rs, err := e.StartRun(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var out ScriptOutput
	waitFor(t, 10*time.Second, "the run's first line", func() bool {
		out, err = e.Output(ctx, id, KindRun, 64<<10)
		return err == nil && strings.Contains(out.Text, "serving on 6200")
	})
	if !out.Live || out.Session != rs.Name || out.Path != "" {
		t.Fatalf("run output %+v", out)
	}
	srv.MustRun(t, "send-keys", "-t", rs.PaneID, "C-c")
	waitFor(t, 10*time.Second, "the run to end", func() bool {
		out, err = e.Output(ctx, id, KindRun, 64<<10)
		return err == nil && !out.Live
	})
	if !strings.Contains(out.Text, "serving on 6200") {
		t.Fatalf("an ended run's output lost: %q", out.Text)
	}
}
