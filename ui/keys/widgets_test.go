package keys_test

import (
	"testing"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
)

func TestEveryWidgetRowIsDeclaredWhole(t *testing.T) {
	keystest.CheckTable(t, keys.WidgetTable(), keys.Widgets{})
	if n := len(keys.ComponentActions()) + len(keys.HistoryActions()); n != len(keys.WidgetTable()) {
		t.Fatalf("%d widget actions, %d rows", n, len(keys.WidgetTable()))
	}
}
