// Package udiff is the unified diff as amux reads it: files, hunks and lines
// with their old and new line numbers, parsed from `git diff` output, and
// the one-hunk patches that stage or unstage a hunk (`git apply --cached`).
//
// It is a pure leaf: no I/O and no package of ours, so the git package
// (which produces the text) and the diff viewer (which draws it) share one
// model without the viewer importing the runner.
package udiff

import (
	"strconv"
	"strings"
)

// Kind says what a diff line is.
type Kind uint8

// Line kinds.
const (
	Context   Kind = iota // unchanged, on both sides
	Added                 // only on the new side
	Deleted               // only on the old side
	NoNewline             // "\ No newline at end of file" after the line before
)

// Line is one line of a hunk. Old and New are its 1-based line numbers on
// each side; 0 means the line is not on that side.
type Line struct {
	Kind     Kind
	Text     string // without the leading ' ', '+' or '-', without the newline
	Old, New int
}

// Hunk is one "@@ -a,b +c,d @@" block.
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Section            string // the text after the closing "@@" (a function name)
	Lines              []Line
}

// Header renders the hunk's "@@" line.
func (h Hunk) Header() string {
	s := "@@ -" + rangeText(h.OldStart, h.OldLines) + " +" + rangeText(h.NewStart, h.NewLines) + " @@"
	if h.Section != "" {
		s += " " + h.Section
	}
	return s
}

func rangeText(start, n int) string {
	if n == 1 {
		return strconv.Itoa(start)
	}
	return strconv.Itoa(start) + "," + strconv.Itoa(n)
}

// Status is how a file changed.
type Status uint8

// File statuses.
const (
	Modified Status = iota
	New
	Removed
	Renamed
	Copied
)

// File is one file's part of a diff.
type File struct {
	OldPath, NewPath string // "" on the side where the file does not exist
	Status           Status
	Binary           bool
	// Header holds the raw lines from "diff --git" up to the first hunk
	// (mode, index, ---/+++ lines): what a one-hunk patch repeats so git
	// applies it to the same file with the same modes.
	Header []string
	Hunks  []Hunk
}

// Path is the file's path as the work tree has it (the old path for a
// removed file).
func (f File) Path() string {
	if f.NewPath != "" {
		return f.NewPath
	}
	return f.OldPath
}

// Counts returns how many lines the file adds and deletes.
func (f File) Counts() (added, deleted int) {
	for _, h := range f.Hunks {
		for _, l := range h.Lines {
			switch l.Kind {
			case Added:
				added++
			case Deleted:
				deleted++
			}
		}
	}
	return added, deleted
}

// Parse reads the output of `git diff` (fixed a/ and b/ prefixes, no
// colour) into files. It never fails: a line it does not understand is
// skipped, so a truncated diff yields the files and hunks it got whole.
func Parse(text string) []File {
	var p parser
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		p.line(line)
	}
	p.flush()
	return p.files
}

type parser struct {
	files    []File
	cur      *File
	hunk     *Hunk
	old, new int // next line numbers inside the hunk
	left     [2]int
}

func (p *parser) flush() {
	p.endHunk()
	if p.cur != nil {
		p.files = append(p.files, *p.cur)
		p.cur = nil
	}
}

func (p *parser) endHunk() {
	if p.hunk != nil && p.cur != nil {
		p.cur.Hunks = append(p.cur.Hunks, *p.hunk)
	}
	p.hunk = nil
}

func (p *parser) line(l string) {
	if strings.HasPrefix(l, "diff --git ") {
		p.flush()
		p.cur = &File{Header: []string{l}}
		p.cur.OldPath, p.cur.NewPath = gitLinePaths(l[len("diff --git "):])
		return
	}
	if p.cur == nil {
		return
	}
	if p.hunk != nil && (p.left[0] > 0 || p.left[1] > 0 || strings.HasPrefix(l, `\`)) {
		p.body(l)
		return
	}
	if strings.HasPrefix(l, "@@ ") {
		p.endHunk()
		if h, ok := parseHunkHeader(l); ok {
			p.hunk = &h
			p.old, p.new = h.OldStart, h.NewStart
			p.left = [2]int{h.OldLines, h.NewLines}
		}
		return
	}
	if p.hunk != nil {
		return // past the hunk's counted lines: nothing of ours
	}
	p.header(l)
}

// header reads one extended header line of the current file.
func (p *parser) header(l string) {
	f := p.cur
	f.Header = append(f.Header, l)
	switch {
	case strings.HasPrefix(l, "--- "):
		f.OldPath = headerPath(l[4:], "a/")
	case strings.HasPrefix(l, "+++ "):
		f.NewPath = headerPath(l[4:], "b/")
	case strings.HasPrefix(l, "new file mode"):
		f.Status, f.OldPath = New, ""
	case strings.HasPrefix(l, "deleted file mode"):
		f.Status, f.NewPath = Removed, ""
	case strings.HasPrefix(l, "rename from "):
		f.Status, f.OldPath = Renamed, unquote(l[len("rename from "):])
	case strings.HasPrefix(l, "rename to "):
		f.Status, f.NewPath = Renamed, unquote(l[len("rename to "):])
	case strings.HasPrefix(l, "copy from "):
		f.Status, f.OldPath = Copied, unquote(l[len("copy from "):])
	case strings.HasPrefix(l, "copy to "):
		f.Status, f.NewPath = Copied, unquote(l[len("copy to "):])
	case strings.HasPrefix(l, "Binary files "), l == "GIT binary patch":
		f.Binary = true
	}
}

// body reads one line inside a hunk.
func (p *parser) body(l string) {
	h := p.hunk
	if l == "" {
		l = " " // some tools strip the space of an empty context line
	}
	switch l[0] {
	case ' ':
		h.Lines = append(h.Lines, Line{Kind: Context, Text: l[1:], Old: p.old, New: p.new})
		p.old++
		p.new++
		p.left[0]--
		p.left[1]--
	case '-':
		h.Lines = append(h.Lines, Line{Kind: Deleted, Text: l[1:], Old: p.old})
		p.old++
		p.left[0]--
	case '+':
		h.Lines = append(h.Lines, Line{Kind: Added, Text: l[1:], New: p.new})
		p.new++
		p.left[1]--
	case '\\':
		h.Lines = append(h.Lines, Line{Kind: NoNewline, Text: strings.TrimPrefix(l[1:], " ")})
	default:
		p.left = [2]int{} // malformed: end the hunk here
	}
}

// parseHunkHeader reads "@@ -a[,b] +c[,d] @@ section".
func parseHunkHeader(l string) (Hunk, bool) {
	rest := l[3:]
	end := strings.Index(rest, " @@")
	if end < 0 {
		return Hunk{}, false
	}
	ranges := strings.Fields(rest[:end])
	if len(ranges) != 2 || ranges[0][0] != '-' || ranges[1][0] != '+' {
		return Hunk{}, false
	}
	var h Hunk
	var ok1, ok2 bool
	h.OldStart, h.OldLines, ok1 = parseRange(ranges[0][1:])
	h.NewStart, h.NewLines, ok2 = parseRange(ranges[1][1:])
	h.Section = strings.TrimSpace(rest[end+3:])
	return h, ok1 && ok2
}

func parseRange(s string) (start, n int, ok bool) {
	a, b, has := strings.Cut(s, ",")
	start, err := strconv.Atoi(a)
	if err != nil {
		return 0, 0, false
	}
	n = 1
	if has {
		if n, err = strconv.Atoi(b); err != nil {
			return 0, 0, false
		}
	}
	return start, n, true
}

// headerPath reads the path of a "---" or "+++" line.
func headerPath(s, prefix string) string {
	s = strings.TrimSuffix(s, "\t") // git appends a tab to paths holding spaces
	if s == "/dev/null" {
		return ""
	}
	return strings.TrimPrefix(unquote(s), prefix)
}

// gitLinePaths reads the a/ and b/ paths of a "diff --git" line; they are
// the fallback for diffs without ---/+++ lines (binary, mode-only).
func gitLinePaths(s string) (oldPath, newPath string) {
	if strings.HasPrefix(s, `"`) {
		a, rest := splitQuoted(s)
		b := strings.TrimPrefix(rest, " ")
		return strings.TrimPrefix(a, "a/"), strings.TrimPrefix(unquote(b), "b/")
	}
	// Unquoted: "a/X b/X". When both sides are the same path, the split is
	// in the middle; otherwise look for " b/".
	if n := len(s); n%2 == 1 {
		half := (n - 1) / 2
		a, b := s[:half], s[half+1:]
		if strings.HasPrefix(a, "a/") && strings.HasPrefix(b, "b/") && a[2:] == b[2:] {
			return a[2:], b[2:]
		}
	}
	if i := strings.Index(s, " b/"); i >= 0 {
		return strings.TrimPrefix(s[:i], "a/"), unquote(s[i+3:])
	}
	return "", ""
}

// splitQuoted returns the unquoted first C-quoted string of s and the rest.
func splitQuoted(s string) (string, string) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return unquote(s[:i+1]), s[i+1:]
		}
	}
	return unquote(s), ""
}

// unquote undoes git's C-style quoting of a path ("a\tb", octal escapes
// for bytes over 0x7f); an unquoted path comes back as it is.
func unquote(s string) string {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s
	}
	s = s[1 : len(s)-1]
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '0', '1', '2', '3':
			if i+2 < len(s) {
				if v, err := strconv.ParseUint(s[i:i+3], 8, 8); err == nil {
					b.WriteByte(byte(v))
					i += 2
					continue
				}
			}
			b.WriteByte(e)
		default:
			b.WriteByte(e)
		}
	}
	return b.String()
}
