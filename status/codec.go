package status

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
)

// ErrQuery is returned by ParsePayload for the capability query (OSC 7501;?),
// which carries no report.
var ErrQuery = errors.New("capability query")

// ParsePayload decodes the payload of an OSC 7501 sequence (the bytes between
// "7501;" and the terminator) and validates it. Any malformed element, bad
// base64 or breached limit returns an error: the whole report is dropped.
func ParsePayload(p []byte) (Report, error) {
	if len(p) > 0 && p[0] == '?' {
		// The query may carry extra keys in later revisions; tolerate them.
		return Report{}, ErrQuery
	}
	if len(p) == 0 {
		return Report{}, errors.New("empty report")
	}
	var r Report
	var msg, title, progress []byte
	var hasMsg, hasTitle, hasProgress, hasApp, hasID bool
	for len(p) > 0 {
		var elem []byte
		if i := bytes.IndexByte(p, ':'); i >= 0 {
			elem, p = p[:i], p[i+1:]
			if len(p) == 0 {
				return Report{}, errors.New("trailing ':'")
			}
		} else {
			elem, p = p, nil
		}
		eq := bytes.IndexByte(elem, '=')
		if eq < 0 {
			return Report{}, fmt.Errorf("element %q is not key=value", elem)
		}
		key, val := elem[:eq], elem[eq+1:]
		if !validKey(key) {
			return Report{}, fmt.Errorf("key %q is not lowercase [a-z0-9_-]", key)
		}
		// A repeated key takes the last value; unknown keys are ignored.
		switch string(key) {
		case "state":
			r.State = State(val)
		case "kind":
			r.Kind = Kind(val)
		case "app":
			r.App, hasApp = string(val), true
		case "id":
			r.ID, hasID = string(val), true
		case "msg":
			msg, hasMsg = val, true
		case "title":
			title, hasTitle = val, true
		case "progress":
			progress, hasProgress = val, true
		}
	}
	// Present-but-empty app or id is malformed, not "absent".
	if hasApp && r.App == "" {
		return Report{}, errors.New("app: empty value")
	}
	if hasID && r.ID == "" {
		return Report{}, errors.New("id: empty value")
	}
	var err error
	if hasMsg {
		if r.Message, err = decodeText(msg, MaxMessageBytes); err != nil {
			return Report{}, fmt.Errorf("msg: %w", err)
		}
	}
	if hasTitle {
		if r.Title, err = decodeText(title, MaxTitleBytes); err != nil {
			return Report{}, fmt.Errorf("title: %w", err)
		}
	}
	if hasProgress {
		if r.Progress, err = parseProgress(progress); err != nil {
			return Report{}, err
		}
		r.HasProgress = true
	}
	if err := Validate(r); err != nil {
		return Report{}, err
	}
	return r, nil
}

func validKey(k []byte) bool {
	if len(k) == 0 {
		return false
	}
	for _, c := range k {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// decodeText decodes standard base64 (padded, or unpadded as some encoders
// emit) and bounds the decoded size before allocating it.
func decodeText(b []byte, limit int) (string, error) {
	enc := base64.StdEncoding
	if len(b)%4 != 0 {
		enc = base64.RawStdEncoding
	}
	if enc.DecodedLen(len(b)) > limit+2 {
		return "", fmt.Errorf("longer than %d bytes decoded", limit)
	}
	out := make([]byte, enc.DecodedLen(len(b)))
	n, err := enc.Decode(out, b)
	if err != nil {
		return "", fmt.Errorf("bad base64: %w", err)
	}
	if n > limit {
		return "", fmt.Errorf("longer than %d bytes decoded", limit)
	}
	return string(out[:n]), nil
}

func parseProgress(b []byte) (int, error) {
	if len(b) == 0 || len(b) > 3 {
		return 0, fmt.Errorf("progress %q is not 0–100", b)
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("progress %q is not 0–100", b)
		}
	}
	n, _ := strconv.Atoi(string(b))
	if n > 100 {
		return 0, fmt.Errorf("progress %d is outside 0–100", n)
	}
	return n, nil
}

// Encode validates r and renders it as one complete OSC 7501 sequence
// terminated by ESC \. For a report with only a state and a message the
// bytes equal what the contract's shell function prints.
func Encode(r Report) ([]byte, error) {
	if err := Validate(r); err != nil {
		return nil, err
	}
	b := make([]byte, 0, 64+base64.StdEncoding.EncodedLen(len(r.Message)+len(r.Title)))
	b = append(b, "\x1b]7501;state="...)
	b = append(b, r.State...)
	if r.Kind != "" {
		b = append(append(b, ":kind="...), r.Kind...)
	}
	if r.App != "" {
		b = append(append(b, ":app="...), r.App...)
	}
	if r.ID != "" {
		b = append(append(b, ":id="...), r.ID...)
	}
	if r.HasProgress {
		b = strconv.AppendInt(append(b, ":progress="...), int64(r.Progress), 10)
	}
	if r.Title != "" {
		b = base64.StdEncoding.AppendEncode(append(b, ":title="...), []byte(r.Title))
	}
	if r.Message != "" {
		b = base64.StdEncoding.AppendEncode(append(b, ":msg="...), []byte(r.Message))
	}
	b = append(b, "\x1b\\"...)
	if len(b) > MaxReportBytes {
		return nil, fmt.Errorf("report is %d bytes, at most %d", len(b), MaxReportBytes)
	}
	return b, nil
}
