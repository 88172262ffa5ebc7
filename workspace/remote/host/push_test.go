package host

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
	"amux.dev/amux/workspace/remote/proto"
)

// serveForTest serves a real host (engine, monitor, tmux server) over
// pipes and returns the client's reader and the server, past the hellos
// and the snapshot.
func serveForTest(t *testing.T, srv *tmuxtest.Server) (*proto.Reader, *Server) {
	t.Helper()
	env := map[string]string{"AMUX_HOME": t.TempDir(), tmux.EnvServer: srv.Name, tmux.EnvConfig: tmux.DefaultConfigPath,
		"HOME": t.TempDir(), "PATH": os.Getenv("PATH")}
	s, closeAll, err := NewFromEnv(t.Context(), func(k string) string { return env[k] }, "v-test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeAll)
	s.SafetyNet = time.Hour // only events may cause a read
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = s.Serve(ctx, inR, outW); outW.Close() }()
	t.Cleanup(func() { cancel(); inW.Close(); outR.Close(); <-done })
	rd := proto.NewReader(outR, proto.MaxHostLine)
	if m, err := rd.Read(); err != nil || m.Hello == nil || m.Hello.Server != srv.Name {
		t.Fatalf("hello %+v %v", m, err)
	}
	go func() {
		_ = proto.NewWriter(inW).Write(proto.Message{Type: proto.TypeHello, Hello: &proto.Hello{Proto: proto.Version, Amux: "v-test"}})
	}()
	if m, err := rd.Read(); err != nil || m.Type != proto.TypeSnapshot {
		t.Fatalf("snapshot %+v %v", m, err)
	}
	return rd, s
}

// awaitSessions reads pushes until the pushed names equal want.
func awaitSessions(t *testing.T, rd *proto.Reader, want ...string) {
	t.Helper()
	got := make(chan []string)
	go func() {
		for {
			m, err := rd.Read()
			if err != nil {
				close(got)
				return
			}
			if m.Type == proto.TypeSessions {
				var names []string
				for _, s := range m.Sessions {
					names = append(names, s.Name)
				}
				slices.Sort(names)
				if slices.Equal(names, want) {
					got <- names
					return
				}
			}
		}
	}()
	select {
	case _, ok := <-got:
		if !ok {
			t.Fatal("the connection ended")
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("no push of %v within 10 s", want)
	}
}

// The host learns of sessions coming, going and renamed from its control
// client's notifications — with the safety net an hour away, and even
// when the session it was attached to is the one that goes — and reads
// nothing while nothing happens.
func TestTheHostPushesSessionChangesWithoutPolling(t *testing.T) {
	srv := tmuxtest.New(t)
	srv.Session(t, "amux-first", nil)
	rd, s := serveForTest(t, srv)
	// tmux 3.3a can crash when a control client comes or goes while a
	// session is being made: let the host's and its monitor's settle.
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out, _ := srv.Run(context.Background(), "list-clients", "-F", "#{client_control_mode}")
		return strings.Count(out, "1") == 2, out
	})

	srv.Session(t, "amux-second", nil)
	awaitSessions(t, rd, "amux-first", "amux-second")
	srv.MustRun(t, "kill-session", "-t", "=amux-first")
	awaitSessions(t, rd, "amux-second")
	srv.MustRun(t, "rename-session", "-t", "=amux-second", "amux-renamed")
	awaitSessions(t, rd, "amux-renamed")

	// Idle: once the monitor has settled what it publishes (each of its
	// results is a read), a spell with nothing happening reads nothing. A
	// host that polled would never have a quiet second.
	quiet := func(d time.Duration) bool {
		before := s.reads.Load()
		time.Sleep(d) // a window measured, not a wait for luck
		return s.reads.Load() == before
	}
	// The monitor reads a session until its quiet window and margin (5 +
	// 2 s) have passed since its last change, and says so in a result at
	// that edge: settled is a spell longer than that with no read.
	deadline := time.Now().Add(40 * time.Second)
	for !quiet(8 * time.Second) {
		if time.Now().After(deadline) {
			t.Fatal("the host never stopped reading its sessions")
		}
	}
	if !quiet(3 * time.Second) {
		t.Fatal("the host read its sessions while nothing changed")
	}
}

// The records watch fires when an entry appears, goes or is renamed in
// the state home's registries or a workspace's folder, and not when a
// file there is only appended to (a script's output).
func TestTheRecordsWatchSeesRenamesNotAppends(t *testing.T) {
	home := t.TempDir()
	rw := watchRecords(home)
	if rw == nil {
		t.Skip("no inotify here")
	}
	defer rw.Close()
	fired := func(within time.Duration) bool {
		select {
		case <-rw.Changed():
			return true
		case <-time.After(within):
			return false
		}
	}
	ws := filepath.Join(home, "workspaces", "abc")
	if err := os.MkdirAll(ws, 0o700); err != nil {
		t.Fatal(err)
	}
	if !fired(5 * time.Second) {
		t.Fatal("a new workspace folder went unnoticed")
	}
	tmp := filepath.Join(ws, ".workspace.json.tmp")
	if err := os.WriteFile(tmp, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	fired(time.Second) // the temporary file's creation may count
	if err := os.Rename(tmp, filepath.Join(ws, "workspace.json")); err != nil {
		t.Fatal(err)
	}
	if !fired(5 * time.Second) {
		t.Fatal("a record renamed into place went unnoticed")
	}
	log := filepath.Join(home, "notes.txt")
	if err := os.WriteFile(log, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(ws, "workspace.json"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString(" ")
	f.Close()
	if fired(500 * time.Millisecond) {
		t.Fatal("an append, or a file that is no registry, counted as a change")
	}
	if err := os.WriteFile(filepath.Join(home, "projects.json"), []byte("[]"), 0o600); err != nil {
		t.Fatal(err)
	}
	if !fired(5 * time.Second) {
		t.Fatal("the projects registry appearing went unnoticed")
	}
}
