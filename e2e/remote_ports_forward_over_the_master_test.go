package e2e

import (
	"bufio"
	"net"
	"strconv"
	"testing"
	"time"

	"amux.dev/amux/workspace/remote/client"
)

// A port of the host is forwarded over the host's master (ssh -O forward):
// a connection to the local port reaches a listener on the host, the
// local side listens on loopback only, the forwarding is listed while it
// lasts, and after Unforward the local port is closed.
func TestRemotePortsForwardOverTheMaster(t *testing.T) {
	_, o := remoteHost(t, true)
	h := startHost(t, o)
	awaitHost(t, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })

	// The "host" shares this machine's loopback, so its listener and the
	// local end take two different ports.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				line, _ := bufio.NewReader(c).ReadString('\n')
				_, _ = c.Write([]byte("host heard " + line))
			}()
		}
	}()
	remote := ln.Addr().(*net.TCPAddr).Port
	local := freeLocalPort(t)
	fw := client.Forwarding{Local: local, Remote: remote}
	if err := h.Forward(t.Context(), fw); err != nil {
		t.Fatal(err)
	}
	if got := h.Forwarded(); len(got) != 1 || got[0] != fw {
		t.Fatalf("Forwarded() = %v", got)
	}
	c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(local), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := c.Write([]byte("ping\n")); err != nil {
		t.Fatal(err)
	}
	reply, err := bufio.NewReader(c).ReadString('\n')
	c.Close()
	if err != nil || reply != "host heard ping\n" {
		t.Fatalf("through the forwarding: %q, %v", reply, err)
	}
	for _, ip := range outsideAddrs() {
		if c, err := net.DialTimeout("tcp", net.JoinHostPort(ip, strconv.Itoa(local)), time.Second); err == nil {
			c.Close()
			t.Fatalf("the forwarding listens on %s too, not on loopback only", ip)
		}
	}

	if err := h.Forward(t.Context(), client.Forwarding{Local: local, Remote: remote + 1}); err == nil {
		t.Fatal("a second forwarding of the same local port was not refused")
	}
	if err := h.Unforward(t.Context(), fw); err != nil {
		t.Fatal(err)
	}
	if len(h.Forwarded()) != 0 {
		t.Fatalf("still listed: %v", h.Forwarded())
	}
	if c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(local), time.Second); err == nil {
		c.Close()
		t.Fatal("the local port still answers after Unforward")
	}
}

func freeLocalPort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// outsideAddrs are this machine's IPv4 addresses other than loopback.
func outsideAddrs() []string {
	addrs, _ := net.InterfaceAddrs()
	var ips []string
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			ips = append(ips, n.IP.String())
		}
	}
	return ips
}
