package tmux

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// MinVersion is the oldest tmux amux supports: pane-id targets, format
// subscriptions and `display -p` behaviour it relies on arrived in 3.2.
func MinVersion() Version { return Version{Major: 3, Minor: 2} }

// ErrUnsupported is the class of "tmux cannot be used here" errors: missing
// from PATH or older than MinVersion. Match it with errors.Is.
var ErrUnsupported = errors.New("tmux unsupported")

// Version is a parsed tmux release number.
type Version struct {
	Major, Minor int
	Raw          string // what tmux -V printed, for messages
	Dev          bool   // a master/next build, assumed newest
}

// AtLeast reports whether v is the same release as o or newer.
func (v Version) AtLeast(o Version) bool {
	if v.Dev {
		return true
	}
	if v.Major != o.Major {
		return v.Major > o.Major
	}
	return v.Minor >= o.Minor
}

// String names the value for messages.
func (v Version) String() string {
	if v.Raw != "" {
		return v.Raw
	}
	return fmt.Sprintf("%d.%d", v.Major, v.Minor)
}

// VersionError explains why tmux cannot be used. It matches ErrUnsupported.
type VersionError struct {
	Found   string // tmux -V output, empty when tmux is missing
	Missing bool
	Err     error
}

// Error implements error.
func (e *VersionError) Error() string {
	if e.Missing {
		return fmt.Sprintf("tmux not found on PATH: amux needs tmux %d.%d or newer (apt-get install tmux)", MinVersion().Major, MinVersion().Minor)
	}
	if e.Err != nil {
		return fmt.Sprintf("cannot read tmux version from %q: %v", e.Found, e.Err)
	}
	return fmt.Sprintf("%s is too old: amux needs tmux %d.%d or newer", e.Found, MinVersion().Major, MinVersion().Minor)
}

// Is makes errors.Is(err, ErrUnsupported) true for every VersionError.
func (e *VersionError) Is(target error) bool { return target == ErrUnsupported }

// ParseVersion reads `tmux -V` output: "tmux 3.3a", "tmux 3.2-rc3",
// "tmux next-3.6", "tmux master", "tmux openbsd-7.4".
func ParseVersion(out string) (Version, error) {
	raw := strings.TrimSpace(out)
	s := strings.TrimSpace(strings.TrimPrefix(raw, "tmux"))
	v := Version{Raw: raw}
	switch {
	case s == "master" || strings.HasPrefix(s, "master"):
		v.Dev = true
		return v, nil
	case strings.HasPrefix(s, "next-"):
		s = strings.TrimPrefix(s, "next-")
	case strings.HasPrefix(s, "openbsd-"):
		// OpenBSD ships tmux in base; its 6.9 release carried tmux 3.2.
		maj, min, err := majorMinor(strings.TrimPrefix(s, "openbsd-"))
		if err != nil {
			return v, err
		}
		v.Major, v.Minor = 3, 1
		if maj > 6 || (maj == 6 && min >= 9) {
			v.Major, v.Minor = 3, 2
		}
		return v, nil
	}
	maj, min, err := majorMinor(s)
	if err != nil {
		return v, err
	}
	v.Major, v.Minor = maj, min
	return v, nil
}

// majorMinor parses "3.3a", "3.2-rc3", "3.6" into numbers, ignoring any
// letter or pre-release suffix.
func majorMinor(s string) (int, int, error) {
	dot := strings.IndexByte(s, '.')
	if dot <= 0 {
		return 0, 0, fmt.Errorf("no major.minor in %q", s)
	}
	maj, err := strconv.Atoi(s[:dot])
	if err != nil {
		return 0, 0, fmt.Errorf("bad major in %q", s)
	}
	rest := s[dot+1:]
	end := 0
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	if end == 0 {
		return 0, 0, fmt.Errorf("bad minor in %q", s)
	}
	min, _ := strconv.Atoi(rest[:end])
	return maj, min, nil
}

// CheckVersion runs `tmux -V` and returns the version, or a *VersionError
// when tmux is missing, unreadable or older than MinVersion.
func (c *Client) CheckVersion(ctx context.Context) (Version, error) {
	path, err := exec.LookPath(c.bin)
	if err != nil {
		return Version{}, &VersionError{Missing: true}
	}
	out, err := c.WithBinary(path).runBare(ctx, "-V")
	if err != nil {
		return Version{}, &VersionError{Found: strings.TrimSpace(out), Err: err}
	}
	v, err := ParseVersion(out)
	if err != nil {
		return v, &VersionError{Found: strings.TrimSpace(out), Err: err}
	}
	if !v.AtLeast(MinVersion()) {
		return v, &VersionError{Found: v.Raw}
	}
	return v, nil
}

// runBare runs tmux with args and no server flags.
func (c *Client) runBare(ctx context.Context, args ...string) (string, error) {
	bare := &Client{bin: c.bin, trace: c.trace}
	bare.server = Server{}
	return bare.Run(ctx, args...)
}
