package fuzzylist

import (
	"strings"
	"testing"

	"amux.dev/amux/ui/theme"
)

func TestFilterAndCursor(t *testing.T) {
	l := New([]Item{{Title: "New workspace"}, {Title: "Delete workspace"}, {Title: "Add project"}})
	l.SetQuery("delws")
	if i, ok := l.Selected(); !ok || i != 1 || l.Len() != 1 {
		t.Fatalf("selected %d ok=%v len=%d", i, ok, l.Len())
	}
	l.SetQuery("")
	l.Move(5)
	if i, _ := l.Selected(); i != 2 {
		t.Fatalf("clamp: %d", i)
	}
	l.Move(-9)
	if i, _ := l.Selected(); i != 0 {
		t.Fatalf("clamp up: %d", i)
	}
	l.SetQuery("zzz")
	if _, ok := l.Selected(); ok {
		t.Fatal("selection with no matches")
	}
	if !strings.Contains(l.View(theme.Dark(), 30, 5), "no matches") {
		t.Fatal("empty view")
	}
}

func TestViewKeepsCursorVisible(t *testing.T) {
	var items []Item
	for _, s := range strings.Fields("a b c d e f g h i j") {
		items = append(items, Item{Title: "item-" + s, Note: "k"})
	}
	l := New(items)
	l.Move(8)
	v := l.View(theme.Dark(), 20, 3)
	if !strings.Contains(v, "item-i") || strings.Contains(v, "item-a") {
		t.Fatalf("window:\n%s", v)
	}
}
