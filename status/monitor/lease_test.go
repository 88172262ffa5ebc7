package monitor

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// The owner records its control client; a second amux waits while that
// client is on the server, and takes over at once — long before the lease
// runs out — when it leaves without releasing (a crash: no release).
func TestAnOwnerWhoseClientLeftIsReplacedAtOnce(t *testing.T) {
	srv := tmuxtest.New(t)
	name := "amux-0123456789abcdef-tab-t-1"
	session(t, srv, name, tmux.TypeAgent)
	a := newFixture(t, "inst-a", srv, nil)
	a.poll(t)
	a.poll(t)
	if !a.mon.owner {
		t.Fatal("the first monitor never became the owner")
	}
	recorded, _ := srv.Run(context.Background(), "show-options", "-gqv", tmux.TagOwnerClient)
	clients, _ := srv.Run(context.Background(), "list-clients", "-F", "#{client_pid}")
	if pid := strings.TrimSpace(recorded); pid == "" || !strings.Contains(clients, pid) {
		t.Fatalf("owner client %q is not among the clients %q", pid, clients)
	}

	b := newFixture(t, "inst-b", srv, nil)
	b.now = a.now
	for range 3 {
		if b.poll(t).Owner {
			t.Fatal("the second monitor took a live owner's lease")
		}
	}
	if got := show(t, srv, name, tmux.TagSessionOwner); got != "inst-a" {
		t.Fatalf("owner %q while the first monitor lives", got)
	}

	a.mon.ctl.Close() // as if killed: the lease is not released
	a.mon.ctl = nil
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out, _ := srv.Run(context.Background(), "list-clients", "-F", "#{client_pid}")
		return !strings.Contains(out, strings.TrimSpace(recorded)), "the owner's client is still on the server"
	})
	b.now = b.now.Add(time.Second) // far inside the lease
	b.poll(t)
	if !b.poll(t).Owner {
		t.Fatal("the second monitor did not take over from an owner whose client left")
	}
	if got := show(t, srv, name, tmux.TagSessionOwner); got != "inst-b" {
		t.Fatalf("owner %q after the takeover", got)
	}
}

// A lease that records no client (an older amux: the option is unset) is
// honoured until it runs out.
func TestALeaseWithoutAClientIsWaitedOut(t *testing.T) {
	srv := tmuxtest.New(t)
	name := "amux-0123456789abcdef-tab-t-1"
	session(t, srv, name, tmux.TypeAgent)
	start := time.Now()
	srv.MustRun(t, tmux.Chain(
		tmux.SetGlobalOptionArgs(tmux.TagSessionOwner, "inst-old"),
		tmux.SetGlobalOptionArgs(tmux.TagSessionLeaseMs, strconv.FormatInt(start.Add(leaseTTL).UnixMilli(), 10)),
		[]string{"set-option", "-gu", tmux.TagOwnerClient})...)
	b := newFixture(t, "inst-b", srv, nil)
	b.now = start
	for range 2 {
		if b.poll(t).Owner {
			t.Fatal("took a lease that has not run out")
		}
	}
	b.now = start.Add(leaseTTL + time.Second)
	b.poll(t)
	if !b.poll(t).Owner {
		t.Fatal("an expired lease was not taken")
	}
}
