package termview

import (
	"encoding/binary"
	"hash/maphash"
	"image/color"
)

// rowHasher hashes rows of an emulator's screen, so a row rewritten with the
// cells it already held (tmux redraws every client whenever an option
// changes, clearing lines as it goes) is no news: x/vt marks such a row
// written, and without a copy of the row to compare with, only its hash
// can tell. Cells hash the way uv.Cell.Equal compares them.
type rowHasher struct {
	h   maphash.Hash
	buf [8 + 4*4*3]byte
}

func (r *rowHasher) row(e Emulator, y, w int) uint64 {
	r.h.Reset()
	for x := range w {
		c := e.CellAt(x, y)
		if c == nil {
			r.h.WriteByte(0)
			continue
		}
		_, _ = r.h.WriteString(c.Content)
		b := r.buf[:0]
		b = append(b, byte(c.Width), c.Style.Attrs, byte(c.Style.Underline), 0xff)
		b = appendColor(b, c.Style.Fg)
		b = appendColor(b, c.Style.Bg)
		b = appendColor(b, c.Style.UnderlineColor)
		_, _ = r.h.Write(b)
		_, _ = r.h.WriteString(c.Link.URL)
		_, _ = r.h.WriteString(c.Link.Params)
	}
	return r.h.Sum64()
}

// appendColor adds a colour as uv.Cell.Equal sees it: its RGBA, or nothing.
func appendColor(b []byte, c color.Color) []byte {
	if c == nil {
		return append(b, 0)
	}
	cr, cg, cb, ca := c.RGBA()
	b = append(b, 1)
	for _, v := range [4]uint32{cr, cg, cb, ca} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}
