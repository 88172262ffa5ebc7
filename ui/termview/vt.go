package termview

import (
	"io"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// Alternate-screen switches that vtEmulator rewrites (see NewVTEmulator).
const (
	seqAlt1049On  = "\x1b[?1049h"
	seqAlt1049Off = "\x1b[?1049l"
	seqAlt1047On  = "\x1b[?1047h"
	seqAlt1047Off = "\x1b[?1047l"
	seqAlt47On    = "\x1b[?47h"
	seqAlt47Off   = "\x1b[?47l"
	// 1048 is save/restore cursor: what 1049 does besides switching screens.
	seqSaveCursor    = "\x1b[?1048h"
	seqRestoreCursor = "\x1b[?1048l"
)

// vtEmulator adapts github.com/charmbracelet/x/vt to Emulator.
type vtEmulator struct {
	emu   *vt.Emulator
	modes Modes
	title string
	alt   seqSplitter
	// touched is the backing array of the touched-row list TakeDamage last
	// cleared. x/vt replaces the list (a reset, a resize) without marking
	// the rows it cleared, so a different array means every row changed.
	touched **uv.LineData
	// parked holds the screen of a hidden view while its grid is given
	// back (vt_park.go); nil while the grid is in use.
	parked *parkedScreen
}

// NewVTEmulator returns an x/vt emulator of the given size.
//
// x/vt keeps a 10,000-line scrollback on BOTH screens and offers no way to
// reach the alternate screen's. tmux draws its client in the alternate
// screen and scrolls it with a full-width region, so a flood would pile up
// hundreds of megabytes there. The adapter therefore never lets x/vt switch
// screens: alternate-screen switches become plain cursor save/restore (tmux
// clears and redraws everything itself) and are still reported in Modes;
// the main screen's scrollback is switched off (tuneVT). History comes from
// capture-pane instead.
func NewVTEmulator(width, height int) Emulator {
	e := &vtEmulator{emu: vt.NewEmulator(max(width, 1), max(height, 1))}
	e.emu.SetScrollbackSize(1) // the least the API allows, should tuneVT fail
	tuneVT(e.emu)
	e.alt.pats = []string{seqAlt1049On, seqAlt1049Off, seqAlt1047On, seqAlt1047Off, seqAlt47On, seqAlt47Off}
	e.emu.SetCallbacks(vt.Callbacks{
		Title:       func(s string) { e.title = s },
		EnableMode:  func(m ansi.Mode) { e.modes |= modeBit(m) },
		DisableMode: func(m ansi.Mode) { e.modes &^= modeBit(m) },
	})
	return e
}

// modeBit maps an x/vt mode to ours (0 for modes nobody here needs).
func modeBit(m ansi.Mode) Modes {
	switch m {
	case ansi.ModeCursorKeys:
		return ModeAppCursor
	case ansi.ModeBracketedPaste:
		return ModeBracketedPaste
	case ansi.ModeMouseX10:
		return ModeMouseX10
	case ansi.ModeMouseNormal:
		return ModeMouseNormal
	case ansi.ModeMouseButtonEvent:
		return ModeMouseButton
	case ansi.ModeMouseAnyEvent:
		return ModeMouseAny
	case ansi.ModeMouseExtSgr:
		return ModeMouseSGR
	case ansi.ModeFocusEvent:
		return ModeFocusEvents
	}
	return 0
}

func (e *vtEmulator) Write(p []byte) (int, error) {
	e.unpark() // output for a parked screen (never expected) lands on the real one
	var err error
	e.alt.scan(p, func(run []byte, pat int) {
		if err != nil {
			return
		}
		if pat < 0 {
			_, err = e.emu.Write(run)
			return
		}
		seq := e.alt.pats[pat]
		if _, err = e.emu.Write(run[:len(run)-len(seq)]); err != nil {
			return
		}
		// 1049 saves and restores the cursor around the switch; 47 and
		// 1047 do not. Either way the screen itself stays.
		switch seq {
		case seqAlt1049On, seqAlt1047On, seqAlt47On:
			e.modes |= ModeAltScreen
		default:
			e.modes &^= ModeAltScreen
		}
		switch seq {
		case seqAlt1049On:
			_, err = e.emu.WriteString(seqSaveCursor)
		case seqAlt1049Off:
			_, err = e.emu.WriteString(seqRestoreCursor)
		}
	})
	if err != nil {
		return 0, err
	}
	return len(p), nil
}

func (e *vtEmulator) Resize(width, height int) {
	if e.parked != nil {
		e.parked.w, e.parked.h = max(width, 1), max(height, 1) // the grid grows when shown
		return
	}
	e.emu.Resize(max(width, 1), max(height, 1))
	shrinkAltScreen(e.emu) // Resize grew it back
}

func (e *vtEmulator) Size() (int, int) {
	if e.parked != nil {
		return e.parked.w, e.parked.h
	}
	return e.emu.Width(), e.emu.Height()
}

func (e *vtEmulator) CellAt(x, y int) *uv.Cell { return e.emu.CellAt(x, y) }

// TakeDamage reads x/vt's touched-row list, which its screen buffer keeps
// for renderers (a cell written with what it already held is not marked),
// and clears it in place for the next call. TestVTDamageTracking fails if a
// new x/vt stops keeping it.
func (e *vtEmulator) TakeDamage(rows []bool) bool {
	t := e.emu.Touched()
	var id **uv.LineData
	if len(t) > 0 {
		id = &t[0]
	}
	known := id == e.touched && len(t) >= e.emu.Height()
	e.touched = id
	for y, ld := range t {
		if ld != nil {
			if y < len(rows) {
				rows[y] = true
			}
			t[y] = nil
		}
	}
	return known
}

func (e *vtEmulator) Cursor() Cursor {
	pos := e.emu.CursorPosition()
	style, blink := e.emu.CursorStyle()
	shape := tea.CursorBlock
	switch style {
	case vt.CursorUnderline:
		shape = tea.CursorUnderline
	case vt.CursorBar:
		shape = tea.CursorBar
	}
	return Cursor{X: pos.X, Y: pos.Y, Visible: !e.emu.CursorHidden(), Shape: shape, Blink: blink}
}

func (e *vtEmulator) Modes() Modes { return e.modes }

func (e *vtEmulator) Title() string { return e.title }

func (e *vtEmulator) Replies() io.Reader { return e.emu }

// Close ends the reply stream without calling vt.Emulator.Close, whose
// unsynchronized "closed" flag would race with the goroutine blocked in Read.
func (e *vtEmulator) Close() error {
	if pw, ok := e.emu.InputPipe().(*io.PipeWriter); ok {
		return pw.CloseWithError(io.EOF)
	}
	return nil
}
