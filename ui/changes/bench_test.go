package changes

import (
	"fmt"
	"testing"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/theme"
)

// BenchmarkShow200Changes is the UI side of a Changes refresh: 200
// modified files and 20 untracked given to the list, and the frame drawn
// (the git side is git's BenchmarkChanges10kFiles200Modified).
func BenchmarkShow200Changes(b *testing.B) {
	r := keys.MustRegistry(DefaultActions("changes")...)
	m := New(theme.Dark(), r.Map())
	m.SetSize(50, 60)
	var d Data
	for i := range 200 {
		d.Files[Unstaged] = append(d.Files[Unstaged], File{Path: fmt.Sprintf("d%02d/f%02d.txt", i%100, i/100), Code: 'M'})
	}
	for i := range 20 {
		d.Files[Untracked] = append(d.Files[Untracked], File{Path: fmt.Sprintf("new/n%02d.txt", i), Code: '?'})
	}
	d.Counts[Unstaged], d.Counts[Untracked] = 200, 20
	for b.Loop() {
		m.SetData(d)
		_ = m.View()
	}
}
