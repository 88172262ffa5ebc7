package status

import (
	"bytes"
	"errors"
	"fmt"
)

// EventType says what a parser Event carries.
type EventType uint8

// Parser event types.
const (
	EventReport  EventType = iota + 1 // a valid OSC 7501 report
	EventQuery                        // the OSC 7501 capability query
	EventCommand                      // an OSC 133 mark
	EventDropped                      // a malformed, oversized or interrupted sequence
)

// Mark is an OSC 133 semantic-prompt mark.
type Mark byte

// The OSC 133 marks amux tracks.
const (
	MarkPromptStart  Mark = 'A' // a new prompt begins
	MarkCommandStart Mark = 'B' // the prompt ends, command input begins
	MarkOutputStart  Mark = 'C' // the command runs
	MarkCommandEnd   Mark = 'D' // the command finished, optionally with an exit code
)

// Event is one thing the parser found in a pane's output.
type Event struct {
	Type    EventType
	Report  Report // EventReport
	Mark    Mark   // EventCommand
	Exit    int    // EventCommand with MarkCommandEnd, when HasExit
	HasExit bool
	Err     error // EventDropped: why the sequence was dropped
	// BEL is set when the sequence ended in BEL rather than ST: a query's
	// answer ends the way the query did.
	BEL bool
}

type parseState uint8

const (
	stGround  parseState = iota
	stEsc                // saw ESC outside a string
	stOSCNum             // inside ESC ] reading the number
	stOSCBody            // inside an OSC body
	stOSCEsc             // saw ESC inside an OSC body: ST or an interruption
)

// maxPayload bounds what the parser buffers for one sequence: the report
// limit minus the shortest frame (ESC ] 7501 ; … ESC \).
const maxPayload = MaxReportBytes - len("\x1b]7501;") - len("\x1b\\")

// OSCParser finds OSC 7501 and OSC 133 sequences in a byte stream that may be
// split anywhere across writes. Its memory is bounded (one sequence of at
// most MaxReportBytes); an unterminated sequence is dropped once it passes
// that cap and scanning resumes at the next ESC. It never fails or panics.
//
// Output without ESC costs one bytes.IndexByte per write: that is the common
// case for pane output, so nothing else happens per byte there.
type OSCParser struct {
	emit    func(Event)
	st      parseState
	num     int  // OSC number digits so far
	numLen  int  // digits seen
	collect bool // this OSC is one we parse (7501 or 133)
	bad     error
	bel     bool // the sequence being finished ended in BEL
	buf     []byte
}

// NewOSCParser returns a parser that calls emit for every event, in order,
// from inside Write.
func NewOSCParser(emit func(Event)) *OSCParser {
	return &OSCParser{emit: emit}
}

// Write scans p. It always consumes all of p and never returns an error.
func (s *OSCParser) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		switch s.st {
		case stGround:
			i := bytes.IndexByte(p, 0x1b)
			if i < 0 {
				return n, nil
			}
			p = p[i+1:]
			s.st = stEsc
		case stEsc:
			p = s.afterEsc(p)
		case stOSCNum:
			p = s.oscNum(p)
		case stOSCBody:
			p = s.oscBody(p)
		case stOSCEsc:
			if p[0] == '\\' {
				s.bel = false
				s.finish()
				s.st = stGround
				p = p[1:]
				continue
			}
			// ESC not followed by '\' interrupts the string; that ESC
			// starts whatever comes next, so resync on it.
			s.interrupt(errors.New("sequence interrupted by ESC"))
			s.st = stEsc
		}
	}
	return n, nil
}

// Pending reports whether the stream stopped inside what may be a sequence
// the parser reports (an ESC, an OSC number, or a 7501 or 133 body): its
// rest is on the way, and the tap reads it at once rather than pausing.
func (s *OSCParser) Pending() bool {
	switch s.st {
	case stEsc, stOSCNum:
		return true
	case stOSCBody, stOSCEsc:
		return s.collect
	}
	return false
}

// afterEsc handles the byte after an ESC in ground state.
func (s *OSCParser) afterEsc(p []byte) []byte {
	switch p[0] {
	case ']':
		s.st, s.num, s.numLen, s.collect, s.bad = stOSCNum, 0, 0, false, nil
		s.buf = s.buf[:0]
	case 0x1b:
		// ESC ESC: the second one may start a sequence.
	default:
		s.st = stGround
	}
	return p[1:]
}

// oscNum reads the OSC number up to ';' and decides whether to keep the body.
func (s *OSCParser) oscNum(p []byte) []byte {
	for i, c := range p {
		switch {
		case c >= '0' && c <= '9' && s.numLen < 6:
			s.num = s.num*10 + int(c-'0')
			s.numLen++
		case c == ';':
			s.collect = s.numLen > 0 && (s.num == OSCStatus || s.num == OSCCommand)
			s.st = stOSCBody
			return p[i+1:]
		case c == 0x07 || c == 0x1b:
			// Terminated (or interrupted) before any payload.
			s.collect = s.numLen > 0 && (s.num == OSCStatus || s.num == OSCCommand)
			if s.collect {
				s.bad = errors.New("empty payload")
			}
			s.st = stOSCBody
			return p[i:]
		default:
			s.st, s.collect = stOSCBody, false
			return p[i:]
		}
	}
	return nil
}

// oscBody consumes body bytes up to a terminator. Skipped OSCs (clipboard,
// hyperlinks, titles…) are passed over with IndexByte, never buffered.
func (s *OSCParser) oscBody(p []byte) []byte {
	end := indexTerminator(p)
	body := p
	if end >= 0 {
		body = p[:end]
	}
	if s.collect && s.bad == nil {
		if len(s.buf)+len(body) > maxPayload {
			s.bad = fmt.Errorf("sequence longer than %d bytes", MaxReportBytes)
			s.emit(Event{Type: EventDropped, Err: s.bad})
			s.collect = false // skip the rest cheaply; already reported
			s.buf = s.buf[:0]
		} else {
			for _, c := range body {
				if c < 0x20 || c == 0x7f {
					s.bad = fmt.Errorf("control byte %#02x inside the sequence", c)
					break
				}
			}
			if s.bad == nil {
				if s.buf == nil {
					s.buf = make([]byte, 0, 256)
				}
				s.buf = append(s.buf, body...)
			}
		}
	}
	if end < 0 {
		return nil
	}
	if p[end] == 0x07 {
		s.bel = true
		s.finish()
		s.st = stGround
	} else {
		s.st = stOSCEsc
	}
	return p[end+1:]
}

// indexTerminator finds the first BEL or ESC in p.
func indexTerminator(p []byte) int {
	i := bytes.IndexByte(p, 0x1b)
	limit := p
	if i >= 0 {
		limit = p[:i]
	}
	if j := bytes.IndexByte(limit, 0x07); j >= 0 {
		return j
	}
	return i
}

// interrupt drops the sequence in progress.
func (s *OSCParser) interrupt(err error) {
	if s.collect {
		if s.bad == nil {
			s.bad = err
		}
		s.emit(Event{Type: EventDropped, Err: s.bad})
	}
	s.collect = false
	s.buf = s.buf[:0]
}

// finish handles a terminated sequence.
func (s *OSCParser) finish() {
	if !s.collect {
		return
	}
	s.collect = false
	if s.bad != nil {
		s.emit(Event{Type: EventDropped, Err: s.bad})
		return
	}
	payload := s.buf
	s.buf = s.buf[:0]
	if s.num == OSCCommand {
		ev, err := ParseCommandMark(payload)
		if err != nil {
			s.emit(Event{Type: EventDropped, Err: err})
			return
		}
		s.emit(ev)
		return
	}
	r, err := ParsePayload(payload)
	switch {
	case errors.Is(err, ErrQuery):
		s.emit(Event{Type: EventQuery, BEL: s.bel})
	case err != nil:
		s.emit(Event{Type: EventDropped, Err: err})
	default:
		s.emit(Event{Type: EventReport, Report: r})
	}
}
