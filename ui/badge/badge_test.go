package badge

import (
	"strings"
	"testing"
)

// The legend covers every mark the issue names, each once, and urgency puts
// a blocked agent first.
func TestLegendAndUrgency(t *testing.T) {
	var glyphs []string
	seen := map[string]bool{}
	for _, k := range All() {
		g := k.Glyph()
		if seen[g] || k.Meaning() == "" {
			t.Errorf("%v: glyph %q repeated or no meaning", k, g)
		}
		seen[g] = true
		glyphs = append(glyphs, g)
	}
	for _, want := range []string{"○", "●", "◆", "✓", "⏸", "■", "✗"} {
		if !seen[want] {
			t.Errorf("legend lacks %s (has %s)", want, strings.Join(glyphs, " "))
		}
	}
	if got := MostUrgent(Done, Blocked, Working, Error); got != Blocked {
		t.Fatalf("most urgent = %v", got)
	}
	if got := MostUrgent(Idle, Attached, Done); got != Done {
		t.Fatalf("most urgent = %v", got)
	}
	if MostUrgent() != Idle {
		t.Fatal("none is not idle")
	}
}
