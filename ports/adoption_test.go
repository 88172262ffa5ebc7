package ports

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"testing"
)

// countingProbe answers from answers in turn (the last repeats) and counts
// its calls.
type countingProbe struct {
	calls   atomic.Int32
	answers []bool
	err     error
}

func (p *countingProbe) probe(context.Context) (bool, error) {
	n := int(p.calls.Add(1)) - 1
	return p.answers[min(n, len(p.answers)-1)], p.err
}

func fileMissing(t *testing.T, r *Registry) {
	t.Helper()
	if _, err := os.Stat(r.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("registry file exists (err %v); a deferred adoption must not create it", err)
	}
}

// An ambiguous session defers adoption: one warning, per-process intervals,
// no file — even if the probe would later come back clean.
func TestAmbiguousSessionDefersAdoption(t *testing.T) {
	p := &countingProbe{answers: []bool{true, false}}
	r, err := New(stateHome(t), DefaultSettings(), p.probe)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	a, err := r.Adopt(ctx)
	if err != nil || a.State != AdoptionDeferred || !strings.Contains(a.Warning, "stop all amux tmux sessions") {
		t.Fatalf("Adopt = %+v, %v", a, err)
	}
	if again, _ := r.Adopt(ctx); again.State != AdoptionDeferred || again.Warning != "" {
		t.Fatalf("second Adopt = %+v, want deferred without a second warning", again)
	}
	x := mustReserve(t, r, "x")
	y := mustReserve(t, r, "y")
	h, err := r.ReserveTransient(ctx, "abcd")
	if err != nil {
		t.Fatal(err)
	}
	if !x.Deferred || !h.Deferred || !h.Transient || x.Start != 6200 || y.Start != 6210 || h.Start != 6220 {
		t.Fatalf("deferred intervals x=%+v y=%+v h=%+v", x, y, h)
	}
	if again := mustReserve(t, r, "x"); again != x {
		t.Fatalf("x moved: %+v then %+v", x, again)
	}
	if err := r.ReleaseTransient(ctx, "abcd"); err != nil {
		t.Fatal(err)
	}
	if z := mustReserve(t, r, "z"); z.Start != 6220 {
		t.Fatalf("released hold's interval not reused in memory: z=%d", z.Start)
	}
	fileMissing(t, r)
	if n := p.calls.Load(); n != 1 {
		t.Fatalf("probe ran %d times; deferral lasts for the launch", n)
	}
}

// A probe error defers exactly like an ambiguous session, and Reserve adopts
// lazily when Adopt was never called; the warning is still delivered once.
func TestProbeErrorDefersLazily(t *testing.T) {
	p := &countingProbe{answers: []bool{false}, err: errors.New("no server socket")}
	r, err := New(stateHome(t), DefaultSettings(), p.probe)
	if err != nil {
		t.Fatal(err)
	}
	if got := mustReserve(t, r, "x"); !got.Deferred {
		t.Fatalf("Reserve = %+v, want a deferred interval", got)
	}
	fileMissing(t, r)
	a, err := r.Adopt(context.Background())
	if err != nil || a.State != AdoptionDeferred || !strings.Contains(a.Warning, "no server socket") {
		t.Fatalf("Adopt = %+v, %v", a, err)
	}
}

// A clean probe creates the file; once it exists the probe never runs again.
func TestCleanProbeCreatesRegistry(t *testing.T) {
	home := stateHome(t)
	p := &countingProbe{answers: []bool{false}}
	r, err := New(home, DefaultSettings(), p.probe)
	if err != nil {
		t.Fatal(err)
	}
	a, err := r.Adopt(context.Background())
	if err != nil || a.State != RegistryCreated || a.Warning != "" {
		t.Fatalf("Adopt = %+v, %v", a, err)
	}
	if doc := fileDoc(t, r); doc.Version != schemaVersion || len(doc.Reservations) != 0 {
		t.Fatalf("created document = %+v", doc)
	}
	never := func(context.Context) (bool, error) {
		t.Error("probe ran although the registry exists")
		return true, nil
	}
	r2, err := New(home, DefaultSettings(), never)
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := r2.Adopt(context.Background()); a.State != RegistryExisting {
		t.Fatalf("Adopt on an existing file = %+v", a)
	}
	if got := mustReserve(t, r2, "x"); got.Deferred || got.Start != 6200 {
		t.Fatalf("Reserve = %+v", got)
	}
}
