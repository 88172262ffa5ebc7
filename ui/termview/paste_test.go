package termview

import "testing"

func TestSanitizePaste(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "hello world", "hello world"},
		{"crlf", "a\r\nb\r\n", "a\nb\n"},
		{"lone cr", "a\rb", "a\nb"},
		{"cr cr lf", "a\r\r\nb", "a\n\nb"},
		{"lf and tab kept", "a\n\tb", "a\n\tb"},
		{"esc stripped", "a\x1b[31mred", "a[31mred"},
		{"embedded paste end", "x\x1b[201~rm -rf /\r", "x[201~rm -rf /\n"},
		{"c0 stripped", "a\x00\x01\x03\x07\x08\x0b\x0c\x1fb", "ab"},
		{"del stripped", "a\x7fb", "ab"},
		{"c1 csi stripped", "a\u009b31mb", "a31mb"},
		{"c1 range stripped", "a\u0080\u0085\u009fb", "ab"},
		{"raw 8-bit csi byte stripped", "a\x9b31mb", "a31mb"},
		{"invalid utf-8 stripped", "a\xff\xfeb", "ab"},
		{"unicode kept", "日本語 ✓ é", "日本語 ✓ é"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(SanitizePaste(tt.in)); got != tt.want {
				t.Errorf("SanitizePaste(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestEncodePaste(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		modes Modes
		want  string
	}{
		{"unbracketed", "a\r\nb", 0, "a\nb"},
		{"bracketed", "a\r\nb", ModeBracketedPaste, "\x1b[200~a\nb\x1b[201~"},
		{"hostile end marker cannot escape", "x\x1b[201~\x03evil\r", ModeBracketedPaste, "\x1b[200~x[201~evil\n\x1b[201~"},
		{"nothing left", "\x1b\x03", ModeBracketedPaste, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(EncodePaste(tt.in, tt.modes)); got != tt.want {
				t.Errorf("EncodePaste(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
