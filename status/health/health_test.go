package health

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/status"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// The test binary plays amux's tap verb, so InstallTap can point at it.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == status.TapVerb {
		os.Exit(status.TapMain(os.Args[2:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func find(fs []Finding, check string, level Level) *Finding {
	for i := range fs {
		if fs[i].Check == check && fs[i].Level == level {
			return &fs[i]
		}
	}
	return nil
}

// A tap that is killed is flagged, with a one-line fix; a pane that never
// had one is told apart; a healthy tap is not flagged.
func TestHealthFlagsAKilledTapAndAMissingOne(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	self, _ := os.Executable()
	tags := map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: "0123456789abcdef", tmux.TagType: tmux.TypeAgent}
	tapped := srv.Session(t, "amux-0123456789abcdef-tab-h-1", tags)
	srv.Session(t, "amux-0123456789abcdef-tab-h-2", tags) // never tapped
	if err := status.InstallTap(ctx, srv, self, tapped.PaneID); err != nil {
		t.Fatal(err)
	}
	var tap string
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		tap = strings.TrimSpace(srv.MustRun(t, "display-message", "-p", "-t", tapped.PaneID, "#{"+tmux.PaneTap+"}"))
		return tap != "", "the tap never announced itself"
	})
	sessions := func() map[string]monitor.SessionState {
		m := monitor.New(monitor.Options{Client: srv.Client, Instance: "health-test", Config: agentstate.DefaultConfig()})
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go m.Run(ctx)
		res := <-m.Results()
		return res.Sessions
	}
	fs := Check(ctx, Inputs{Tmux: srv.Client, Sessions: sessions()})
	if f := find(fs, "status tap", Warn); f == nil || !strings.Contains(f.Detail, "tab-h-2 has no status tap") || f.Fix == "" {
		t.Fatalf("the untapped pane is not flagged: %+v", fs)
	}
	for _, f := range fs {
		if strings.Contains(f.Detail, "tab-h-1") {
			t.Fatalf("a live tap is flagged: %+v", f)
		}
	}
	if find(fs, "tmux", OK) == nil {
		t.Fatalf("tmux check: %+v", fs)
	}
	pid, _, _ := status.ParseTapIdentity(tap)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		fs = Check(ctx, Inputs{Tmux: srv.Client, Sessions: sessions()})
		for _, f := range fs {
			if strings.Contains(f.Detail, "tab-h-1: its status tap") && strings.Contains(f.Detail, "died") && f.Fix != "" {
				return true, ""
			}
		}
		return false, "the killed tap is not flagged"
	})
	if s := Summary(fs); !strings.HasPrefix(s, "health: ") || !strings.Contains(s, "more in Health") || strings.Contains(s, "\n") {
		t.Fatalf("summary %q", s)
	}
}

func TestHealthFlagsStuckGatesPayloadsAndRegistries(t *testing.T) {
	now := time.Now()
	tmp := t.TempDir()
	stale := filepath.Join(tmp, tmux.LaunchDirPrefix+"old")
	if err := os.Mkdir(stale, 0o700); err != nil {
		t.Fatal(err)
	}
	old := now.Add(-time.Hour)
	os.Chtimes(stale, old, old)
	home := t.TempDir()
	bad := filepath.Join(home, "project-env.json")
	os.WriteFile(bad, []byte("[1, 2]"), 0o600)
	good := filepath.Join(home, "projects.json")
	os.WriteFile(good, []byte(`{"projects": []}`), 0o600)
	sessions := map[string]monitor.SessionState{
		"amux-a-tab-1": {Name: "amux-a-tab-1", Pipe: true, GatedSince: now.Add(-2 * time.Minute),
			Result: agentstate.Result{State: agentstate.Blocked, Message: "Do you trust the files in this folder?", Gate: true}},
		"amux-a-tab-2": {Name: "amux-a-tab-2", Pipe: true, GatedSince: now.Add(-10 * time.Second),
			Result: agentstate.Result{State: agentstate.Blocked, Gate: true}},
	}
	fs := Check(context.Background(), Inputs{Sessions: sessions, Now: now, LaunchTmpDir: tmp,
		Registries: []Registry{{"project-env.json", bad}, {"projects.json", good}, {"missing.json", filepath.Join(home, "missing.json")}}})
	gate := find(fs, "stuck agent", Warn)
	if gate == nil || !strings.Contains(gate.Detail, "amux-a-tab-1") || !strings.Contains(gate.Detail, "trust the files") {
		t.Fatalf("stuck agent: %+v", fs)
	}
	for _, f := range fs {
		if strings.Contains(f.Detail, "amux-a-tab-2") {
			t.Fatalf("a gate seen 10 s ago is not stuck yet: %+v", f)
		}
	}
	if f := find(fs, "launch payloads", Warn); f == nil || !strings.Contains(f.Detail, "1 stale") {
		t.Fatalf("payloads: %+v", fs)
	}
	if f := find(fs, "registry", Fail); f == nil || !strings.Contains(f.Detail, "project-env.json") || strings.Contains(f.Detail, "projects.json cannot") {
		t.Fatalf("registries: %+v", fs)
	}
	if s := Summary(fs); !strings.HasPrefix(s, "health: tmux: no tmux server") || !strings.Contains(s, "(+3 more in Health)") {
		t.Fatalf("the summary leads with the worst problem and counts the rest: %q", s)
	}
	if Summary([]Finding{ok("tmux", "fine")}) != "" {
		t.Fatal("all well gives no notice")
	}
}
