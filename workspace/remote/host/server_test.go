package host

import (
	"context"
	"io"
	"strings"
	"testing"

	"amux.dev/amux/workspace/remote/proto"
)

// The host speaks first, with its versions, and refuses a client of
// another amux version with a message that names both, before it reads or
// serves anything.
func TestTheHostRefusesAnotherVersion(t *testing.T) {
	s := &Server{Version: "v1.2.3", Home: "/h"}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- s.Serve(context.Background(), inR, outW); outW.Close() }()
	rd := proto.NewReader(outR, proto.MaxHostLine)
	hello, err := rd.Read()
	if err != nil || hello.Hello == nil || hello.Hello.Amux != "v1.2.3" || hello.Hello.Proto != proto.Version {
		t.Fatalf("hello %+v, %v", hello, err)
	}
	go func() {
		_ = proto.NewWriter(inW).Write(proto.Message{Type: proto.TypeHello, Hello: &proto.Hello{Proto: proto.Version, Amux: "v0.0.1"}})
	}()
	m, err := rd.Read()
	if err != nil || m.Type != proto.TypeRefuse || !strings.Contains(m.Text, "v1.2.3") || !strings.Contains(m.Text, "v0.0.1") {
		t.Fatalf("got %+v, %v", m, err)
	}
	if err := <-done; err == nil {
		t.Fatal("Serve went on after refusing")
	}
}
