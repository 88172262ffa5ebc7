// Package events is the history of agent states on disk: every state
// transition of every session, one JSON object per line, in
// <state home>/events/<session>.jsonl. The scan owner (status/monitor) is
// its one writer; the UI reads it for a tab's last transitions and a
// workspace's timeline.
//
// Each file is bounded: past MaxBytes it is rotated (<name>.jsonl.1, then
// .2) and the oldest dropped, so a session's history costs at most three
// files of MaxBytes. Files are 0600 in a 0700 directory, opened without
// following links; appends hold the directory's lock (atomicfile.Lock), and
// a line goes out in one write, so a reader never sees half a record it
// keeps (a torn last line is skipped).
package events

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// DirName is the folder under the state home that holds the history.
const DirName = "events"

// Bounds of one session's history.
const (
	MaxBytes = 1 << 20 // a file is rotated once the next line would pass this
	Keep     = 2       // rotated files kept beside the live one
)

// readTimeout bounds reading one history file.
const readTimeout = 5 * time.Second

// Record is one state transition of one session.
type Record struct {
	At        time.Time `json:"at"`
	Session   string    `json:"session"`
	Workspace string    `json:"workspace,omitempty"`
	Tab       string    `json:"tab,omitempty"`
	Type      string    `json:"type,omitempty"` // agent, terminal or run
	From      string    `json:"from"`           // "" for a session's first record
	To        string    `json:"to"`
	Source    string    `json:"source"`         // what decided: reported, screen, command, exit…
	Kind      string    `json:"kind,omitempty"` // with blocked: permission, question, auth
	Message   string    `json:"message,omitempty"`
	Exit      *int      `json:"exit,omitempty"`
	Detail    string    `json:"detail,omitempty"`
}

// Log is the history under one directory.
type Log struct {
	dir      string
	maxBytes int64
}

// Open returns the history kept in dir (<state home>/events). Nothing is
// created until the first Append.
func Open(dir string) *Log { return &Log{dir: dir, maxBytes: MaxBytes} }

// Dir is where the history lives.
func (l *Log) Dir() string { return l.dir }

// FileName is the history file of a session: its name when that is a safe
// file name, else a hash of it (a session name is outside text).
func FileName(session string) string {
	if safeName(session) {
		return session + ".jsonl"
	}
	sum := sha256.Sum256([]byte(session))
	return "session-" + hex.EncodeToString(sum[:8]) + ".jsonl"
}

func safeName(s string) bool {
	if s == "" || len(s) > 128 || s[0] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// Append adds rec to its session's history, rotating the file first when
// the line would take it past MaxBytes.
func (l *Log) Append(ctx context.Context, rec Record) error {
	line, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	if err := l.ensureDir(); err != nil {
		return err
	}
	unlock, err := atomicfile.Lock(ctx, filepath.Join(l.dir, "history"))
	if err != nil {
		return err
	}
	defer unlock()
	path := filepath.Join(l.dir, FileName(rec.Session))
	if fi, err := os.Lstat(path); err == nil && fi.Size()+int64(len(line)) > l.maxBytes {
		if err := rotate(path); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0o600)
	if err != nil {
		return fmt.Errorf("history of %s: %w", rec.Session, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return fmt.Errorf("history of %s: %s is not a regular file", rec.Session, path)
	}
	_, err = f.Write(line)
	return err
}

// ensureDir makes the directory private to this user.
func (l *Log) ensureDir() error {
	if err := os.MkdirAll(l.dir, 0o700); err != nil {
		return err
	}
	fi, err := os.Lstat(l.dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("history: %s is not a directory", l.dir)
	}
	if fi.Mode().Perm() != 0o700 {
		return os.Chmod(l.dir, 0o700)
	}
	return nil
}

// rotate shifts path to path.1, path.1 to path.2, …, dropping the oldest.
func rotate(path string) error {
	for i := Keep; i >= 1; i-- {
		from := path
		if i > 1 {
			from = path + "." + strconv.Itoa(i-1)
		}
		if err := os.Rename(from, path+"."+strconv.Itoa(i)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// Tail returns a session's last n records, oldest first (all with n <= 0).
func (l *Log) Tail(session string, n int) ([]Record, error) {
	recs, err := l.readSession(FileName(session))
	if n > 0 && len(recs) > n {
		recs = recs[len(recs)-n:]
	}
	return recs, err
}

// readSession reads a session's files, oldest first. A missing file is an
// empty history.
func (l *Log) readSession(name string) ([]Record, error) {
	var out []Record
	var errs []error
	for i := Keep; i >= 0; i-- {
		file := name
		if i > 0 {
			file += "." + strconv.Itoa(i)
		}
		data, err := atomicfile.ReadRegular(l.dir, file, l.maxBytes+64<<10, readTimeout)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, parse(data)...)
	}
	return out, errors.Join(errs...)
}

// parse decodes one record per line, skipping lines that do not decode (a
// torn last line, a hand edit).
func parse(data []byte) []Record {
	var out []Record
	for len(data) > 0 {
		i := indexNL(data)
		if i < 0 {
			break // a line still being written
		}
		var r Record
		if json.Unmarshal(data[:i], &r) == nil && r.Session != "" {
			out = append(out, r)
		}
		data = data[i+1:]
	}
	return out
}

func indexNL(b []byte) int {
	for i, c := range b {
		if c == '\n' {
			return i
		}
	}
	return -1
}

// Line is the record as one line: time, session, from → to, source, kind,
// exit and message (the timeline of a workspace, where sessions differ).
func (r Record) Line(loc *time.Location) string {
	if loc == nil {
		loc = time.Local
	}
	return r.At.In(loc).Format("15:04:05") + " " + r.Session + " " + r.transition()
}

// Transition is Line without the session, for a list of one session's
// records.
func (r Record) Transition(loc *time.Location) string {
	if loc == nil {
		loc = time.Local
	}
	return r.At.In(loc).Format("15:04:05") + " " + r.transition()
}

func (r Record) transition() string {
	from := r.From
	if from == "" {
		from = "·"
	}
	s := from + " → " + r.To + " (" + r.Source
	if r.Kind != "" {
		s += ", " + r.Kind
	}
	if r.Exit != nil {
		s += ", exit " + strconv.Itoa(*r.Exit)
	}
	s += ")"
	if r.Message != "" {
		s += ": " + r.Message
	}
	return s
}
