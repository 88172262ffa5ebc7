package client

import (
	"reflect"
	"slices"
	"testing"

	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/host"
)

// answeredLocally are the service methods without a context: reads the
// client answers from pushed state (and SetShellMarks, sent as the op of
// its name).
var answeredLocally = []string{"UnfinishedTeardown", "ScriptRunning", "ArchiveToApprove"}

// Every method of the services a host provides is an operation the host
// serves (or a read answered from pushed state), and the host serves
// nothing else but Unwatch: the two sides cannot drift apart.
func TestTheHostServesEveryServiceMethod(t *testing.T) {
	served := host.Ops()
	var want []string
	for _, iface := range []any{(*workspace.LifecycleService)(nil), (*workspace.SessionService)(nil),
		(*workspace.ReviewService)(nil), (*workspace.TrustService)(nil), (*workspace.StatusService)(nil)} {
		typ := reflect.TypeOf(iface).Elem()
		for i := range typ.NumMethod() {
			name := typ.Method(i).Name
			if slices.Contains(answeredLocally, name) {
				continue
			}
			want = append(want, name)
			if !slices.Contains(served, name) {
				t.Errorf("the host does not serve %s.%s", typ.Name(), name)
			}
		}
	}
	for _, op := range served {
		if op != "Unwatch" && !slices.Contains(want, op) {
			t.Errorf("the host serves %s, which no service has", op)
		}
	}
}

// A destination or program that ssh or the remote shell would read as
// more than a name is refused before ssh runs.
func TestOptionsRefuseWhatASShellWouldExpand(t *testing.T) {
	for _, o := range []Options{
		{Dest: "-oProxyCommand=x", StateHome: "/s"},
		{Dest: "a b", StateHome: "/s"},
		{Dest: "h", StateHome: "/s", Program: "amux;rm -rf ~"},
		{Dest: "h", StateHome: "/s", Program: "$(x)"},
		{Dest: "h", StateHome: "/" + string(make([]byte, 80))},
	} {
		if err := o.check(); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if err := (Options{Dest: "me@box", StateHome: "/s", Program: "~/bin/amux"}).check(); err != nil {
		t.Error(err)
	}
}
