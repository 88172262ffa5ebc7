package events

import (
	"errors"
	"io/fs"
	"sort"
	"strings"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// Since returns every record at or after t for which keep returns true
// (nil keeps all), from every session's history, oldest first: a
// workspace's timeline is Since(now-1h, same workspace). Files last written
// before t are not read.
func (l *Log) Since(t time.Time, keep func(Record) bool) ([]Record, error) {
	entries, err := atomicfile.ReadStateDir(l.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		base, ok := baseName(name)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if info, err := e.Info(); err != nil || info.ModTime().Before(t) {
			continue // nothing in it is recent enough
		}
		names[base] = true
	}
	var out []Record
	var errs []error
	for name := range names {
		recs, err := l.readSession(name)
		if err != nil {
			errs = append(errs, err)
		}
		for _, r := range recs {
			if !r.At.Before(t) && (keep == nil || keep(r)) {
				out = append(out, r)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return out, errors.Join(errs...)
}

// baseName maps "x.jsonl", "x.jsonl.1" and "x.jsonl.2" to "x.jsonl".
func baseName(file string) (string, bool) {
	if strings.HasPrefix(file, ".") {
		return "", false
	}
	if strings.HasSuffix(file, ".jsonl") {
		return file, true
	}
	i := strings.LastIndex(file, ".jsonl.")
	if i < 0 {
		return "", false
	}
	for _, c := range file[i+len(".jsonl."):] {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	return file[:i+len(".jsonl")], true
}
