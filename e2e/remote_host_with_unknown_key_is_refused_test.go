package e2e

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"

	"amux.dev/amux/workspace/remote/client"
)

// A host whose key this machine does not know is refused, never accepted
// silently; the error carries the ssh command that shows the key and asks.
// Answering "yes" to that command on a terminal records the key, and the
// host connects.
func TestRemoteHostWithUnknownKeyIsRefused(t *testing.T) {
	s, o := remoteHost(t, true)
	s.ForgetHostKey(t)
	h := startHost(t, o)
	var hk *client.HostKeyError
	awaitHost(t, h, 30*time.Second, "refused", func() bool { return errors.As(h.Err(), &hk) })
	if hk.Changed || s.KnowsHostKey(t) {
		t.Fatalf("changed=%v, key recorded=%v", hk.Changed, s.KnowsHostKey(t))
	}
	if !strings.Contains(hk.Error(), strings.Join(hk.Command, " ")) {
		t.Fatalf("the error does not say the command: %v", hk)
	}

	cmd := exec.Command(hk.Command[0], hk.Command[1:]...)
	tty, err := pty.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	asked := make(chan string, 1)
	go func() {
		var seen strings.Builder
		buf := make([]byte, 1024)
		for {
			n, err := tty.Read(buf)
			seen.Write(buf[:n])
			if strings.Contains(seen.String(), "(yes/no") || err != nil {
				asked <- seen.String()
				return
			}
		}
	}()
	select {
	case q := <-asked:
		if !strings.Contains(q, "fingerprint") {
			t.Fatalf("ssh did not show the fingerprint:\n%s", q)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("ssh did not ask about the key")
	}
	if _, err := tty.Write([]byte("yes\n")); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the command: %v", err)
	}
	if !s.KnowsHostKey(t) {
		t.Fatal("answering yes did not record the key")
	}
	h.Reconnect()
	awaitHost(t, h, 30*time.Second, "connected once the key is known", func() bool { return h.Err() == nil })
}
