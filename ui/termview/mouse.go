package termview

import (
	"strconv"

	tea "charm.land/bubbletea/v2"
)

// Mouse button bits of the xterm protocol.
const (
	mouseBitShift  = 4
	mouseBitAlt    = 8
	mouseBitCtrl   = 16
	mouseBitMotion = 32
	mouseBitWheel  = 64
	mouseBitExtra  = 128
	mouseRelease   = 3 // legacy encodings cannot say which button was released
)

// EncodeMouse encodes a mouse event at cell x, y of the view (0-based) the
// way the program asked for with its mouse modes: SGR (1006) when enabled,
// otherwise the legacy X10 bytes. It returns nil when the program did not
// ask for this kind of event, or when legacy coordinates cannot express it.
func EncodeMouse(msg tea.MouseMsg, x, y int, modes Modes) []byte {
	if !modes.MouseReporting() || x < 0 || y < 0 {
		return nil
	}
	ev := msg.Mouse()
	release, motion := false, false
	switch msg.(type) {
	case tea.MouseReleaseMsg:
		release = true
	case tea.MouseMotionMsg:
		motion = true
	}
	x10Only := !modes.Has(ModeMouseNormal) && !modes.Has(ModeMouseButton) && !modes.Has(ModeMouseAny)
	switch {
	case x10Only && (release || motion):
		return nil
	case motion && modes.Has(ModeMouseAny):
	case motion && modes.Has(ModeMouseButton) && ev.Button != tea.MouseNone:
	case motion:
		return nil
	}
	code, ok := buttonCode(ev.Button)
	if !ok {
		return nil
	}
	if motion {
		code |= mouseBitMotion
	}
	if !x10Only {
		if ev.Mod&tea.ModShift != 0 {
			code |= mouseBitShift
		}
		if ev.Mod&(tea.ModAlt|tea.ModMeta) != 0 {
			code |= mouseBitAlt
		}
		if ev.Mod&tea.ModCtrl != 0 {
			code |= mouseBitCtrl
		}
	}
	if modes.Has(ModeMouseSGR) {
		final := "M"
		if release {
			final = "m"
		}
		return []byte("\x1b[<" + strconv.Itoa(code) + ";" + strconv.Itoa(x+1) + ";" + strconv.Itoa(y+1) + final)
	}
	if release {
		code = code&^3 | mouseRelease
	}
	if x > 222 || y > 222 {
		return nil // one byte of 32+1+coordinate cannot go further
	}
	return []byte{0x1b, '[', 'M', byte(32 + code), byte(33 + x), byte(33 + y)}
}

// buttonCode is the low bits of a button (motion with no button is 3).
func buttonCode(b tea.MouseButton) (int, bool) {
	switch {
	case b == tea.MouseNone:
		return 3, true
	case b >= tea.MouseLeft && b <= tea.MouseRight:
		return int(b - tea.MouseLeft), true
	case b >= tea.MouseWheelUp && b <= tea.MouseWheelRight:
		return int(b-tea.MouseWheelUp) | mouseBitWheel, true
	case b >= tea.MouseBackward && b <= tea.MouseButton11:
		return int(b-tea.MouseBackward) | mouseBitExtra, true
	}
	return 0, false
}
