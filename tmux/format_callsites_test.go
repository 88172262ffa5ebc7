package tmux_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// hostile is an outside string shaped like the formats tmux expands: had
// tmux expanded it, "#(…)" would leave a marker in HOME and "#{…}" would be
// replaced, so what reads back would differ.
const hostile = "x#(cd;touch marker)#{session_name}#S 5%s"

// hostileServer is a private server whose format jobs run with HOME in a
// temp dir (the server takes the environment of the process that starts
// it), and the path of the marker a job running hostile would create.
func hostileServer(t *testing.T) (*tmuxtest.Server, string) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	return tmuxtest.New(t), filepath.Join(home, "marker")
}

// assertNoPayloadRan fails when hostile ran as a format job on srv.
func assertNoPayloadRan(t *testing.T, srv *tmuxtest.Server, pane, marker string) {
	t.Helper()
	srv.SettleFormatJobs(t, pane)
	if _, err := os.Stat(marker); err == nil {
		t.Fatalf("a format job ran the payload: %s exists", marker)
	}
}

func hostileDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), hostile)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func displayIn(t *testing.T, srv *tmuxtest.Server, target, format string) string {
	t.Helper()
	return strings.TrimSuffix(srv.MustRun(t, "display-message", "-p", "-t", target, format), "\n")
}

// NewSession's -s name and -c directory are formats to tmux; tag values are
// not. All three arrive literally, and discovery reads the tags back as
// written.
func TestNewSessionTakesNameDirAndTagsLiterally(t *testing.T) {
	srv, marker := hostileServer(t)
	ctx := context.Background()
	dir := hostileDir(t)
	name := "amux-" + hostile
	created, err := tmux.NewSession(ctx, srv, tmux.SessionSpec{
		Name: name, Dir: dir, Command: []string{"sleep", "600"},
		Tags: []tmux.SetOption{{Key: tmux.TagManaged, Value: "1"}, {Key: tmux.TagAssistant, Value: hostile}},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"#{session_path}", "#{pane_start_path}"} {
		if got := displayIn(t, srv, created.PaneID, f); got != dir {
			t.Errorf("%s = %q, want %q", f, got, dir)
		}
	}
	s, ok, err := tmux.FindSession(ctx, srv, name)
	if err != nil || !ok {
		t.Fatalf("the session is not found under its literal name %q: ok=%v err=%v", name, ok, err)
	}
	if s.ID != created.SessionID || s.Assistant != hostile {
		t.Errorf("discovery read %+v, want id %s and assistant %q", s, created.SessionID, hostile)
	}
	assertNoPayloadRan(t, srv, created.PaneID, marker)
}

func TestRespawnPaneTakesDirLiterally(t *testing.T) {
	srv, marker := hostileServer(t)
	created := srv.Session(t, "amux-respawn", nil)
	dir := hostileDir(t)
	if err := tmux.RespawnPane(context.Background(), srv, created.PaneID, dir, []string{"sleep", "600"}); err != nil {
		t.Fatal(err)
	}
	if got := displayIn(t, srv, created.PaneID, "#{pane_start_path}"); got != dir {
		t.Errorf("pane_start_path = %q, want %q", got, dir)
	}
	if got := displayIn(t, srv, created.PaneID, "#{pane_start_command}"); got != "sleep 600" {
		t.Errorf("respawned command = %q", got)
	}
	assertNoPayloadRan(t, srv, created.PaneID, marker)
}

// The command after "--" is argv, never a format: it must NOT be escaped.
func TestPaneCommandArgvArrivesLiterally(t *testing.T) {
	srv, marker := hostileServer(t)
	out := filepath.Join(t.TempDir(), "argv")
	created := srv.Session(t, "amux-argv", nil, "sh", "-c", `printf %s "$1" > "$2"; exec sleep 600`, "sh", hostile, out)
	if got := readWhenWritten(t, out); got != hostile {
		t.Errorf("argv arrived as %q, want %q", got, hostile)
	}
	assertNoPayloadRan(t, srv, created.PaneID, marker)
}

// Session, pane and global option writers store the value as given, and a
// -F read (as discovery, the scanner and the tap's readers do) returns it
// without expanding it again.
func TestOptionValuesArriveLiterally(t *testing.T) {
	srv, marker := hostileServer(t)
	created := srv.Session(t, "amux-opts", nil)
	srv.MustRun(t, tmux.Chain(
		tmux.SetSessionOptionArgs("amux-opts", tmux.TagWorkspaceName, hostile),
		tmux.SetPaneOptionArgs(created.PaneID, tmux.PaneReportedMessage, hostile),
		tmux.SetGlobalOptionArgs(tmux.TagSessionOwner, hostile),
	)...)
	for _, key := range []string{tmux.TagWorkspaceName, tmux.PaneReportedMessage, tmux.TagSessionOwner} {
		for _, f := range []string{"#{" + key + "}", "#{s/[\x01-\x1f]/_/:" + key + "}"} {
			if got := displayIn(t, srv, created.PaneID, f); got != hostile {
				t.Errorf("%s read back %q, want %q", f, got, hostile)
			}
		}
	}
	assertNoPayloadRan(t, srv, created.PaneID, marker)
}

// -t targets are not formats: an exact target finds the session by its
// literal name, and has-session and kill-session act on that one only.
func TestTargetsAreLiteral(t *testing.T) {
	srv, marker := hostileServer(t)
	ctx := context.Background()
	name := "amux-" + hostile
	created := srv.Session(t, name, nil)
	srv.Session(t, "amux-x", nil) // what "#{session_name}"-style expansion could land on
	if ok, err := tmux.HasSession(ctx, srv, name); err != nil || !ok {
		t.Fatalf("HasSession(%q) = %v, %v", name, ok, err)
	}
	if pane, err := tmux.PaneOf(ctx, srv, name); err != nil || pane != created.PaneID {
		t.Fatalf("PaneOf(%q) = %q, %v; want %s", name, pane, err, created.PaneID)
	}
	assertNoPayloadRan(t, srv, created.PaneID, marker)
	if err := tmux.KillSession(ctx, srv, name); err != nil {
		t.Fatal(err)
	}
	if ok, _ := tmux.HasSession(ctx, srv, name); ok {
		t.Fatal("kill-session left the session")
	}
	if ok, _ := tmux.HasSession(ctx, srv, "amux-x"); !ok {
		t.Fatal("kill-session of the literal name killed another session")
	}
}

// send-keys -l types the text as it is.
func TestSendLiteralArrivesLiterally(t *testing.T) {
	srv, marker := hostileServer(t)
	out := filepath.Join(t.TempDir(), "typed")
	created := srv.Session(t, "amux-keys", nil, "sh", "-c", "head -n1 > "+out+"; exec sleep 600")
	if err := tmux.SendLiteral(context.Background(), srv, "amux-keys", hostile+"\r"); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSuffix(readWhenWritten(t, out), "\n"); got != hostile {
		t.Errorf("typed %q, want %q", got, hostile)
	}
	assertNoPayloadRan(t, srv, created.PaneID, marker)
}
