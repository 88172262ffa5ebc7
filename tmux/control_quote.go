package tmux

import (
	"strings"
	"unicode/utf8"
)

// CommandLine renders args as one line of tmux's command language, the form
// control mode reads on stdin and if-shell/hooks take as a string. Sep
// becomes a real ";" separator; every other argument reaches the command
// literally, whatever it contains.
//
// argv quoting is not enough here: tmux's parser expands "$VAR", "~" and
// backslash escapes, treats "#" at a token start as a comment, "%" as a
// directive, "{" "}" as blocks and ";" as a separator, and ends the command
// at a newline. So an argument is left bare only when it is made of
// characters none of that applies to; otherwise it is double-quoted with
// '\', '"', '$' and '~' escaped and control bytes written as octal escapes
// (a raw newline would end the line). NUL cannot be represented; callers
// reject it before it gets here (see Control.Run).
func CommandLine(args ...string) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a == Sep {
			b.WriteByte(';')
			continue
		}
		quoteArg(&b, a)
	}
	return b.String()
}

func quoteArg(b *strings.Builder, a string) {
	if bareArg(a) {
		b.WriteString(a)
		return
	}
	b.WriteByte('"')
	for i := 0; i < len(a); {
		c := a[i]
		switch {
		case c == '\\' || c == '"' || c == '$' || c == '~':
			b.WriteByte('\\')
			b.WriteByte(c)
			i++
		case c < 0x20 || c == 0x7f:
			writeOctal(b, c)
			i++
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			// Valid UTF-8 passes through readable; stray bytes are
			// escaped so the line stays valid text.
			r, n := utf8.DecodeRuneInString(a[i:])
			if r == utf8.RuneError && n == 1 {
				writeOctal(b, c)
			} else {
				b.WriteString(a[i : i+n])
			}
			i += n
		}
	}
	b.WriteByte('"')
}

func writeOctal(b *strings.Builder, c byte) {
	b.WriteByte('\\')
	b.WriteByte('0' + c>>6)
	b.WriteByte('0' + (c>>3)&7)
	b.WriteByte('0' + c&7)
}

// bareArg reports whether a can be written without quotes: non-empty and
// made only of characters tmux's lexer takes literally. A leading '%' (a
// directive unless all digits) or '#' (a comment) forces quotes, and '='
// is excluded so no argument can ever read as an assignment.
func bareArg(a string) bool {
	if a == "" || a[0] == '%' || a[0] == '#' {
		return false
	}
	for i := 0; i < len(a); i++ {
		c := a[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '-', c == '_', c == '.', c == '/', c == '@', c == '+', c == ',', c == ':':
		default:
			return false
		}
	}
	return true
}
