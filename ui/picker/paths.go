// Package picker is the path picker (add project, transcript browser). It
// follows the contract's rule: input that looks like a path (absolute, ~,
// ~/…, ./…, ../…, or anything with a separator) makes Enter resolve that
// path and Tab complete a directory, even while unrelated rows are listed;
// a plain name fuzzy-filters the rows instead.
package picker

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"amux.dev/amux/ui/safetext"
)

// IsPathLike reports whether input should be treated as a typed path.
func IsPathLike(input string) bool {
	s := strings.TrimSpace(input)
	switch {
	case s == "":
		return false
	case s == "~" || s == "." || s == "..":
		return true
	case strings.HasPrefix(s, "/"), strings.HasPrefix(s, "~/"),
		strings.HasPrefix(s, "./"), strings.HasPrefix(s, "../"):
		return true
	}
	return strings.ContainsRune(s, filepath.Separator)
}

// Resolve turns typed input into a clean absolute path: ~ expands to home
// and relative paths are taken from cwd.
func Resolve(input, home, cwd string) string {
	s := strings.TrimSpace(input)
	switch {
	case s == "~":
		s = home
	case strings.HasPrefix(s, "~/"):
		s = filepath.Join(home, s[2:])
	case !filepath.IsAbs(s):
		s = filepath.Join(cwd, s)
	}
	return filepath.Clean(s)
}

// Completion is the result of completing a typed directory path.
type Completion struct {
	Input      string   // the new input text
	Candidates []string // directory names that matched, when several did
}

// Complete completes the last element of a typed path to a directory. One
// match completes fully (with a trailing "/"); several complete to their
// common prefix and are returned as candidates; none leaves the input.
// Hidden directories are offered only when the typed prefix starts with ".",
// and a name that safetext.Line would change (escapes, controls, bidi or
// invisible characters) never: the input shows the path as it is, so such a
// name could not be drawn, and it cannot be typed either.
func Complete(input, home, cwd string) (Completion, error) {
	s := strings.TrimSpace(input)
	if s == "~" {
		return Completion{Input: "~/"}, nil
	}
	dirPart, prefix := s, ""
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		dirPart, prefix = s[:i+1], s[i+1:]
	} else {
		dirPart = ""
		prefix = s
	}
	dir := cwd
	if dirPart != "" {
		dir = Resolve(dirPart, home, cwd)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return Completion{Input: input}, err
	}
	var names []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, prefix) || (strings.HasPrefix(name, ".") && !strings.HasPrefix(prefix, ".")) ||
			safetext.Line(name) != name {
			continue
		}
		if isDir(filepath.Join(dir, name), e) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	switch len(names) {
	case 0:
		return Completion{Input: input}, nil
	case 1:
		return Completion{Input: dirPart + names[0] + "/"}, nil
	}
	return Completion{Input: dirPart + commonPrefix(names), Candidates: names}, nil
}

func isDir(path string, e os.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&os.ModeSymlink != 0 {
		fi, err := os.Stat(path)
		return err == nil && fi.IsDir()
	}
	return false
}

func commonPrefix(names []string) string {
	p := names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(n, p) {
			p = p[:len(p)-1]
		}
	}
	return p
}
