package tmux

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseVersion(t *testing.T) {
	cases := []struct {
		in       string
		maj, min int
		dev, ok  bool
		atLeast  bool
	}{
		{"tmux 3.3a", 3, 3, false, true, true},
		{"tmux 3.2", 3, 2, false, true, true},
		{"tmux 3.2-rc3", 3, 2, false, true, true},
		{"tmux 3.1c", 3, 1, false, true, false},
		{"tmux 2.9", 2, 9, false, true, false},
		{"tmux next-3.6", 3, 6, false, true, true},
		{"tmux 3.10", 3, 10, false, true, true},
		{"tmux master", 0, 0, true, true, true},
		{"tmux openbsd-7.4", 3, 2, false, true, true},
		{"tmux openbsd-6.8", 3, 1, false, true, false},
		{"tmux 4.0\n", 4, 0, false, true, true},
		{"tmux", 0, 0, false, false, false},
		{"tmux abc", 0, 0, false, false, false},
		{"tmux 3.", 0, 0, false, false, false},
	}
	for _, c := range cases {
		v, err := ParseVersion(c.in)
		if (err == nil) != c.ok {
			t.Errorf("ParseVersion(%q) err = %v, want ok=%v", c.in, err, c.ok)
			continue
		}
		if !c.ok {
			continue
		}
		if v.Major != c.maj || v.Minor != c.min || v.Dev != c.dev {
			t.Errorf("ParseVersion(%q) = %+v", c.in, v)
		}
		if v.AtLeast(MinVersion()) != c.atLeast {
			t.Errorf("ParseVersion(%q).AtLeast(3.2) = %v", c.in, !c.atLeast)
		}
	}
}

func TestCheckVersionRealTmux(t *testing.T) {
	v, err := New(Server{Name: "unused"}).CheckVersion(context.Background())
	if err != nil {
		t.Fatalf("installed tmux rejected: %v", err)
	}
	if !v.AtLeast(MinVersion()) {
		t.Fatalf("version %v below minimum", v)
	}
}

func TestCheckVersionMissingAndOld(t *testing.T) {
	ctx := context.Background()
	_, err := New(Server{}).WithBinary(filepath.Join(t.TempDir(), "no-tmux")).CheckVersion(ctx)
	var ve *VersionError
	if !errors.As(err, &ve) || !ve.Missing || !errors.Is(err, ErrUnsupported) {
		t.Fatalf("missing tmux: got %v", err)
	}
	if !strings.Contains(err.Error(), "not found") {
		t.Fatalf("message does not say tmux is missing: %q", err)
	}

	old := filepath.Join(t.TempDir(), "tmux")
	if err := os.WriteFile(old, []byte("#!/bin/sh\necho 'tmux 3.1c'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err = New(Server{}).WithBinary(old).CheckVersion(ctx)
	if !errors.As(err, &ve) || ve.Missing || !errors.Is(err, ErrUnsupported) {
		t.Fatalf("old tmux: got %v", err)
	}
	if !strings.Contains(err.Error(), "too old") || !strings.Contains(err.Error(), "3.1c") {
		t.Fatalf("message does not name the old version: %q", err)
	}
}
