package status

import (
	"strings"
	"time"
)

// MaxRecords bounds one pane's record set. A program that invents ids
// without end cannot grow the tap: past the cap, reports for new records are
// ignored (existing ones still update, and clear still works).
const MaxRecords = 256

type recordKey struct{ app, id string }

// record is one stored report with when amux accepted it.
type record struct {
	Report
	at  time.Time
	seq uint64 // acceptance order, to break ties between equal states
}

// Records is one pane's record set, keyed by (app, id). The zero value is
// ready to use. It is not safe for concurrent use.
type Records struct {
	m   map[recordKey]record
	seq uint64
}

// Apply accepts a validated report at time now and reports whether the set
// changed. A report replaces its record whole; state=clear with an id removes
// that record and its children, without an id every record of that app.
func (rs *Records) Apply(r Report, now time.Time) bool {
	if r.State == StateClear {
		return rs.clear(r.App, r.ID)
	}
	if rs.m == nil {
		rs.m = make(map[recordKey]record)
	}
	k := recordKey{r.App, r.ID}
	if _, ok := rs.m[k]; !ok && len(rs.m) >= MaxRecords {
		return false
	}
	rs.seq++
	rs.m[k] = record{Report: r, at: now, seq: rs.seq}
	return true
}

func (rs *Records) clear(app, id string) bool {
	changed := false
	for k := range rs.m {
		if k.app != app {
			continue
		}
		if id == "" || k.id == id || strings.HasPrefix(k.id, id+"/") {
			delete(rs.m, k)
			changed = true
		}
	}
	return changed
}

// DropTransient removes every working and blocked record, as a new shell
// prompt (OSC 133 A) or the end of the pane's process requires. It reports
// whether anything was removed.
func (rs *Records) DropTransient() bool {
	changed := false
	for k, rec := range rs.m {
		if rec.State.Transient() {
			delete(rs.m, k)
			changed = true
		}
	}
	return changed
}

// Folded is the fold of a pane's records: the winning record's fields.
type Folded struct {
	State   State
	Kind    Kind
	App     string
	Message string
	At      time.Time // when amux accepted the winning report
}

// Fold picks the pane's state: blocked > error > working > done > idle. The
// winner gives kind, app and message; among equal states the most recently
// accepted report wins, so the freshest message shows. ok is false when the
// set is empty.
func (rs *Records) Fold() (f Folded, ok bool) {
	var best record
	for _, rec := range rs.m {
		if !ok || rec.State.rank() > best.State.rank() ||
			rec.State.rank() == best.State.rank() && rec.seq > best.seq {
			best, ok = rec, true
		}
	}
	if !ok {
		return Folded{}, false
	}
	return Folded{State: best.State, Kind: best.Kind, App: best.App, Message: best.Message, At: best.at}, true
}
