package termview

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestEncodeKey(t *testing.T) {
	key := func(code rune, mod tea.KeyMod) tea.KeyPressMsg { return tea.KeyPressMsg{Code: code, Mod: mod} }
	text := func(s string) tea.KeyPressMsg { return tea.KeyPressMsg{Code: []rune(s)[0], Text: s} }
	tests := []struct {
		name  string
		key   tea.KeyPressMsg
		modes Modes
		want  string
	}{
		{"letter", text("a"), 0, "a"},
		{"shifted letter", tea.KeyPressMsg{Code: 'a', Text: "A", Mod: tea.ModShift}, 0, "A"},
		{"non-ascii", text("日"), 0, "日"},
		{"space", tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}, 0, " "},
		{"enter is CR", key(tea.KeyEnter, 0), 0, "\r"},
		{"keypad enter", key(tea.KeyKpEnter, 0), 0, "\r"},
		{"shift+enter is ESC CR", key(tea.KeyEnter, tea.ModShift), 0, "\x1b\r"},
		{"alt+enter", key(tea.KeyEnter, tea.ModAlt), 0, "\x1b\r"},
		{"tab", key(tea.KeyTab, 0), 0, "\t"},
		{"shift+tab", key(tea.KeyTab, tea.ModShift), 0, "\x1b[Z"},
		{"backspace is DEL", key(tea.KeyBackspace, 0), 0, "\x7f"},
		{"ctrl+backspace", key(tea.KeyBackspace, tea.ModCtrl), 0, "\x08"},
		{"alt+backspace", key(tea.KeyBackspace, tea.ModAlt), 0, "\x1b\x7f"},
		{"esc", key(tea.KeyEscape, 0), 0, "\x1b"},
		{"ctrl+a", key('a', tea.ModCtrl), 0, "\x01"},
		{"ctrl+c", key('c', tea.ModCtrl), 0, "\x03"},
		{"ctrl+q", key('q', tea.ModCtrl), 0, "\x11"},
		{"ctrl+z", key('z', tea.ModCtrl), 0, "\x1a"},
		{"ctrl+shift+a", key('a', tea.ModCtrl|tea.ModShift), 0, "\x01"},
		{"ctrl+[", key('[', tea.ModCtrl), 0, "\x1b"},
		{"ctrl+backslash", key('\\', tea.ModCtrl), 0, "\x1c"},
		{"ctrl+]", key(']', tea.ModCtrl), 0, "\x1d"},
		{"ctrl+^", key('^', tea.ModCtrl), 0, "\x1e"},
		{"ctrl+_", key('_', tea.ModCtrl), 0, "\x1f"},
		{"ctrl+space", key(tea.KeySpace, tea.ModCtrl), 0, "\x00"},
		{"ctrl+@", key('@', tea.ModCtrl), 0, "\x00"},
		{"alt+a", key('a', tea.ModAlt), 0, "\x1ba"},
		{"alt+shift+a", key('a', tea.ModAlt|tea.ModShift), 0, "\x1bA"},
		{"alt+ctrl+a", key('a', tea.ModAlt|tea.ModCtrl), 0, "\x1b\x01"},
		{"alt+space", key(tea.KeySpace, tea.ModAlt), 0, "\x1b "},
		{"alt+esc", key(tea.KeyEscape, tea.ModAlt), 0, "\x1b\x1b"},
		{"caps lock ignored", tea.KeyPressMsg{Code: 'a', Text: "A", Mod: tea.ModCapsLock}, 0, "A"},
		{"up", key(tea.KeyUp, 0), 0, "\x1b[A"},
		{"down", key(tea.KeyDown, 0), 0, "\x1b[B"},
		{"right", key(tea.KeyRight, 0), 0, "\x1b[C"},
		{"left", key(tea.KeyLeft, 0), 0, "\x1b[D"},
		{"up DECCKM", key(tea.KeyUp, 0), ModeAppCursor, "\x1bOA"},
		{"left DECCKM", key(tea.KeyLeft, 0), ModeAppCursor, "\x1bOD"},
		{"ctrl+left", key(tea.KeyLeft, tea.ModCtrl), 0, "\x1b[1;5D"},
		{"ctrl+left DECCKM", key(tea.KeyLeft, tea.ModCtrl), ModeAppCursor, "\x1b[1;5D"},
		{"ctrl+right", key(tea.KeyRight, tea.ModCtrl), 0, "\x1b[1;5C"},
		{"shift+up", key(tea.KeyUp, tea.ModShift), 0, "\x1b[1;2A"},
		{"alt+down", key(tea.KeyDown, tea.ModAlt), 0, "\x1b[1;3B"},
		{"ctrl+shift+alt+up", key(tea.KeyUp, tea.ModCtrl|tea.ModShift|tea.ModAlt), 0, "\x1b[1;8A"},
		{"home", key(tea.KeyHome, 0), 0, "\x1b[H"},
		{"end", key(tea.KeyEnd, 0), 0, "\x1b[F"},
		{"home DECCKM", key(tea.KeyHome, 0), ModeAppCursor, "\x1bOH"},
		{"ctrl+end", key(tea.KeyEnd, tea.ModCtrl), 0, "\x1b[1;5F"},
		{"insert", key(tea.KeyInsert, 0), 0, "\x1b[2~"},
		{"delete", key(tea.KeyDelete, 0), 0, "\x1b[3~"},
		{"shift+delete", key(tea.KeyDelete, tea.ModShift), 0, "\x1b[3;2~"},
		{"pgup", key(tea.KeyPgUp, 0), 0, "\x1b[5~"},
		{"pgdown", key(tea.KeyPgDown, 0), 0, "\x1b[6~"},
		{"ctrl+pgup", key(tea.KeyPgUp, tea.ModCtrl), 0, "\x1b[5;5~"},
		{"f1", key(tea.KeyF1, 0), 0, "\x1bOP"},
		{"f4", key(tea.KeyF4, 0), 0, "\x1bOS"},
		{"shift+f1", key(tea.KeyF1, tea.ModShift), 0, "\x1b[1;2P"},
		{"f5", key(tea.KeyF5, 0), 0, "\x1b[15~"},
		{"f6", key(tea.KeyF6, 0), 0, "\x1b[17~"},
		{"f10", key(tea.KeyF10, 0), 0, "\x1b[21~"},
		{"f11", key(tea.KeyF11, 0), 0, "\x1b[23~"},
		{"f12", key(tea.KeyF12, 0), 0, "\x1b[24~"},
		{"ctrl+f12", key(tea.KeyF12, tea.ModCtrl), 0, "\x1b[24;5~"},
		{"keypad digit", key(tea.KeyKp7, 0), 0, "7"},
		{"lone modifier", key(tea.KeyLeftShift, tea.ModShift), 0, ""},
		{"media key", key(tea.KeyMediaPlay, 0), 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(EncodeKey(tt.key, tt.modes)); got != tt.want {
				t.Errorf("EncodeKey(%+v) = %q, want %q", tt.key, got, tt.want)
			}
		})
	}
}
