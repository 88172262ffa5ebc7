package ports

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"
)

// Intervals minted under old settings keep their bounds after the settings
// change; new intervals follow the new settings and never overlap old ones.
func TestSettingsChangeKeepsOldIntervalsVerbatim(t *testing.T) {
	home := stateHome(t)
	ctx := context.Background()
	old := Settings{Start: 6200, End: 6999, Size: 10}
	r1 := newRegistry(t, home, old)
	minted := map[string]Reservation{}
	for _, id := range []string{"a", "b", "c"} {
		minted[id] = mustReserve(t, r1, id)
	}
	if _, err := r1.ReleaseOrphans(ctx, 1, liveSet("a", "c")); err != nil {
		t.Fatal(err) // free 6210-6219 so new settings have a gap to fill
	}
	delete(minted, "b")

	// Smaller ranges starting lower; then larger ranges starting lower still.
	for _, s := range []Settings{{Start: 6195, End: 6999, Size: 3}, {Start: 6100, End: 7100, Size: 25}} {
		r := newRegistry(t, home, s)
		for id, want := range minted {
			if got := mustReserve(t, r, id); got.Start != want.Start || got.Size != want.Size || got.Settings != want.Settings {
				t.Fatalf("under %+v, %s = %+v, want %+v", s, id, got, want)
			}
		}
		for i := range 6 {
			id := string(rune('d'+i)) + "-" + string(rune('0'+s.Size%10))
			got := mustReserve(t, r, id)
			if got.Size != s.Size || got.Settings != s || got.Start < s.Start || got.End() > s.End {
				t.Fatalf("new %s = %+v does not follow %+v", id, got, s)
			}
			minted[id] = got
		}
		assertDisjoint(t, minted)
	}
	// Spot-check "lowest free": the 3-port settings fill 6195-6197, skip the
	// 6198-6200 candidate that would touch a at 6200, then fill b's old gap.
	starts := []int{}
	for id, m := range minted {
		if m.Size == 3 {
			starts = append(starts, minted[id].Start)
		}
	}
	slices.Sort(starts)
	if want := []int{6195, 6210, 6213, 6216, 6230, 6233}; !slices.Equal(starts, want) {
		t.Fatalf("3-port starts = %v, want %v", starts, want)
	}
}

func TestExhaustionIsTypedAndWritesNothing(t *testing.T) {
	r := newRegistry(t, stateHome(t), Settings{Start: 7000, End: 7024, Size: 10})
	mustReserve(t, r, "a")
	mustReserve(t, r, "b")
	before := fileBytes(t, r)
	_, err := r.Reserve(context.Background(), "c")
	var ex *ExhaustedError
	if !errors.As(err, &ex) || ex.Reserved != 2 {
		t.Fatalf("err = %v, want ExhaustedError with 2 reserved", err)
	}
	if !bytes.Equal(fileBytes(t, r), before) {
		t.Fatal("exhaustion changed the file")
	}
	if got := mustReserve(t, r, "a"); got.Start != 7000 {
		t.Fatalf("existing reservation moved to %d", got.Start)
	}
}

func TestLowestFree(t *testing.T) {
	s := Settings{Start: 100, End: 140, Size: 10}
	iv := func(start, size int) Reservation { return Reservation{Start: start, Size: size} }
	for _, tc := range []struct {
		taken []Reservation
		want  int
		ok    bool
	}{
		{nil, 100, true},
		{[]Reservation{iv(100, 10)}, 110, true},
		{[]Reservation{iv(105, 1)}, 106, true},
		{[]Reservation{iv(50, 60), iv(125, 5)}, 110, true},
		{[]Reservation{iv(112, 3), iv(100, 10)}, 115, true},
		{[]Reservation{iv(100, 10), iv(120, 25)}, 110, true},
		{[]Reservation{iv(100, 35)}, 0, false},
		{[]Reservation{iv(95, 10), iv(131, 1)}, 105, true},
		{[]Reservation{iv(0, 1000)}, 0, false},
	} {
		got, ok := lowestFree(s, tc.taken)
		if got != tc.want || ok != tc.ok {
			t.Fatalf("lowestFree(%v) = %d,%v want %d,%v", tc.taken, got, ok, tc.want, tc.ok)
		}
	}
}

func TestSettingsValidateAndRange(t *testing.T) {
	if err := DefaultSettings().Validate(); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []Settings{{0, 10, 1}, {10, 5, 1}, {10, 20, 0}, {10, 20, 12}, {65000, 65536, 10}} {
		if bad.Validate() == nil {
			t.Fatalf("%+v accepted", bad)
		}
	}
	r := Reservation{Start: 6200, Size: 10}
	if got := r.Range(); got != "6200-6209" {
		t.Fatalf("Range = %q", got)
	}
	if _, err := New(t.TempDir(), Settings{}, clean); err == nil {
		t.Fatal("New accepted zero settings")
	}
}
