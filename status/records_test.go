package status

import (
	"fmt"
	"testing"
	"time"
)

func TestRecordsFold(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	var rs Records
	if _, ok := rs.Fold(); ok {
		t.Fatal("empty set folds to nothing")
	}
	// Precedence blocked > error > working > done > idle, whatever the order.
	rs.Apply(Report{State: StateIdle, App: "i"}, at(1))
	rs.Apply(Report{State: StateDone, App: "d", Message: "done msg"}, at(2))
	check := func(step string, state State, app string) {
		t.Helper()
		f, ok := rs.Fold()
		if !ok || f.State != state || f.App != app {
			t.Fatalf("%s: fold %+v (ok %v), want %s from %q", step, f, ok, state, app)
		}
	}
	check("done beats idle", StateDone, "d")
	rs.Apply(Report{State: StateWorking, App: "w"}, at(3))
	check("working beats done", StateWorking, "w")
	rs.Apply(Report{State: StateError, App: "e"}, at(4))
	check("error beats working", StateError, "e")
	rs.Apply(Report{State: StateBlocked, Kind: KindAuth, App: "b", Message: "login"}, at(5))
	f, _ := rs.Fold()
	if f.State != StateBlocked || f.Kind != KindAuth || f.Message != "login" || !f.At.Equal(at(5)) {
		t.Fatalf("winner gives kind, message and time: %+v", f)
	}
	// A report replaces its record whole: b is now idle without kind.
	rs.Apply(Report{State: StateIdle, App: "b"}, at(6))
	check("replaced whole", StateError, "e")
}

func TestRecordsSubRecordsAndClear(t *testing.T) {
	now := time.Unix(2000, 0)
	var rs Records
	rs.Apply(Report{State: StateWorking}, now)
	rs.Apply(Report{State: StateBlocked, ID: "worker/1", Kind: KindQuestion}, now)
	rs.Apply(Report{State: StateDone, ID: "worker/1/step"}, now)
	rs.Apply(Report{State: StateDone, ID: "workers"}, now) // a sibling, not a child
	rs.Apply(Report{State: StateError, App: "other"}, now)
	if f, _ := rs.Fold(); f.State != StateBlocked {
		t.Fatalf("a blocked sub-record under a working root folds to blocked, got %s", f.State)
	}
	// clear with an id removes the record and its children, not siblings.
	if !rs.Apply(Report{State: StateClear, ID: "worker/1"}, now) || len(rs.m) != 3 {
		t.Fatalf("clear id: %d records left, want 3", len(rs.m))
	}
	// clear without an id removes every record of that app only.
	rs.Apply(Report{State: StateClear}, now)
	if f, _ := rs.Fold(); len(rs.m) != 1 || f.App != "other" {
		t.Fatalf("clear app: %d records, fold %+v", len(rs.m), f)
	}
	if rs.Apply(Report{State: StateClear, App: "nobody"}, now) {
		t.Fatal("clearing nothing is not a change")
	}
}

func TestRecordsDropTransientKeepsDone(t *testing.T) {
	now := time.Unix(3000, 0)
	var rs Records
	rs.Apply(Report{State: StateDone, App: "a"}, now)
	rs.Apply(Report{State: StateWorking, App: "b"}, now)
	rs.Apply(Report{State: StateBlocked, App: "c"}, now)
	rs.Apply(Report{State: StateError, App: "d"}, now)
	if !rs.DropTransient() || len(rs.m) != 2 {
		t.Fatalf("drop transient: %d left", len(rs.m))
	}
	if f, _ := rs.Fold(); f.State != StateError {
		t.Fatalf("fold after drop: %s", f.State)
	}
	if rs.DropTransient() {
		t.Fatal("nothing transient left")
	}
}

func TestRecordsTieGoesToNewest(t *testing.T) {
	now := time.Unix(4000, 0)
	var rs Records
	rs.Apply(Report{State: StateDone, App: "a", Message: "first"}, now)
	rs.Apply(Report{State: StateDone, App: "b", Message: "second"}, now)
	if f, _ := rs.Fold(); f.Message != "second" {
		t.Fatalf("tie: %q", f.Message)
	}
	rs.Apply(Report{State: StateDone, App: "a", Message: "third"}, now)
	if f, _ := rs.Fold(); f.Message != "third" {
		t.Fatalf("tie after update: %q", f.Message)
	}
}

func TestRecordsCap(t *testing.T) {
	now := time.Unix(5000, 0)
	var rs Records
	for i := range MaxRecords + 10 {
		rs.Apply(Report{State: StateIdle, ID: fmt.Sprintf("r%d", i)}, now)
	}
	if len(rs.m) != MaxRecords {
		t.Fatalf("%d records, cap %d", len(rs.m), MaxRecords)
	}
	if !rs.Apply(Report{State: StateBlocked, ID: "r0"}, now) {
		t.Fatal("existing records still update at the cap")
	}
}
