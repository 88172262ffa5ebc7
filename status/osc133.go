package status

import (
	"bytes"
	"fmt"
	"strconv"
)

// ParseCommandMark decodes the payload of an OSC 133 sequence (the bytes
// after "133;"): a mark A, B, C or D, for D an optional exit code, then any
// number of ";key=value" parameters (aid=, cl=, k=…), which are ignored.
func ParseCommandMark(p []byte) (Event, error) {
	field, rest, _ := bytes.Cut(p, []byte{';'})
	if len(field) != 1 {
		return Event{}, fmt.Errorf("osc 133: mark %q is not one letter", field)
	}
	ev := Event{Type: EventCommand, Mark: Mark(field[0])}
	switch ev.Mark {
	case MarkPromptStart, MarkCommandStart, MarkOutputStart:
		return ev, nil
	case MarkCommandEnd:
	default:
		return Event{}, fmt.Errorf("osc 133: unknown mark %q", field)
	}
	// D's first parameter is the exit code unless it is a key=value pair.
	code, _, _ := bytes.Cut(rest, []byte{';'})
	if len(code) == 0 || bytes.IndexByte(code, '=') >= 0 {
		return ev, nil
	}
	n, err := strconv.Atoi(string(code))
	if err != nil || n < -1<<31 || n > 1<<31-1 {
		return Event{}, fmt.Errorf("osc 133: exit code %q is not a number", code)
	}
	ev.Exit, ev.HasExit = n, true
	return ev, nil
}
