package safetext

import (
	"strings"
	"unicode/utf8"
)

// Styled returns s as text that may keep its colours but nothing else:
// text, tabs and line ends, and SGR sequences (ESC [ digits, ';' and ':'
// then 'm', what `capture-pane -e` writes), with every other escape
// sequence and control character removed by the same rules as Line (C1
// introducers and unterminated strings included). It is for drawing many
// lines of outside text with their styles, as a history pager does: a
// cursor move, a title, a clipboard write (OSC 52) or a tmux passthrough in
// it never reaches the terminal.
func Styled(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			end := skipEscape(s, i+1)
			if isSGR(s[i:end]) {
				b.WriteString(s[i:end])
			}
			i = end
		case c == '\n' || c == '\t':
			b.WriteByte(c)
			i++
		case c < 0x20 || c == 0x7f:
			i++
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			i += n
			switch {
			case r == utf8.RuneError && n == 1: // a stray byte: dropped
			case r == 0x9b:
				i = skipCSI(s, i)
			case r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
				i = skipString(s, i)
			case r < 0xa0: // other C1 controls
			default:
				b.WriteString(s[i-n : i])
			}
		}
	}
	return b.String()
}

// isSGR reports whether seq (ESC first) is one whole SGR sequence.
func isSGR(seq string) bool {
	if len(seq) < 3 || seq[1] != '[' || seq[len(seq)-1] != 'm' {
		return false
	}
	for i := 2; i < len(seq)-1; i++ {
		if c := seq[i]; c < '0' || c > ';' {
			return false
		}
	}
	return true
}
