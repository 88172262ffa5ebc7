package proto

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Line caps. The host's messages carry diffs and script output, so they
// may be long; a client's are requests. A longer line is a broken or
// hostile peer: the reader fails and the connection ends.
const (
	MaxHostLine   = 32 << 20
	MaxClientLine = 4 << 20
)

// ErrLineTooLong is a peer's line over the reader's cap.
var ErrLineTooLong = errors.New("protocol line over the size cap")

// Reader reads Messages, one per line, each at most max bytes.
type Reader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

// NewReader reads r with a cap of max bytes a line.
func NewReader(r io.Reader, max int) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Read returns the next message. A line over the cap, or one that is not
// a JSON object, is an error: the stream cannot be trusted after it.
func (r *Reader) Read() (Message, error) {
	r.buf = r.buf[:0]
	for {
		chunk, err := r.r.ReadSlice('\n')
		if len(r.buf)+len(chunk) > r.max {
			return Message{}, fmt.Errorf("%w (%d bytes)", ErrLineTooLong, r.max)
		}
		r.buf = append(r.buf, chunk...)
		if err == nil {
			break
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err == io.EOF && len(r.buf) > 0 {
			return Message{}, io.ErrUnexpectedEOF
		}
		return Message{}, err
	}
	var m Message
	dec := json.NewDecoder(bytes.NewReader(r.buf))
	if err := dec.Decode(&m); err != nil {
		return Message{}, fmt.Errorf("protocol line is not a message: %w", err)
	}
	if m.Type == "" {
		return Message{}, errors.New("protocol message without a type")
	}
	return m, nil
}

// Writer writes Messages, one per line; it is safe for concurrent use, so
// a request's steps and another request's reply never interleave.
type Writer struct {
	mu sync.Mutex
	w  io.Writer
}

// NewWriter writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write sends m as one line.
func (w *Writer) Write(m Message) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	w.mu.Lock()
	defer w.mu.Unlock()
	_, err = w.w.Write(b)
	return err
}

// Args encodes a request's arguments, one JSON value each.
func Args(vals ...any) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, len(vals))
	for i, v := range vals {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("argument %d: %w", i, err)
		}
		out[i] = b
	}
	return out, nil
}

// MaxHistory caps the history a host sends for the pager: encoded (an
// escape is six bytes in JSON) it stays well inside MaxHostLine, so one
// long history can never end the connection. The newest lines are kept.
const MaxHistory = 4 << 20

// LastBytes is s's last max bytes at most, cut at a line start.
func LastBytes(s string, max int) string {
	if len(s) <= max {
		return s
	}
	s = s[len(s)-max:]
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}
