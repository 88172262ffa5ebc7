package termview

import "unicode/utf8"

// Bracketed-paste delimiters.
const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
)

// SanitizePaste makes pasted text safe to type into a pane: CRLF and lone CR
// become LF, LF and tab stay, and every other control character — C0, DEL,
// C1 (U+0080–U+009F, including the single-character CSI U+009B) — and every
// byte that is not valid UTF-8 is dropped. With ESC gone, nothing inside a
// paste can end bracketed-paste mode early or turn into keystrokes.
func SanitizePaste(s string) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1:
			// invalid byte: could be a raw 8-bit control
		case r == '\r':
			out = append(out, '\n')
			if i < len(s) && s[i] == '\n' {
				i++
			}
		case r == '\n' || r == '\t':
			out = append(out, byte(r))
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
		default:
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

// EncodePaste sanitizes s and, when the program enabled bracketed paste
// (2004), wraps it in ESC[200~ … ESC[201~ so it is taken as one paste and
// never as typed commands. It returns nil when nothing is left.
func EncodePaste(s string, modes Modes) []byte {
	body := SanitizePaste(s)
	if len(body) == 0 {
		return nil
	}
	if !modes.Has(ModeBracketedPaste) {
		return body
	}
	out := make([]byte, 0, len(body)+len(pasteStart)+len(pasteEnd))
	out = append(out, pasteStart...)
	out = append(out, body...)
	return append(out, pasteEnd...)
}
