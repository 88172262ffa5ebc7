// Package safetext makes text that came from outside amux — paths, names,
// tags, reported messages, git and script output — safe to draw. It is the
// one display rule: every such string passes through Line once, where it
// enters amux's model, and the display copy is what the screen draws (the
// original stays where it is an identity: a path to open, a ref, a target).
package safetext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line returns s as one line of inert text: what is left cannot move the
// cursor, change colours, open a link, reorder what follows it, or hide
// characters between visible ones. It removes:
//
//   - whole escape sequences, not just their ESC: CSI (ESC [ … final byte),
//     OSC (ESC ] … BEL or ST, so an OSC 8 link goes with its URL), DCS, SOS,
//     PM and APC strings (ESC P/X/^/_ … ST), every other ESC sequence
//     (ESC, intermediates, one final byte), and the C1 forms of the same
//     introducers (U+009B, U+009D, U+0090, U+0098, U+009E, U+009F). A
//     string sequence that never ends takes the rest of s with it, as it
//     would on a terminal;
//   - C0 and C1 control characters and DEL; line breaks (LF, CR, VT, FF,
//     NEL, U+2028, U+2029) and tabs become one space each, so a line stays
//     one line and words stay apart;
//   - bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
//     U+2066–U+2069): an override would show "exe.txt" for "txt.exe";
//   - every other invisible format character (Unicode category Cf:
//     U+200B–U+200D, U+2060–U+2064, U+FEFF, U+00AD, tag characters…) and
//     the blank Hangul fillers U+3164 and U+FFA0, which let two names that
//     look the same differ. One exception keeps emoji readable: a zero-width
//     joiner between two pictographs stays, so "👩‍💻" is one glyph and not
//     two;
//   - invalid UTF-8, each bad byte replaced by U+FFFD (a stray 0x9B byte is
//     a CSI to an 8-bit terminal).
//
// Everything else — letters of every script, combining marks, variation
// selectors, emoji, spaces — is kept as it is. Line is idempotent, and a
// string of printable ASCII comes back unchanged without allocating.
func Line(s string) string {
	if plainASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	afterPict := false // the last rune kept was a pictograph (or its modifier)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == 0x1b:
				i = skipEscape(s, i+1)
				continue
			case c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
				b.WriteByte(' ')
				afterPict = false
			case c >= 0x20 && c < 0x7f:
				b.WriteByte(c)
				afterPict = false
			}
			i++ // other C0 controls and DEL are dropped
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
			afterPict = false
			i++
			continue
		}
		i += n
		switch {
		case r == 0x9b:
			i = skipCSI(s, i)
		case r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			i = skipString(s, i)
		case r == 0x85 || r == 0x2028 || r == 0x2029:
			b.WriteByte(' ')
			afterPict = false
		case r == 0x200d:
			if next, _ := utf8.DecodeRuneInString(s[i:]); afterPict && pictograph(next) {
				b.WriteRune(r)
			}
		case hidden(r):
		default:
			b.WriteRune(r)
			switch {
			case pictograph(r):
				afterPict = true
			case r == 0xfe0f || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
				// A variation selector or mark continues the glyph before it.
			default:
				afterPict = false
			}
		}
	}
	return b.String()
}

// plainASCII reports whether s is printable ASCII only, which Line keeps.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// hidden reports whether r is a control, a bidi control or another
// invisible character Line drops (the joiner is decided by its context).
func hidden(r rune) bool {
	switch {
	case r < 0xa0: // C1 controls (C0 and DEL never get here)
		return true
	case r == 0x3164 || r == 0xffa0:
		return true
	}
	return unicode.Is(unicode.Cf, r) // includes every bidi control
}

// pictograph reports whether r is an emoji-like symbol a zero-width joiner
// may bind to the next one.
func pictograph(r rune) bool {
	switch {
	case r >= 0x1f000 && r <= 0x1faff: // emoji, symbols, skin-tone modifiers
		return true
	case r >= 0x2300 && r <= 0x23ff, r >= 0x2600 && r <= 0x27bf, r >= 0x2b00 && r <= 0x2bff:
		return unicode.Is(unicode.So, r)
	}
	return false
}

// skipEscape returns the index after the escape sequence whose ESC ended
// just before i.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f { // intermediates
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e { // the final byte
		i++
	}
	return i
}

// skipCSI returns the index after a control sequence whose introducer ended
// just before i: parameters and intermediates, then one final byte. A C0
// control inside is dropped with it, as a terminal would execute it and go
// on; ESC, CAN or SUB cancel the sequence, and anything else ends it and is
// kept as text.
func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		switch {
		case c >= 0x40 && c <= 0x7e:
			return i + 1
		case c >= 0x20 && c <= 0x3f:
			i++
		case c == 0x1b:
			return i
		case c == 0x18 || c == 0x1a:
			return i + 1
		case c < 0x20 || c == 0x7f:
			i++
		default:
			return i
		}
	}
	return i
}

// skipString returns the index after a command string (OSC, DCS, SOS, PM,
// APC) whose introducer ended just before i. It ends at BEL, at ST (ESC \
// or U+009C), or with CAN or SUB; any other ESC ends it and starts a new
// sequence. Without an end, it runs to the end of s.
func skipString(s string, i int) int {
	for i < len(s) {
		switch c := s[i]; {
		case c == 0x07 || c == 0x18 || c == 0x1a:
			return i + 1
		case c == 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i
		case c == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c: // U+009C, ST
			return i + 2
		default:
			i++
		}
	}
	return i
}
