package ports

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every entry point must refuse bytes it cannot trust and leave them exactly
// as they were: no repair, no rewrite, no truncation.
func TestCorruptFileIsNeverRewritten(t *testing.T) {
	const ok1 = `{"owner":"aaaa","start":6200,"size":10,"created":"2026-01-01T00:00:00Z","settings":{"start":6200,"end":6999,"size":10}}`
	cases := []struct {
		name    string
		data    string
		problem error
		words   string
	}{
		{"truncated json", `{"version": 1, "reservations": [` + ok1, ErrMalformed, "malformed"},
		{"empty file", ``, ErrMalformed, "malformed"},
		{"no version", `{"reservations": []}`, ErrMalformed, "version"},
		{"unknown key", `{"version": 1, "reservations": [], "extra": 1}`, ErrMalformed, "extra"},
		{"trailing data", `{"version": 1, "reservations": []} {}`, ErrMalformed, "trailing"},
		{"zero size", `{"version": 1, "reservations": [{"owner":"bbbb","start":6200,"size":0}]}`, ErrMalformed, "bbbb"},
		{"bad transient key", `{"version": 1, "reservations": [{"owner":"transient-x-1","start":6200,"size":1}]}`, ErrMalformed, "transient-x-1"},
		{"overlap", `{"version": 1, "reservations": [` + ok1 +
			`, {"owner":"bbbb","start":6205,"size":10,"created":"2026-01-01T00:00:00Z","settings":{"start":6200,"end":6999,"size":10}}]}`,
			ErrOverlap, `"aaaa" 6200-6209 and "bbbb" 6205-6214`},
		{"newer version", `{"version": 2, "reservations": [], "shards": {}}`, ErrNewerVersion, "version 2"},
		{"duplicate owner", `{"version": 1, "reservations": [` + ok1 +
			`, {"owner":"aaaa","start":6300,"size":10,"created":"2026-01-01T00:00:00Z","settings":{"start":6200,"end":6999,"size":10}}]}`,
			ErrDuplicateOwner, `"aaaa"`},
	}
	live := func(context.Context) ([]string, error) { return nil, nil }
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			home := stateHome(t)
			r := newRegistry(t, home, DefaultSettings())
			if err := os.MkdirAll(home, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(r.Path(), []byte(tc.data), 0o600); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			calls := map[string]func() error{
				"Reserve new":      func() error { _, err := r.Reserve(ctx, "cccc"); return err },
				"Reserve existing": func() error { _, err := r.Reserve(ctx, "aaaa"); return err },
				"ReserveTransient": func() error { _, err := r.ReserveTransient(ctx, "abcd"); return err },
				"ReleaseTransient": func() error { return r.ReleaseTransient(ctx, "abcd") },
				"Orphans":          func() error { _, err := r.Orphans(ctx, live); return err },
				"ReleaseOrphans":   func() error { _, err := r.ReleaseOrphans(ctx, 1, live); return err },
			}
			for name, call := range calls {
				err := call()
				var ce *CorruptError
				if !errors.As(err, &ce) || !errors.Is(err, tc.problem) {
					t.Fatalf("%s: err = %v, want a CorruptError for %v", name, err, tc.problem)
				}
				if !strings.Contains(err.Error(), tc.problem.Error()) || !strings.Contains(err.Error(), tc.words) {
					t.Fatalf("%s: error %q does not name the problem (%q, %q)", name, err, tc.problem, tc.words)
				}
				if got, _ := os.ReadFile(r.Path()); !bytes.Equal(got, []byte(tc.data)) {
					t.Fatalf("%s rewrote the file:\n%s", name, got)
				}
			}
			// No temp file was left beside it either.
			entries, _ := os.ReadDir(filepath.Dir(r.Path()))
			for _, e := range entries {
				if e.Name() != FileName && e.Name() != FileName+".lock" {
					t.Fatalf("stray file %s", e.Name())
				}
			}
		})
	}
}
