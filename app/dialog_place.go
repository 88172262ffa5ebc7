package app

import (
	"strings"

	"charm.land/lipgloss/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/screen"
)

// One placement rule for every dialog (each overlay but the full-screen
// viewers): it is centred inside the tab area's frame and cut to it, so it
// never draws over a panel's border. Where the tab area is narrower than
// dialogMinWidth (80×24 with the list shown) it takes the body's full
// width instead: its rows are cleared edge to edge, so no border shows
// half-covered beside it. The notice row and the footer stay in sight.

// Dialog sizes, in columns.
const (
	dialogMinWidth = 60 // the tab area must be this wide to hold a dialog
	dialogMaxWidth = 90 // no dialog is wider
)

// dialogArea is where the open dialog goes; full reports the full-width
// case.
// o is the open dialog, w the screen's width.
func dialogArea(o modal.Modal, w int, l layout) (area uv.Rectangle, full bool) {
	need := dialogMinWidth
	if r, ok := o.(modal.Roomy); ok {
		need = r.WantsWidth()
	}
	if in := l.tabAreaInner(w); in.Dx() >= need {
		return in, false
	}
	return uv.Rect(0, 0, w, l.bodyHeight-1), true
}

// drawDialog draws the open overlay by the rule above.
func (m painter) drawDialog(c *screen.Canvas, l layout) {
	area, full := dialogArea(m.overlay, m.w, l)
	if area.Dx() < 1 || area.Dy() < 1 {
		return
	}
	box := overlayView(m.overlay, min(area.Dx(), dialogMaxWidth), area.Dy())
	lines := strings.Split(box, "\n")
	if len(lines) > area.Dy() {
		lines = lines[:area.Dy()]
	}
	bw := 0
	for i, line := range lines {
		lines[i] = ansi.Truncate(line, area.Dx(), "")
		bw = max(bw, lipgloss.Width(lines[i]))
	}
	x := area.Min.X + (area.Dx()-bw)/2
	y := area.Min.Y + (area.Dy()-len(lines))/2
	for i, line := range lines {
		row := uv.Rect(x, y+i, bw, 1)
		if full {
			// The whole row is the dialog's: nothing behind shows beside it.
			row = uv.Rect(area.Min.X, y+i, area.Dx(), 1)
			line = strings.Repeat(" ", x-area.Min.X) + line
		}
		c.DrawString(row, line)
	}
}
