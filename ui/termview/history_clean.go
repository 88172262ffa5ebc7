package termview

import (
	"strings"
	"unicode/utf8"
)

// textAndStyles is a capture as the pager may draw it: its text, tabs and
// line ends, and SGR sequences (the styles capture-pane -e writes), with
// every other escape sequence and control character dropped. A remote
// tab's history comes from its host, outside input: a cursor move, a
// title, a clipboard write (OSC 52) or a tmux passthrough in it must not
// reach this machine's terminal when the history is drawn.
func textAndStyles(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n, keep := escapeLen(s[i:])
			if keep {
				b.WriteString(s[i : i+n])
			}
			i += n
		case c == '\n' || c == '\t':
			b.WriteByte(c)
			i++
		case c < 0x20 || c == 0x7f:
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if (r != utf8.RuneError || size > 1) && (r < 0x80 || r >= 0xa0) {
				b.WriteString(s[i : i+size]) // C1 controls and broken bytes are dropped
			}
			i += size
		}
	}
	return b.String()
}

// escapeLen is the length of the escape sequence s starts with (s[0] is
// ESC) and whether it is an SGR the pager keeps. An unterminated one runs
// to the end of s.
func escapeLen(s string) (int, bool) {
	if len(s) < 2 {
		return len(s), false
	}
	switch s[1] {
	case '[': // CSI: parameters, intermediates, one final byte
		sgr := true
		for j := 2; j < len(s); j++ {
			c := s[j]
			switch {
			case c >= '0' && c <= ';':
			case c >= 0x3c && c <= 0x3f, c >= 0x20 && c <= 0x2f:
				sgr = false // private markers and intermediates are never an SGR's
			case c >= 0x40 && c <= 0x7e:
				return j + 1, sgr && c == 'm'
			default:
				return j, false // broken: drop what came so far
			}
		}
		return len(s), false
	case ']', 'P', '_', '^', 'X': // strings: to BEL or ST
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1, false
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2, false
			}
		}
		return len(s), false
	}
	j := 1
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
		j++ // intermediates
	}
	return min(j+1, len(s)), false
}
