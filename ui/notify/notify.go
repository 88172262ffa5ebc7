// Package notify builds the escape sequences that ask the terminal amux
// runs in for a desktop notification: OSC 9 (iTerm2, Windows Terminal,
// ghostty, kitty, WezTerm) or OSC 777 (foot, urxvt, VTE terminals,
// WezTerm). amux sends one when a tab turns blocked or finishes work that
// wants a person (config ui.notifications); terminals that know neither
// ignore them.
package notify

import (
	"strings"
	"unicode"
)

// Styles, as config.json's ui.notifications spells them.
const (
	OSC9   = "osc9"
	OSC777 = "osc777"
	Off    = "off"
)

// maxText bounds each part of a notification, in runes.
const maxText = 200

// Sequence is the escape sequence for a notification in style, or "" for
// Off and unknown styles. Title and body are outside text (a tab's name,
// an agent's question): control characters go (an ESC or BEL in them
// would end the sequence and let the rest act on the terminal), and for
// OSC 777, whose fields are ";"-separated, so does ";" in the title.
func Sequence(style, title, body string) string {
	title, body = clean(title), clean(body)
	switch style {
	case OSC9:
		text := title
		if body != "" {
			text += ": " + body
		}
		return "\x1b]9;" + text + "\a"
	case OSC777:
		return "\x1b]777;notify;" + strings.ReplaceAll(title, ";", ",") + ";" + body + "\a"
	}
	return ""
}

// ForTmux wraps a sequence in tmux's passthrough, for an amux that itself
// runs inside tmux (which then needs allow-passthrough on to pass it).
func ForTmux(seq string) string {
	if seq == "" {
		return ""
	}
	return "\x1bPtmux;" + strings.ReplaceAll(seq, "\x1b", "\x1b\x1b") + "\x1b\\"
}

// clean drops control characters (and invisible format characters) and
// caps the text.
func clean(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\uFFFD' {
			continue
		}
		if n == maxText {
			b.WriteRune('…')
			break
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}
