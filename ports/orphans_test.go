package ports

import (
	"bytes"
	"context"
	"errors"
	"os"
	"slices"
	"testing"
)

func liveSet(ids ...string) LiveOwners {
	return func(context.Context) ([]string, error) { return ids, nil }
}

// The user confirms the count they were shown; if the fresh probe under the
// lock finds a different count, nothing at all is deleted.
func TestReleaseWithStaleCountDeletesNothing(t *testing.T) {
	r := newRegistry(t, stateHome(t), DefaultSettings())
	ctx := context.Background()
	for _, id := range []string{"a", "b", "c"} {
		mustReserve(t, r, id)
	}
	if _, err := r.ReserveTransient(ctx, "tmp"); err != nil {
		t.Fatal(err)
	}
	shown, err := r.Orphans(ctx, liveSet("a"))
	if err != nil {
		t.Fatal(err)
	}
	if owners := ownersOf(shown); !slices.Equal(owners, []string{"b", "c"}) {
		t.Fatalf("orphans = %v, want [b c]", owners)
	}

	before := fileBytes(t, r)
	for _, tc := range []struct {
		name string
		live LiveOwners
		cur  int
	}{
		{"an orphan came back", liveSet("a", "b"), 1},
		{"a new orphan appeared", liveSet(), 3},
	} {
		_, err := r.ReleaseOrphans(ctx, len(shown), tc.live)
		var mm *CountMismatchError
		if !errors.As(err, &mm) || mm.Confirmed != 2 || mm.Current != tc.cur {
			t.Fatalf("%s: err = %v, want CountMismatchError{2, %d}", tc.name, err, tc.cur)
		}
		if !bytes.Equal(fileBytes(t, r), before) {
			t.Fatalf("%s: a mismatched release changed the file", tc.name)
		}
	}
	boom := errors.New("tmux unreachable")
	if _, err := r.ReleaseOrphans(ctx, 2, func(context.Context) ([]string, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Fatalf("probe failure: err = %v", err)
	}
	if _, err := r.ReleaseOrphans(ctx, 0, liveSet("a")); err == nil {
		t.Fatal("a zero confirmation was accepted")
	}
	if !bytes.Equal(fileBytes(t, r), before) {
		t.Fatal("a failed release changed the file")
	}

	// b came back: exactly the still-orphaned c goes; a, b and the hold stay.
	released, err := r.ReleaseOrphans(ctx, 1, liveSet("a", "b"))
	if err != nil {
		t.Fatal(err)
	}
	if owners := ownersOf(released); !slices.Equal(owners, []string{"c"}) {
		t.Fatalf("released %v, want [c]", owners)
	}
	left := ownersOf(reservationsOf(sortedByStart(fileDoc(t, r).Reservations)))
	if want := []string{"a", "b", TransientOwner(r.pid, "tmp")}; !slices.Equal(left, want) {
		t.Fatalf("file holds %v, want %v", left, want)
	}
}

func ownersOf(rs []Reservation) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Owner)
	}
	return out
}

func TestLookupNeverMints(t *testing.T) {
	ctx := context.Background()
	home := t.TempDir()
	reg, err := New(home, DefaultSettings(), func(context.Context) (bool, error) { return false, nil })
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := reg.Lookup("0123456789abcdef"); ok || err != nil {
		t.Fatalf("lookup before reserve: ok=%v err=%v", ok, err)
	}
	if _, err := os.Stat(reg.Path()); !os.IsNotExist(err) {
		t.Fatal("lookup created the registry file")
	}
	want, err := reg.Reserve(ctx, "0123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	got, ok, err := reg.Lookup("0123456789abcdef")
	if !ok || err != nil || got.Start != want.Start || got.Size != want.Size {
		t.Fatalf("lookup = %+v ok=%v err=%v, want %+v", got, ok, err, want)
	}
}
