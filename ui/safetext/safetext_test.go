package safetext

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestLine(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain ascii", "shop/feat-1", "shop/feat-1"},
		{"empty", "", ""},
		{"unicode letters", "café 日本 ✓", "café 日本 ✓"},
		{"sgr", "\x1b[1;31mred\x1b[0m text", "red text"},
		{"sgr with colon subparameters", "\x1b[38:2::1:2:3mx", "x"},
		{"cursor moves and erase", "ab\x1b[2K\x1b[10;1Hcd\x1b[?25l", "abcd"},
		{"osc 8 link with its url", "see \x1b]8;;https://evil.invalid/\x1b\\here\x1b]8;;\x1b\\ now", "see here now"},
		{"osc ended by bel", "\x1b]0;title\x07after", "after"},
		{"unterminated osc takes the rest", "name\x1b]8;;https://evil.invalid/ and more", "name"},
		{"dcs", "a\x1bP1$r0m\x1b\\b", "ab"},
		{"apc pm sos", "a\x1b_x\x1b\\b\x1b^y\x1b\\c\x1bXz\x1b\\d", "abcd"},
		{"escape inside a string starts a new one", "a\x1b]0;t\x1b[31mb", "ab"},
		{"other escapes", "a\x1b(Bb\x1b7c\x1b=d\x1bce", "abcde"},
		{"lone esc at the end", "name\x1b", "name"},
		{"csi cancelled by can", "a\x1b[31\x18b", "ab"},
		{"csi ended by non-ascii", "a\x1b[3é", "aé"},
		{"c1 csi and osc", "a\u009b31mb\u009d0;t\u009cc", "abc"},
		{"c1 controls", "a\u0085b\u0080c\u009ad", "a bcd"},
		{"line breaks and tabs", "one\ntwo\r\nthree\tfour\vfive\ffive\u2028six\u2029", "one two  three four five five six "},
		{"other c0 and del", "a\x00b\x07c\x08d\x7fe", "abcde"},
		{"bidi override", "invoice\u202egpj.exe", "invoicegpj.exe"},
		{"every bidi control", "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069x", "x"},
		{"zero width", "a\u200bb\u200cc\u2060d\u2061e\u2064f\ufeffg\u00adh", "abcdefgh"},
		{"tag characters", "a\U000e0041\U000e007fb", "ab"},
		{"hangul fillers", "a\u3164b\uffa0c", "abc"},
		{"joiner between letters", "am\u200dux", "amux"},
		{"emoji zwj sequence", "👩\u200d💻 dev", "👩\u200d💻 dev"},
		{"emoji with vs16 and skin tone", "🏳\ufe0f\u200d🌈 👋🏽\u200d", "🏳\ufe0f\u200d🌈 👋🏽"},
		{"joiner then hidden", "👩\u200d\u200b💻", "👩💻"},
		{"invalid utf-8", "a\xffb\x9bc", "a\ufffdb\ufffdc"},
		{"combining marks stay", "e\u0301", "e\u0301"},
		{"private use stays", "\ue0a0 main", "\ue0a0 main"},
	}
	for _, c := range cases {
		if got := Line(c.in); got != c.want {
			t.Errorf("%s: Line(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

func TestLineKeepsPlainASCIIWithoutAllocating(t *testing.T) {
	s := "workspace feat on branch feat (~/code/shop)"
	if n := testing.AllocsPerRun(100, func() { _ = Line(s) }); n != 0 {
		t.Fatalf("Line allocated %v times for plain ASCII", n)
	}
}

// checkInert fails when out holds anything Line promises to remove.
func checkInert(t *testing.T, in, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("Line(%q) = %q: invalid UTF-8", in, out)
	}
	rs := []rune(out)
	for i, r := range rs {
		switch {
		case r < 0x20 || (r >= 0x7f && r < 0xa0):
			t.Fatalf("Line(%q) = %q: control %U left", in, out, r)
		case r == 0x2028 || r == 0x2029 || r == 0x3164 || r == 0xffa0:
			t.Fatalf("Line(%q) = %q: %U left", in, out, r)
		case r == 0x200d:
			if i == 0 || i == len(rs)-1 || !pictograph(rs[i+1]) {
				t.Fatalf("Line(%q) = %q: a joiner outside an emoji sequence", in, out)
			}
		case unicode.Is(unicode.Cf, r):
			t.Fatalf("Line(%q) = %q: format character %U left", in, out, r)
		}
	}
}

func FuzzLine(f *testing.F) {
	for _, s := range []string{
		"plain", "\x1b[31mred", "\x1b]8;;u\x1b\\l\x1b]8;;\x07", "a\u202eb", "👩\u200d💻",
		"\u009b1m\u009dx\u009c", "\xff\xfe", "a\nb\rc", "\x1bP\x1b\\", "\x1b", "\x1b[", "\u200d\u200d",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := Line(in)
		checkInert(t, in, out)
		if again := Line(out); again != out {
			t.Fatalf("not idempotent: Line(%q) = %q, again %q", in, out, again)
		}
		if utf8.RuneCountInString(out) > len(in) {
			t.Fatalf("Line(%q) = %q: more runes than the input had bytes", in, out)
		}
		if plainASCII(in) && out != in {
			t.Fatalf("Line(%q) = %q changed printable ASCII", in, out)
		}
	})
}
