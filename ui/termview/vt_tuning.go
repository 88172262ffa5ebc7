package termview

import (
	"reflect"
	"unsafe"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// maxSequenceData bounds one OSC/DCS/APC payload the parser keeps: the
// ansi package's own default. Longer payloads are cut, which only matters
// for sequences (images, huge clipboard writes) no view here acts on.
const maxSequenceData = 64 << 10

// tuneVT turns off two costs x/vt v0.1.0 gives no option for, measured in
// e2e/bench/termbench:
//
//   - Every line scrolled off the top is copied into a scrollback (at least
//     one line is kept; zero means the 10,000-line default). Under tmux that
//     is every line of output: a 4 MB flood made 300 MB of garbage, the
//     larger part of the emulator's CPU and, through the garbage collector,
//     of amux's RSS. History comes from capture-pane, so scrollback is off.
//   - The parser reserves 4 MB for sequence payloads per emulator. The
//     pages stay untouched, but the garbage collector counts them as live,
//     lets the heap grow by as much again before collecting, and RSS with
//     it. The ansi default of 64 KB is plenty.
//   - Both screens hold a full grid of 112-byte cells (1.2 MB at 200×50).
//     NewVTEmulator never switches to the alternate screen, so its grid is
//     replaced by a one-cell one; Resize grows it again, so the adapter
//     calls shrinkAltScreen after every Resize.
//
// All reach unexported fields, found by name and type through reflection;
// if a new x/vt changes one, tuneVT leaves it alone and reports false, and
// TestVTTuningApplies fails so the upgrade is noticed.
func tuneVT(e *vt.Emulator) (ok bool) {
	ok = shrinkAltScreen(e)
	if sb := e.Scrollback(); sb != nil {
		f := reflect.ValueOf(sb).Elem().FieldByName("maxLines")
		if f.IsValid() && f.Kind() == reflect.Int {
			// Scrollback.Push returns at once when maxLines <= 0.
			*(*int)(unsafe.Pointer(f.UnsafeAddr())) = 0
		} else {
			ok = false
		}
	}
	f := reflect.ValueOf(e).Elem().FieldByName("parser")
	if f.IsValid() && f.Type() == reflect.TypeFor[*ansi.Parser]() {
		if p := *(**ansi.Parser)(unsafe.Pointer(f.UnsafeAddr())); p != nil {
			p.SetDataSize(maxSequenceData)
		}
	} else {
		ok = false
	}
	return ok
}

// shrinkAltScreen gives the unused alternate screen a one-cell grid and no
// scrollback. (Screen.Resize cannot: a smaller size keeps the old arrays.)
func shrinkAltScreen(e *vt.Emulator) bool { return shrinkScreen(e, 1) }

// shrinkScreen gives screen i (0 main, 1 alternate) a one-cell grid, and
// the alternate one no scrollback (the main one's is off already: tuneVT);
// Resize grows the grid again.
func shrinkScreen(e *vt.Emulator, i int) bool {
	f := reflect.ValueOf(e).Elem().FieldByName("scrs")
	if !f.IsValid() || f.Kind() != reflect.Array || f.Len() != 2 || f.Type().Elem() != reflect.TypeFor[vt.Screen]() {
		return false
	}
	scr := (*vt.Screen)(unsafe.Pointer(f.Index(i).UnsafeAddr()))
	buf := reflect.ValueOf(scr).Elem().FieldByName("buf")
	if !buf.IsValid() || buf.Type() != reflect.TypeFor[*uv.RenderBuffer]() {
		return false
	}
	*(**uv.RenderBuffer)(unsafe.Pointer(buf.UnsafeAddr())) = uv.NewRenderBuffer(1, 1)
	if i == 1 {
		scr.SetScrollback(nil)
	}
	return true
}
