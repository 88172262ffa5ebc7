package termview

import (
	"testing"
	"time"
)

func TestBudget(t *testing.T) {
	t0 := time.Unix(0, 0)
	b := newBudget(0.25, 100*time.Millisecond, t0)
	if w := b.wait(t0); w != 0 {
		t.Fatalf("fresh budget waits %v", w)
	}
	b.spend(80*time.Millisecond, t0)
	if w := b.wait(t0); w != 0 {
		t.Fatalf("within burst waits %v", w)
	}
	b.spend(60*time.Millisecond, t0) // 40ms in debt
	if w := b.wait(t0); w != 160*time.Millisecond {
		t.Fatalf("in debt waits %v, want 160ms (40ms at a quarter core)", w)
	}
	if w := b.wait(t0.Add(160 * time.Millisecond)); w != 0 {
		t.Fatalf("after paying back waits %v", w)
	}
	// A long idle spell refills only up to the burst.
	b.spend(0, t0.Add(time.Hour))
	b.spend(150*time.Millisecond, t0.Add(time.Hour))
	if w := b.wait(t0.Add(time.Hour)); w != 200*time.Millisecond {
		t.Fatalf("burst not capped: wait %v", w)
	}
}
