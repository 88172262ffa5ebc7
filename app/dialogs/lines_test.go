package dialogs

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/keys"
)

// openLines refreshes the open lines overlay of the same scope in place
// and opens a new one otherwise.
func TestOpenLinesRefreshesTheOneOpenInItsScope(t *testing.T) {
	const scopeHealth, scopeTimeline keys.Scope = "health", "timeline"
	read := func() tea.Msg { return LinesMsg{Lines: []string{"a"}} }
	cmd, out := OpenLines(modal.Kit{}, nil, "Health", scopeHealth, "", read)
	o, ok := out.Open.(*Lines)
	if !ok || cmd == nil || !o.loading || o.title != "Health" {
		t.Fatalf("first open: %+v %v", out, cmd)
	}
	again, out2 := OpenLines(modal.Kit{}, o, "Health", scopeHealth, "", read)
	if out2.Open != nil || again == nil || o.gen != 2 {
		t.Fatalf("the same scope opened another: %+v, gen %d", out2, o.gen)
	}
	_, out3 := OpenLines(modal.Kit{}, o, "Timeline", scopeTimeline, "w1", read)
	if o3, ok := out3.Open.(*Lines); !ok || o3 == o || o3.subject != "w1" {
		t.Fatalf("another scope did not open its own: %+v", out3)
	}
}
