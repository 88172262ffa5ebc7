package fleet

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/config"
	"amux.dev/amux/workspace/remote/client"
)

// offline is a fleet whose hosts can never connect (ssh is a program that
// does not exist): what Set keeps, renames and closes can be checked
// without a server.
func offline(t *testing.T, hosts ...config.Host) *Fleet {
	t.Helper()
	f, err := New(Options{StateHome: t.TempDir(), Version: "test", SSH: "/nonexistent/ssh"}, hosts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.Close)
	return f
}

func names(hs []Host) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Name)
	}
	return out
}

func TestSetKeepsRenamesAndCloses(t *testing.T) {
	f := offline(t, config.Host{Name: "a", Dest: "da"}, config.Host{Name: "b", Dest: "db"})
	if got := names(f.Hosts()); !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("hosts %v", got)
	}
	f.Changed()
	ca, _ := f.Client("a")
	cb, _ := f.Client("b")

	// b renamed to c (same destination), a unchanged, d added first.
	if err := f.Set([]config.Host{{Name: "d", Dest: "dd"}, {Name: "a", Dest: "da"}, {Name: "c", Dest: "db"}}); err != nil {
		t.Fatal(err)
	}
	if got := names(f.Hosts()); !slices.Equal(got, []string{"d", "a", "c"}) {
		t.Fatalf("hosts after Set %v", got)
	}
	if c, _ := f.Client("a"); c != ca {
		t.Fatal("an unchanged host got a new connection")
	}
	if c, _ := f.Client("c"); c != cb {
		t.Fatal("a renamed host got a new connection")
	}
	if _, ok := f.Host("b"); ok {
		t.Fatal("the old name of a renamed host is still there")
	}
	changed := f.Changed()
	slices.Sort(changed)
	if !slices.Equal(changed, []string{"a", "b", "c", "d"}) { // a moved
		t.Fatalf("changed %v", changed)
	}

	// A changed destination is a new connection; a removed host is gone.
	if err := f.Set([]config.Host{{Name: "a", Dest: "other"}}); err != nil {
		t.Fatal(err)
	}
	if c, _ := f.Client("a"); c == ca {
		t.Fatal("a host whose destination changed kept its connection")
	}
	for _, gone := range []string{"c", "d"} {
		if _, ok := f.Services(gone); ok {
			t.Fatalf("%s still has services", gone)
		}
	}
	changed = f.Changed()
	slices.Sort(changed)
	if !slices.Equal(changed, []string{"a", "c", "d"}) {
		t.Fatalf("changed %v", changed)
	}
}

func TestSetSkipsBadAndRepeatedHosts(t *testing.T) {
	f := offline(t)
	err := f.Set([]config.Host{{Name: "ok", Dest: "x"}, {Name: "Bad!", Dest: "x"}, {Name: "ok", Dest: "y"}, {Name: "dash", Dest: "-oProxyCommand=x"}})
	if !errors.Is(err, config.ErrBadHost) {
		t.Fatalf("err %v", err)
	}
	if got := names(f.Hosts()); !slices.Equal(got, []string{"ok"}) {
		t.Fatalf("hosts %v", got)
	}
	if h, _ := f.Host("ok"); h.Dest != "x" {
		t.Fatalf("the repeat replaced the first: %+v", h)
	}
}

func TestAHostThatCannotStartIsUnreachableAndNamedInTheFanIn(t *testing.T) {
	f := offline(t, config.Host{Name: "a", Dest: "da"})
	deadline := time.After(10 * time.Second)
	for {
		if h, _ := f.Host("a"); h.Status == Unreachable {
			if !strings.HasPrefix(h.Line(), "unreachable since ") || h.Reason == "" {
				t.Fatalf("line %q reason %q", h.Line(), h.Reason)
			}
			s, _ := f.Services("a")
			if _, err := s.Lifecycle.Projects(t.Context()); !errors.Is(err, client.ErrUnreachable) {
				t.Fatalf("a request to a host that is down: %v", err)
			}
			return
		}
		select {
		case <-f.Changes():
		case <-deadline:
			h, _ := f.Host("a")
			t.Fatalf("still %v: %v", h.Status, h.Err)
		}
	}
}

func TestClassify(t *testing.T) {
	since := time.Date(2026, 12, 2, 14, 5, 0, 0, time.Local)
	for _, c := range []struct {
		err    error
		status Status
		line   string
		fix    string
	}{
		{nil, Connected, "connected", ""},
		{&client.UnreachableError{Dest: "d", Since: since, Err: client.ErrConnecting}, Connecting, "connecting…", ""},
		{&client.UnreachableError{Dest: "d", Since: since, Err: errors.New("Connection refused\x1b[31m")}, Unreachable, "unreachable since 14:05", ""},
		{&client.HostKeyError{Dest: "d", Command: []string{"ssh", "-o", "StrictHostKeyChecking=ask", "--", "d", "true"}}, Refused,
			"refused: its host key is not known", "StrictHostKeyChecking=ask -- d true"},
		{&client.HostKeyError{Dest: "d", Changed: true, Detail: "line 3"}, Refused, "refused: its host key changed", "line 3"},
		{&client.NotInstalledError{Dest: "d", Path: ".local/bin/amux"}, Refused, "refused: no amux on the host", ".local/bin/amux"},
		{&client.ArchError{Dest: "d", Host: "linux/arm64", Local: "linux/amd64", Build: "GOARCH=arm64 go build", Path: "p"}, Refused,
			"refused: the host is linux/arm64, this amux is linux/amd64", "GOARCH=arm64 go build"},
		{&client.VersionError{Dest: "d", Local: "1.2", Host: "1.1"}, Refused, "refused: it runs amux 1.1, this is 1.2", "same version"},
		{&client.UnreachableError{Dest: "d", Since: since, Err: &client.RefusedError{Dest: "d", Reason: "no tmux\u202e\n here"}}, Refused,
			"refused: no tmux here", "reconnect"},
	} {
		st, s, reason, fix := classify(c.err)
		h := Host{Status: st, Since: s, Reason: reason, Fix: fix}
		if st != c.status || h.Line() != c.line || !strings.Contains(fix, c.fix) {
			t.Errorf("%v: %v %q fix %q", c.err, st, h.Line(), fix)
		}
		if strings.ContainsAny(reason+fix, "\x1b\n\u202e") {
			t.Errorf("%v: not inert: %q %q", c.err, reason, fix)
		}
	}
	long := classifyReason(&client.RefusedError{Reason: strings.Repeat("é", 500)})
	if len(long) > maxReason+len("…") || !strings.HasSuffix(long, "…") {
		t.Errorf("a long reason is %d bytes", len(long))
	}
}

func classifyReason(err error) string { _, _, r, _ := classify(err); return r }

// Readers and Set at once (run with -race): a rename rewrites a member
// while the list, routing and the fan-in read it.
func TestReadsDuringSet(t *testing.T) {
	f := offline(t, config.Host{Name: "a", Dest: "da"})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 50 {
			name := "a"
			if i%2 == 0 {
				name = "b"
			}
			_ = f.Set([]config.Host{{Name: name, Dest: "da"}})
		}
	}()
	for {
		select {
		case <-done:
			if got := names(f.Hosts()); !slices.Equal(got, []string{"a"}) {
				t.Fatalf("hosts %v", got)
			}
			return
		default:
			f.Hosts()
			f.WorkspaceHost("x")
			f.Changed()
		}
	}
}
