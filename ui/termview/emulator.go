package termview

import (
	"io"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
)

// Emulator is the terminal emulator behind a view, kept this small so the
// implementation (x/vt today) can be replaced. It is not safe for concurrent
// use: Terminal serializes every call under its lock.
type Emulator interface {
	// Write feeds program output. It never blocks on its own replies as long
	// as someone drains Replies.
	Write(p []byte) (int, error)
	// Resize changes the screen size in cells.
	Resize(width, height int)
	// Size reports the screen size in cells.
	Size() (width, height int)
	// CellAt returns the cell at x, y (nil outside the screen). The cell
	// belongs to the emulator: read it before the next Write.
	CellAt(x, y int) *uv.Cell
	// TakeDamage sets rows[y] for every row written since the last call
	// (rows has one entry per screen row) and forgets them. It returns false
	// when it cannot tell which rows changed; then any row may have.
	TakeDamage(rows []bool) (known bool)
	// Cursor reports where the program's cursor is and how it looks.
	Cursor() Cursor
	// Modes reports the private modes the program has enabled.
	Modes() Modes
	// Title is the last window title the program set.
	Title() string
	// Replies yields the bytes the emulator answers queries with (device
	// attributes, cursor reports…). They belong on the PTY's input side, and
	// they must be read continuously or Write blocks.
	Replies() io.Reader
	// Close ends Replies with io.EOF.
	Close() error
}

// Cursor is the program's cursor as the emulator sees it.
type Cursor struct {
	X, Y    int
	Visible bool
	Shape   tea.CursorShape
	Blink   bool
}

// Modes is a set of terminal modes a program can enable.
type Modes uint32

// The modes key, paste and mouse encoding depend on.
const (
	ModeAppCursor      Modes = 1 << iota // DECCKM, ?1: arrows send SS3
	ModeBracketedPaste                   // ?2004
	ModeMouseX10                         // ?9: presses only
	ModeMouseNormal                      // ?1000: presses and releases
	ModeMouseButton                      // ?1002: plus drag motion
	ModeMouseAny                         // ?1003: plus all motion
	ModeMouseSGR                         // ?1006: SGR coordinates
	ModeFocusEvents                      // ?1004
	ModeAltScreen                        // ?1049, ?1047, ?47
	ModeSync                             // ?2026 or tmux's DCS =1s: a frame is being drawn
)

// Has reports whether every mode in x is set.
func (m Modes) Has(x Modes) bool { return m&x == x }

// MouseReporting reports whether the program asked for mouse events, so
// wheel and clicks belong to it rather than to local scrolling/selection.
func (m Modes) MouseReporting() bool {
	return m&(ModeMouseX10|ModeMouseNormal|ModeMouseButton|ModeMouseAny) != 0
}
