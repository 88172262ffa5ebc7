package vendorhooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// This file edits JSON text in place. Settings files belong to the user and
// to the vendor: amux changes only the bytes of its own entries, so every
// other key keeps its formatting, escapes, number spelling and order. The
// input is validated with json.Valid before it is read, so the reader below
// only needs to find boundaries, not to diagnose errors.

// span is a half-open byte range of the document.
type span struct{ start, end int }

// elem is one member of an object (key through value) or one array element.
type elem struct {
	span        // the whole element: for a member, from its key to its value's end
	key  string // decoded member key; "" in arrays
	val  span   // the value
}

// container is an object or array with the positions of its brackets.
type container struct {
	open, close int // indexes of '{' / '[' and the matching '}' / ']'
	elems       []elem
}

// readContainer reads the object or array whose bracket is at data[open].
func readContainer(data []byte, open int) (container, error) {
	c := container{open: open}
	isObj := data[open] == '{'
	closer := byte(']')
	if isObj {
		closer = '}'
	}
	i := skipWS(data, open+1)
	for i < len(data) && data[i] != closer {
		var e elem
		e.start = i
		if isObj {
			end, err := skipString(data, i)
			if err != nil {
				return c, err
			}
			if err := json.Unmarshal(data[i:end], &e.key); err != nil {
				return c, err
			}
			i = skipWS(data, end)
			if i >= len(data) || data[i] != ':' {
				return c, errors.New("missing ':' after object key")
			}
			i = skipWS(data, i+1)
		}
		end, err := skipValue(data, i)
		if err != nil {
			return c, err
		}
		e.val = span{i, end}
		e.end = end
		c.elems = append(c.elems, e)
		i = skipWS(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipWS(data, i+1)
		}
	}
	if i >= len(data) {
		return c, errors.New("unterminated object or array")
	}
	c.close = i
	return c, nil
}

// last returns the index of the last member named key (a JSON reader keeps
// the last of duplicate keys), or -1.
func (c container) last(key string) int {
	for i := len(c.elems) - 1; i >= 0; i-- {
		if c.elems[i].key == key {
			return i
		}
	}
	return -1
}

func skipWS(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipString returns the index after the string literal starting at data[i].
func skipString(data []byte, i int) (int, error) {
	if i >= len(data) || data[i] != '"' {
		return 0, errors.New("expected a string")
	}
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1, nil
		}
	}
	return 0, errors.New("unterminated string")
}

// skipValue returns the index after the JSON value starting at data[i].
func skipValue(data []byte, i int) (int, error) {
	if i >= len(data) {
		return 0, errors.New("missing value")
	}
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				end, err := skipString(data, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, errors.New("unterminated object or array")
	default:
		j := i
		for j < len(data) && !isBlank(data[j]) && data[j] != ',' && data[j] != '}' && data[j] != ']' {
			j++
		}
		return j, nil
	}
}

// splice replaces data[s.start:s.end] with text, returning a new slice.
func splice(data []byte, s span, text []byte) []byte {
	out := make([]byte, 0, len(data)-(s.end-s.start)+len(text))
	out = append(out, data[:s.start]...)
	out = append(out, text...)
	return append(out, data[s.end:]...)
}

// deleteElem removes element i of c with the separator that belongs to it,
// so that deleting what appendElem added restores the original bytes.
func deleteElem(data []byte, c container, i int) []byte {
	switch {
	case len(c.elems) == 1:
		return splice(data, span{c.open + 1, c.close}, nil)
	case i > 0:
		return splice(data, span{c.elems[i-1].end, c.elems[i].end}, nil)
	default:
		return splice(data, span{c.elems[0].start, c.elems[1].start}, nil)
	}
}

// style is how a document is laid out, learnt from its top-level object.
type style struct {
	multiline bool   // elements start on their own lines
	unit      string // one level of indentation
	newline   string // "\n", or "\r\n" for a file written on Windows
}

// styleOf reads the layout from the top-level object's first member;
// an empty object gets Claude Code's own: two spaces.
func styleOf(data []byte, top container) style {
	newline := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		newline = "\r\n"
	}
	if len(top.elems) == 0 {
		return style{multiline: true, unit: "  ", newline: newline}
	}
	lead := data[top.open+1 : top.elems[0].start]
	nl := bytes.LastIndexByte(lead, '\n')
	if nl < 0 {
		return style{newline: newline}
	}
	unit := string(lead[nl+1:])
	if outer := lineIndent(data, top.open); len(unit) > len(outer) {
		unit = unit[len(outer):]
	}
	if unit == "" {
		unit = "  "
	}
	return style{multiline: true, unit: unit, newline: newline}
}

// lineIndent is the run of blanks that starts the line holding data[pos].
func lineIndent(data []byte, pos int) string {
	start := bytes.LastIndexByte(data[:pos], '\n') + 1
	end := start
	for end < pos && (data[end] == ' ' || data[end] == '\t') {
		end++
	}
	return string(data[start:end])
}

// entry is what appendElem adds: an array element, or an object member
// when isMember is set.
type entry struct {
	isMember bool
	key      string
	value    []byte // compact JSON
}

// appendElem adds e after the last element of c, laid out like its
// siblings (or, in an empty container, like the document).
func appendElem(data []byte, c container, e entry, st style) ([]byte, error) {
	if len(c.elems) > 0 {
		last := c.elems[len(c.elems)-1]
		leadStart := last.start
		for leadStart > c.open+1 && isBlank(data[leadStart-1]) {
			leadStart--
		}
		lead := data[leadStart:last.start]
		multiline := bytes.IndexByte(lead, '\n') >= 0
		indent := ""
		if multiline {
			indent = string(lead[bytes.LastIndexByte(lead, '\n')+1:])
		}
		body, err := e.render(multiline, indent, st.unit, st.newline)
		if err != nil {
			return nil, err
		}
		ins := append(append([]byte{','}, lead...), body...)
		return splice(data, span{last.end, last.end}, ins), nil
	}
	if !st.multiline {
		body, err := e.render(false, "", "", "")
		if err != nil {
			return nil, err
		}
		return splice(data, span{c.open + 1, c.close}, body), nil
	}
	outer := lineIndent(data, c.open)
	body, err := e.render(true, outer+st.unit, st.unit, st.newline)
	if err != nil {
		return nil, err
	}
	ins := st.newline + outer + st.unit + string(body) + st.newline + outer
	return splice(data, span{c.open + 1, c.close}, []byte(ins)), nil
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// render lays e out for a line that begins with indent. The first line has
// no prefix: it follows the separator already written.
func (e entry) render(multiline bool, indent, unit, newline string) ([]byte, error) {
	var out []byte
	if e.isMember {
		k, err := marshal(e.key)
		if err != nil {
			return nil, err
		}
		out = append(k, ':')
		if multiline {
			out = append(out, ' ')
		}
	}
	if !multiline {
		return append(out, e.value...), nil
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, e.value, indent, unit); err != nil {
		return nil, fmt.Errorf("laying out amux's entry: %w", err)
	}
	body := buf.Bytes()
	if newline != "\n" {
		body = bytes.ReplaceAll(body, []byte("\n"), []byte(newline))
	}
	return append(out, body...), nil
}

// marshal encodes v compactly without HTML escaping: the hook commands hold
// "&&" and ">", which must stay readable in the user's file.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
