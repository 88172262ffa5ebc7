package fleet_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/client"
	"amux.dev/amux/workspace/remote/fleet"
)

func TestMain(m *testing.M) { harness.Main(m) }

// twoHosts starts two real sshds with amux on their PATH and a fleet of
// both ("a" and "b"), closed at cleanup.
func twoHosts(t *testing.T) (a, b *harness.SSHD, f *fleet.Fleet, o fleet.Options) {
	t.Helper()
	bin := harness.AmuxBinary(t)
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	a, b = harness.StartSSHD(t), harness.StartSSHD(t)
	a.InstallAmux(t, bin)
	b.InstallAmux(t, bin)
	o = fleet.Options{StateHome: harness.ShortDir(t, "local"), Version: strings.TrimPrefix(strings.TrimSpace(string(out)), "amux "),
		ConfigFile: harness.JoinConfigs(t, a, b), ControlPersist: time.Minute}
	f, err = fleet.New(o, []config.Host{{Name: "a", Dest: a.Dest}, {Name: "b", Dest: b.Dest}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.Close)
	return a, b, f, o
}

// awaitFleet waits, on the fleet's change notices, until cond holds.
func awaitFleet(t *testing.T, f *fleet.Fleet, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.NewTimer(within)
	defer deadline.Stop()
	for !cond() {
		select {
		case <-f.Changes():
		case <-deadline.C:
			t.Fatalf("%s: not within %s: %+v", what, within, f.Hosts())
		}
	}
}

func status(f *fleet.Fleet, name string) fleet.Status {
	h, ok := f.Host(name)
	if !ok {
		return -1
	}
	return h.Status
}

// Two hosts connect; a workspace and a tab made on one are routed to it;
// the other, its connection killed and its server not answering, is
// "unreachable since" the drop while the first stays connected, and comes
// back by itself once its server answers again.
func TestOneHostDropsTheOtherStaysConnected(t *testing.T) {
	a, b, f, o := twoHosts(t)
	both := func() bool { return status(f, "a") == fleet.Connected && status(f, "b") == fleet.Connected }
	awaitFleet(t, f, 30*time.Second, "both connected", both)

	repo := (&harness.Env{Home: a.RemoteHome}).NewRepo(t, "shop")
	sa, _ := f.Services("a")
	ctx := t.Context()
	res, err := sa.Lifecycle.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "routed", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := sa.Session.OpenSession(ctx, workspace.SessionRequest{Workspace: res.Workspace.ID, Kind: tmux.TypeAgent,
		Tab: "t1", Command: "exec sleep 600"})
	if err != nil {
		t.Fatal(err)
	}
	awaitFleet(t, f, 10*time.Second, "the workspace and tab routed to a", func() bool {
		w, wok := f.WorkspaceHost(res.Workspace.ID)
		s, sok := f.SessionHost(sess.Name)
		return wok && sok && w == "a" && s == "a"
	})
	if h, ok := f.WorkspaceHost("nosuchid"); ok {
		t.Fatalf("an unknown workspace routed to %s", h)
	}

	b.Freeze(t)
	before := time.Now()
	if err := syscall.Kill(b.MasterPID(t, o.ConfigFile, o.StateHome), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	awaitFleet(t, f, 10*time.Second, "b unreachable", func() bool { return status(f, "b") == fleet.Unreachable })
	hb, _ := f.Host("b")
	if hb.Since.Before(before.Add(-time.Second)) || hb.Line() != "unreachable since "+hb.Since.Local().Format("15:04") {
		t.Fatalf("b: %q since %v (the drop was at %v)", hb.Line(), hb.Since, before)
	}
	if !errors.Is(hb.Err, client.ErrUnreachable) {
		t.Fatalf("b's error %v", hb.Err)
	}
	sb, _ := f.Services("b")
	if _, err := sb.Lifecycle.Projects(ctx); !errors.Is(err, client.ErrUnreachable) {
		t.Fatalf("a request to b while it is down: %v", err)
	}
	if st := status(f, "a"); st != fleet.Connected {
		t.Fatalf("a is %v while b is down", st)
	}
	if _, err := sa.Lifecycle.Projects(ctx); err != nil {
		t.Fatalf("a request to a while b is down: %v", err)
	}
	if w, _ := f.WorkspaceHost(res.Workspace.ID); w != "a" {
		t.Fatalf("routing while b is down: %q", w)
	}

	b.Thaw()
	awaitFleet(t, f, 40*time.Second, "b back", both)
}

// Removing a host from the list closes its connection: the host side's
// process ends, and the fleet no longer knows the name; renaming the other
// keeps its connection.
func TestSetRemovesAHostAndRenamesTheOther(t *testing.T) {
	a, b, f, _ := twoHosts(t)
	awaitFleet(t, f, 30*time.Second, "both connected", func() bool {
		return status(f, "a") == fleet.Connected && status(f, "b") == fleet.Connected
	})
	if hostSides(b) != 1 {
		t.Fatalf("b runs %d host sides", hostSides(b))
	}
	ca, _ := f.Client("a")
	f.Changed()
	if err := f.Set([]config.Host{{Name: "alpha", Dest: a.Dest}}); err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Host("b"); ok {
		t.Fatal("b is still in the fleet")
	}
	if c, _ := f.Client("alpha"); c != ca || status(f, "alpha") != fleet.Connected {
		t.Fatal("the renamed host lost its connection")
	}
	changed := strings.Join(f.Changed(), " ")
	for _, n := range []string{"a", "alpha", "b"} {
		if !strings.Contains(" "+changed+" ", " "+n+" ") {
			t.Errorf("Changed %q lacks %s", changed, n)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for hostSides(b) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("b's host side still runs after b was removed")
		}
		time.Sleep(20 * time.Millisecond) // polling /proc with a deadline
	}
	if hostSides(a) != 1 {
		t.Fatalf("a runs %d host sides", hostSides(a))
	}
}

// hostSides counts the `amux --internal-host` processes serving s.
func hostSides(s *harness.SSHD) int {
	n := 0
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if !bytes.Contains(cmdline, []byte("\x00--internal-host")) {
			continue
		}
		environ, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if bytes.Contains(environ, []byte("\x00AMUX_HOME="+s.RemoteState+"\x00")) || bytes.HasPrefix(environ, []byte("AMUX_HOME="+s.RemoteState+"\x00")) {
			n++
		}
	}
	return n
}
