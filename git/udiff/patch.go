package udiff

import "strings"

// HunkPatch returns a patch that holds only hunk i of f, for `git apply
// --cached` (staging it from the unstaged diff) or `git apply --cached
// --reverse` (unstaging it from the staged diff). It repeats the file's
// header, so modes and a new or removed file apply as in the full diff;
// the hunk's own line numbers are kept, and git's context matching takes
// care of the offsets the left-out hunks would have caused. ok is false
// for a binary file or an index out of range.
func HunkPatch(f File, i int) (patch string, ok bool) {
	if f.Binary || i < 0 || i >= len(f.Hunks) {
		return "", false
	}
	var b strings.Builder
	for _, l := range f.Header {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	writeHunk(&b, f.Hunks[i])
	return b.String(), true
}

func writeHunk(b *strings.Builder, h Hunk) {
	b.WriteString(h.Header())
	b.WriteByte('\n')
	for _, l := range h.Lines {
		switch l.Kind {
		case Context:
			b.WriteByte(' ')
		case Added:
			b.WriteByte('+')
		case Deleted:
			b.WriteByte('-')
		case NoNewline:
			b.WriteString(`\ `)
		}
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
}
