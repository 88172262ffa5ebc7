package syntax

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

// fiveThousandLines repeats src until it is 5,000 lines long.
func fiveThousandLines(src string) string {
	n := strings.Count(src, "\n")
	return strings.Repeat(src, (5000+n-1)/n)
}

// BenchmarkHighlight5000Lines is colouring a whole 5,000-line file of each
// language (the diff viewer colours only the rows it shows, 128 at a time,
// so this is the worst case: a file read top to bottom).
func BenchmarkHighlight5000Lines(b *testing.B) {
	for _, c := range samples() {
		text := fiveThousandLines(c.src)
		b.Run(strings.TrimPrefix(filepath.Ext(c.path), ".")+"/"+filepath.Base(c.path), func(b *testing.B) {
			s := New()
			lx := s.Match(c.path)
			for b.Loop() {
				it, err := Tokenise(lx, text)
				if err != nil {
					b.Fatal(err)
				}
				for tok := it(); tok != chroma.EOF; tok = it() {
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(strings.Count(text, "\n"))/1e3, "µs/line")
		})
	}
}

// BenchmarkFirstUse is building a language's lexer and compiling its rules:
// what the first coloured file of a language costs, once per process.
func BenchmarkFirstUse(b *testing.B) {
	for _, lang := range []string{"x.go", "x.html", "x.md"} {
		b.Run(lang, func(b *testing.B) {
			for b.Loop() {
				it, _ := Tokenise(New().Match(lang), "x\n")
				for tok := it(); tok != chroma.EOF; tok = it() {
				}
			}
		})
	}
}
