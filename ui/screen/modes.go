package screen

import (
	"fmt"
	"image/color"
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// kittyFlags are the Kitty keyboard protocol flags amux asks for: key
// disambiguation only (Esc, Alt+key and Ctrl+letter arrive unambiguously),
// the same as Bubble Tea's own renderer asks for by default.
const kittyFlags = 1

// windowTitle is the title amux gives its terminal window.
const windowTitle = "amux"

// Title stack sequences (XTWINOPS 22/23): save the window and icon titles
// before setting ours, restore them on the way out. Terminals without a
// stack ignore both; they get an empty title back instead.
const (
	pushTitle = "\x1b[22;0t"
	popTitle  = "\x1b[23;0t"
)

// enterModes is written after the alternate screen is entered: the cursor
// hidden until a frame places it, mouse cell motion with SGR coordinates,
// bracketed paste, focus events, keyboard enhancements, the window title,
// and a query whether the terminal supports synchronized output (DEC 2026).
func enterModes() string {
	var b strings.Builder
	b.WriteString(ansi.HideCursor)
	b.WriteString(ansi.SetModeMouseButtonEvent)
	b.WriteString(ansi.SetModeMouseExtSgr)
	b.WriteString(ansi.SetModeBracketedPaste)
	b.WriteString(ansi.SetModeFocusEvent)
	b.WriteString(ansi.SetModifyOtherKeys2)
	b.WriteString(ansi.PushKittyKeyboard(kittyFlags))
	b.WriteString(pushTitle)
	b.WriteString(ansi.SetWindowTitle(windowTitle))
	b.WriteString(ansi.RequestModeSynchronizedOutput)
	return b.String()
}

// leaveModes undoes enterModes, in reverse, and resets what frames may have
// changed (cursor shape and colour, pen). The alternate screen is left by
// the renderer right after, which also restores the cursor position saved
// on entry.
func leaveModes(shapeChanged, colorChanged bool) string {
	var b strings.Builder
	b.WriteString(ansi.ResetStyle)
	b.WriteString(ansi.SetWindowTitle(""))
	b.WriteString(popTitle)
	b.WriteString(ansi.PopKittyKeyboard(1))
	b.WriteString(ansi.ResetModifyOtherKeys)
	b.WriteString(ansi.ResetModeFocusEvent)
	b.WriteString(ansi.ResetModeBracketedPaste)
	b.WriteString(ansi.ResetModeMouseButtonEvent)
	b.WriteString(ansi.ResetModeMouseAnyEvent)
	b.WriteString(ansi.ResetModeMouseExtSgr)
	if shapeChanged {
		b.WriteString(ansi.SetCursorStyle(0)) // the terminal's default shape
	}
	if colorChanged {
		b.WriteString(ansi.ResetCursorColor)
	}
	b.WriteString(ansi.ShowCursor)
	return b.String()
}

// cursorStyle is the DECSCUSR value for a shape: 1/2 block, 3/4 underline,
// 5/6 bar, the odd one blinking.
func cursorStyle(shape uv.CursorShape, blink bool) int {
	s := int(shape)*2 + 1
	if !blink {
		s++
	}
	return s
}

// cursorColor is the OSC 12 sequence that colours the cursor c, or the one
// that gives it back its own colour when c is nil.
func cursorColor(c color.Color) string {
	if c == nil {
		return ansi.ResetCursorColor
	}
	r, g, b, _ := c.RGBA()
	return ansi.SetCursorColor(fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8))
}

// syncSupported reports whether a DECRQM answer for mode 2026 says the
// terminal knows synchronized output.
func syncSupported(v ansi.ModeSetting) bool {
	return v == ansi.ModeSet || v == ansi.ModeReset || v == ansi.ModePermanentlySet
}
