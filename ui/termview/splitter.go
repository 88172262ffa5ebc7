package termview

import "bytes"

// seqSplitter splits a few fixed escape sequences in a byte stream that arrives
// in arbitrary chunks. A sequence split across two chunks is still found: a
// chunk's tail that could begin one is held back until the next chunk. Only
// a partial escape sequence is ever held, which no emulator could act on yet.
type seqSplitter struct {
	pats  []string // every pattern starts with ESC
	carry []byte
}

// scan calls emit for consecutive runs of p (after any held-back bytes). A
// run ends just after a complete pattern, reported by its index, or at the
// end of the input with index -1. Runs alias p or an internal buffer and are
// valid only during the call.
func (s *seqSplitter) scan(p []byte, emit func(run []byte, pat int)) {
	if len(s.carry) > 0 {
		p = append(s.carry, p...)
		s.carry = s.carry[:0]
	}
	start, i := 0, 0
	for {
		j := bytes.IndexByte(p[i:], 0x1b)
		if j < 0 {
			break
		}
		i += j
		pat, partial := s.match(p[i:])
		switch {
		case pat >= 0:
			end := i + len(s.pats[pat])
			emit(p[start:end], pat)
			start, i = end, end
			continue
		case partial:
			if i > start {
				emit(p[start:i], -1)
			}
			// Copy: p may be the caller's buffer, reused for the next read.
			s.carry = append(s.carry[:0], p[i:]...)
			return
		}
		i++
	}
	if start < len(p) {
		emit(p[start:], -1)
	}
}

// match reports which pattern b starts with, or whether b is a proper
// prefix of some pattern (the rest may be in the next chunk).
func (s *seqSplitter) match(b []byte) (pat int, partial bool) {
	for k, q := range s.pats {
		if len(b) >= len(q) {
			if string(b[:len(q)]) == q {
				return k, false
			}
		} else if string(b) == q[:len(b)] {
			partial = true
		}
	}
	return -1, partial
}
