package safetext

import "testing"

// TestStyledKeepsOnlyTextAndSGR: text from outside (a remote tab's history)
// keeps its words and colours, and loses every sequence that would act on
// this machine's terminal.
func TestStyledKeepsOnlyTextAndSGR(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain and styled", "a \x1b[1;38;5;202mb\x1b[0m\tc\n", "a \x1b[1;38;5;202mb\x1b[0m\tc\n"},
		{"colon colours", "\x1b[38:2::1:2:3mx", "\x1b[38:2::1:2:3mx"},
		{"clipboard write", "x\x1b]52;c;aGk=\x07y", "xy"},
		{"title with ST", "x\x1b]2;owned\x1b\\y", "xy"},
		{"tmux passthrough", "x\x1bPtmux;\x1b\x1b]52;c;aGk=\x07\x1b\\y", "xy"},
		{"cursor moves", "x\x1b[2J\x1b[H\x1b[10;10Hy", "xy"},
		{"private modes", "x\x1b[?1049h\x1b[>4;2my", "xy"},
		{"C0 and C1", "x\r\x08\x00\u0085y\u009b31m\u00e9", "xyé"}, // U+009B is a CSI, as on an 8-bit terminal
		{"ESC pairs", "x\x1bc\x1b(By", "xy"},
		{"unterminated", "x\x1b]52;c;aGk", "x"},
		{"broken utf8", "x\xffy", "xy"},
	}
	for _, c := range cases {
		if got := Styled(c.in); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
