package ports

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// schemaVersion is the registry format this package reads and writes. A file
// carrying a higher number is refused, never downgraded.
const schemaVersion = 1

// document is the on-disk registry.
type document struct {
	Version      int     `json:"version"`
	Reservations []entry `json:"reservations"`
}

// entry is one reservation as stored.
type entry struct {
	Owner    string    `json:"owner"`
	Start    int       `json:"start"`
	Size     int       `json:"size"`
	Created  time.Time `json:"created"`
	Settings Settings  `json:"settings"`
	// PIDToken identifies the owning process beyond its pid (transient holds
	// only), so a recycled pid does not keep a dead owner's hold alive.
	PIDToken string `json:"pid_token,omitempty"`
}

func (e entry) reservation() Reservation {
	_, _, transient := parseTransientOwner(e.Owner)
	return Reservation{
		Owner: e.Owner, Start: e.Start, Size: e.Size, Created: e.Created,
		Settings: e.Settings, Transient: transient,
	}
}

func (e entry) end() int { return e.Start + e.Size - 1 }

// decode parses and fully validates registry bytes. Any problem comes back
// as a *CorruptError; the caller must then leave the file alone.
func decode(path string, data []byte) (*document, error) {
	corrupt := func(problem error, format string, args ...any) error {
		return &CorruptError{Path: path, Problem: problem, Detail: fmt.Sprintf(format, args...)}
	}
	// One strict pass on the happy path. Only when it fails is the version
	// read on its own, so a newer file is reported as newer even when its
	// other fields do not parse under this schema.
	var head struct {
		Version      *int    `json:"version"`
		Reservations []entry `json:"reservations"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	strictErr := dec.Decode(&head)
	if strictErr == nil {
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			strictErr = errors.New("trailing data after the document")
		}
	} else {
		var v struct {
			Version *int `json:"version"`
		}
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, corrupt(ErrMalformed, "%v", strictErr)
		}
		head.Version = v.Version
	}
	switch {
	case head.Version == nil:
		return nil, corrupt(ErrMalformed, "no \"version\" field")
	case *head.Version > schemaVersion:
		return nil, corrupt(ErrNewerVersion, "file has version %d, this amux reads up to %d", *head.Version, schemaVersion)
	case *head.Version < 1:
		return nil, corrupt(ErrMalformed, "version %d is not a registry version", *head.Version)
	case strictErr != nil:
		return nil, corrupt(ErrMalformed, "%v", strictErr)
	}
	doc := document{Version: *head.Version, Reservations: head.Reservations}
	seen := make(map[string]bool, len(doc.Reservations))
	for i, e := range doc.Reservations {
		if err := checkKeyChars(e.Owner); err != nil || e.Owner == "" {
			return nil, corrupt(ErrMalformed, "reservation %d has an invalid owner %q", i, e.Owner)
		}
		if _, _, ok := parseTransientOwner(e.Owner); !ok && e.PIDToken != "" {
			return nil, corrupt(ErrMalformed, "durable reservation %q carries a pid_token", e.Owner)
		} else if !ok && strings.HasPrefix(e.Owner, transientPrefix) {
			return nil, corrupt(ErrMalformed, "transient owner %q is not transient-<pid>-<rootHash>", e.Owner)
		}
		if e.Size < 1 || e.Start < 1 || e.end() > maxPort {
			return nil, corrupt(ErrMalformed, "owner %q has interval start %d size %d outside 1-%d", e.Owner, e.Start, e.Size, maxPort)
		}
		if seen[e.Owner] {
			return nil, corrupt(ErrDuplicateOwner, "owner %q appears more than once", e.Owner)
		}
		seen[e.Owner] = true
	}
	sorted := sortedByStart(doc.Reservations)
	for i := 1; i < len(sorted); i++ {
		a, b := sorted[i-1], sorted[i]
		if a.end() >= b.Start {
			return nil, corrupt(ErrOverlap, "%q %d-%d and %q %d-%d", a.Owner, a.Start, a.end(), b.Owner, b.Start, b.end())
		}
	}
	return &doc, nil
}

// encode writes the document sorted by start, one reservation per line, so
// the file reads as a port map, stays small enough to parse quickly with
// thousands of entries, and identical states produce identical bytes.
func encode(doc *document) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"version\": %d,\n  \"reservations\": [", schemaVersion)
	for i, e := range sortedByStart(doc.Reservations) {
		line, err := json.Marshal(e)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(line)
	}
	if len(doc.Reservations) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes(), nil
}

func sortedByStart(es []entry) []entry {
	s := slices.Clone(es)
	slices.SortFunc(s, func(a, b entry) int { return a.Start - b.Start })
	return s
}

func (d *document) find(owner string) (int, bool) {
	for i, e := range d.Reservations {
		if e.Owner == owner {
			return i, true
		}
	}
	return -1, false
}

func (d *document) remove(keep func(entry) bool) (removed []entry) {
	kept := d.Reservations[:0]
	for _, e := range d.Reservations {
		if keep(e) {
			kept = append(kept, e)
		} else {
			removed = append(removed, e)
		}
	}
	d.Reservations = kept
	return removed
}
