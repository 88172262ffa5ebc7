package termview

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// EncodeKey turns a key press into the bytes an xterm-compatible terminal
// would send, honouring application cursor mode (DECCKM). It returns nil for
// keys that have no encoding.
//
// Encodings are the classic xterm ones, because every byte goes through
// tmux's key parser, which re-encodes each key for the pane: Enter is a
// literal CR; Alt prefixes ESC; Ctrl+letter and Ctrl+[\]^_ and Ctrl+Space
// are C0 bytes; cursor, editing and function keys carry xterm modifier
// parameters (Ctrl+Left is CSI 1;5D).
//
// Shift+Enter is sent as ESC CR (the Alt+Enter encoding). tmux 3.3 turns the
// kitty form CSI 13;2u into a plain CR for any pane that has not asked for
// extended keys — that would submit the prompt — while ESC CR always reaches
// the pane intact, and Claude Code, Codex and Gemini CLI all insert a
// newline for it.
func EncodeKey(k tea.KeyPressMsg, modes Modes) []byte {
	mod := k.Mod &^ (tea.ModCapsLock | tea.ModNumLock | tea.ModScrollLock)
	alt := mod&(tea.ModAlt|tea.ModMeta) != 0
	ctrl := mod&tea.ModCtrl != 0
	shift := mod&tea.ModShift != 0

	switch k.Code {
	case tea.KeyEnter, tea.KeyKpEnter:
		if alt || shift {
			return []byte{0x1b, '\r'}
		}
		return []byte{'\r'}
	case tea.KeyTab:
		if shift {
			return []byte("\x1b[Z")
		}
		return withAlt(alt, '\t')
	case tea.KeyBackspace:
		if ctrl {
			return withAlt(alt, 0x08)
		}
		return withAlt(alt, 0x7f)
	case tea.KeyEscape:
		return withAlt(alt, 0x1b)
	case tea.KeySpace:
		if ctrl {
			return withAlt(alt, 0x00)
		}
		return withAlt(alt, ' ')
	}
	if seq := specialKey(k.Code, modParam(mod), modes); seq != nil {
		return seq
	}
	if r, ok := keypadRune(k.Code); ok {
		return withAlt(alt, []byte(string(r))...)
	}
	if k.Code > unicode.MaxRune {
		return nil // media keys, lone modifiers and the like
	}
	if ctrl {
		if b, ok := ctrlByte(k.Code); ok {
			return withAlt(alt, b)
		}
	}
	if k.Text != "" && !alt && !ctrl {
		return []byte(k.Text)
	}
	r := k.Code
	if shift {
		if k.ShiftedCode != 0 {
			r = k.ShiftedCode
		} else {
			r = unicode.ToUpper(r)
		}
	}
	if r == utf8.RuneError || r < 0x20 {
		return nil
	}
	return withAlt(alt, []byte(string(r))...)
}

// withAlt prefixes ESC when Alt (or Meta) is held.
func withAlt(alt bool, b ...byte) []byte {
	if alt {
		return append([]byte{0x1b}, b...)
	}
	return b
}

// modParam is xterm's modifier parameter: 1 + Shift 1 + Alt 2 + Ctrl 4 + Meta 8.
func modParam(mod tea.KeyMod) int {
	p := 1
	if mod&tea.ModShift != 0 {
		p++
	}
	if mod&tea.ModAlt != 0 {
		p += 2
	}
	if mod&tea.ModCtrl != 0 {
		p += 4
	}
	if mod&tea.ModMeta != 0 {
		p += 8
	}
	return p
}

// specialKey encodes cursor, editing and function keys, nil for others.
func specialKey(code rune, mp int, modes Modes) []byte {
	var final byte // a letter final: CSI 1;m X, or SS3 X / CSI X unmodified
	ss3 := modes.Has(ModeAppCursor)
	switch code {
	case tea.KeyUp, tea.KeyKpUp:
		final = 'A'
	case tea.KeyDown, tea.KeyKpDown:
		final = 'B'
	case tea.KeyRight, tea.KeyKpRight:
		final = 'C'
	case tea.KeyLeft, tea.KeyKpLeft:
		final = 'D'
	case tea.KeyBegin, tea.KeyKpBegin:
		final = 'E'
	case tea.KeyHome, tea.KeyKpHome:
		final = 'H'
	case tea.KeyEnd, tea.KeyKpEnd:
		final = 'F'
	case tea.KeyF1, tea.KeyF2, tea.KeyF3, tea.KeyF4:
		final, ss3 = byte('P'+code-tea.KeyF1), true // F1–F4 are SS3 P–S in any mode
	}
	if final != 0 {
		switch {
		case mp > 1:
			return []byte("\x1b[1;" + strconv.Itoa(mp) + string(final))
		case ss3:
			return []byte{0x1b, 'O', final}
		default:
			return []byte{0x1b, '[', final}
		}
	}
	n := tildeNumber(code)
	if n == 0 {
		return nil
	}
	if mp > 1 {
		return []byte("\x1b[" + strconv.Itoa(n) + ";" + strconv.Itoa(mp) + "~")
	}
	return []byte("\x1b[" + strconv.Itoa(n) + "~")
}

// tildeNumber is the parameter of keys sent as CSI n ~ (0 for others).
func tildeNumber(code rune) int {
	switch code {
	case tea.KeyInsert, tea.KeyKpInsert:
		return 2
	case tea.KeyDelete, tea.KeyKpDelete:
		return 3
	case tea.KeyPgUp, tea.KeyKpPgUp:
		return 5
	case tea.KeyPgDown, tea.KeyKpPgDown:
		return 6
	case tea.KeyF5:
		return 15
	case tea.KeyF6:
		return 17
	case tea.KeyF7:
		return 18
	case tea.KeyF8:
		return 19
	case tea.KeyF9:
		return 20
	case tea.KeyF10:
		return 21
	case tea.KeyF11:
		return 23
	case tea.KeyF12:
		return 24
	}
	return 0
}

// keypadRune maps keypad keys that type a character.
func keypadRune(code rune) (rune, bool) {
	switch {
	case code >= tea.KeyKp0 && code <= tea.KeyKp9:
		return '0' + code - tea.KeyKp0, true
	}
	switch code {
	case tea.KeyKpEqual:
		return '=', true
	case tea.KeyKpMultiply:
		return '*', true
	case tea.KeyKpPlus:
		return '+', true
	case tea.KeyKpComma, tea.KeyKpSep:
		return ',', true
	case tea.KeyKpMinus:
		return '-', true
	case tea.KeyKpDecimal:
		return '.', true
	case tea.KeyKpDivide:
		return '/', true
	}
	return 0, false
}

// ctrlByte is the C0 byte xterm sends for Ctrl plus r, if there is one.
func ctrlByte(r rune) (byte, bool) {
	switch {
	case r >= 'a' && r <= 'z':
		return byte(r - 'a' + 1), true
	case r >= 'A' && r <= 'Z':
		return byte(r - 'A' + 1), true
	case r >= '3' && r <= '7': // Ctrl+3..7 are ESC, FS, GS, RS, US
		return byte(r - '3' + 0x1b), true
	}
	switch r {
	case '@', '2', ' ':
		return 0x00, true
	case '[':
		return 0x1b, true
	case '\\':
		return 0x1c, true
	case ']':
		return 0x1d, true
	case '^', '~':
		return 0x1e, true
	case '_', '/', '-':
		return 0x1f, true
	case '8', '?':
		return 0x7f, true
	}
	return 0, false
}
