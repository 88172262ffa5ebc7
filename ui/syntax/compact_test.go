package syntax

import (
	"strings"
	"sync"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

func TestHasCapture(t *testing.T) {
	for p, want := range map[string]bool{
		`abc`: false, `(a)`: true, `(?:a)`: false, `(?=a)`: false, `(?<=a)b`: false, `(?<!a)b`: false,
		`(?i:a)`: false, `\(a\)`: false, `[(]a`: false, `[^(]`: false, `[]()]`: false, `[^]()]`: false,
		`[\](]`: false, `a(?<name>b)`: true, `(?'n'b)`: true, `(?P<n>b)`: true, `[a-z](b)`: true,
		`\\(b)`: true,
	} {
		if got := hasCapture(p); got != want {
			t.Errorf("hasCapture(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestCompactChangesNoToken: every language's rules, merged by compact,
// give each byte of every sample the class the rules one by one give it.
func TestCompactChangesNoToken(t *testing.T) {
	var all strings.Builder
	for _, c := range samples() {
		all.WriteString(c.src)
	}
	s := New()
	for _, l := range s.langs {
		plain := chroma.MustNewLexer(&chroma.Config{Name: l.name}, l.rules)
		compacted := s.build(s.find("x" + l.exts[0]))
		for _, src := range []string{all.String(), samplesOf(l.name)} {
			a, b := byteClasses(t, plain, src), byteClasses(t, compacted, src)
			for i := range a {
				if a[i] != b[i] {
					t.Errorf("%s: byte %d (%q…) is %s merged, %s one by one", l.name, i, src[i:min(i+20, len(src))], b[i], a[i])
					break
				}
			}
		}
	}
}

// samplesOf is the sample of the named language ("" if it has none).
func samplesOf(lang string) string {
	s := New()
	for _, c := range samples() {
		if s.Language(c.path) == lang {
			return c.src
		}
	}
	return ""
}

func byteClasses(t *testing.T, lx chroma.Lexer, src string) []Class {
	t.Helper()
	it, err := Tokenise(lx, src)
	if err != nil {
		t.Fatal(err)
	}
	var out []Class
	for tok := it(); tok != chroma.EOF; tok = it() {
		for range len(tok.Value) {
			out = append(out, ClassOf(tok.Type))
		}
	}
	if len(out) != len(src) {
		t.Fatalf("%d bytes of tokens for %d of source", len(out), len(src))
	}
	return out
}

// TestOneSetServesManyGoroutines: the diff viewer colours chunks in
// commands that run at once; one Set builds each lexer once for all of
// them (run with -race).
func TestOneSetServesManyGoroutines(t *testing.T) {
	s := New()
	var wg sync.WaitGroup
	for range 4 {
		for _, c := range samples() {
			wg.Go(func() {
				it, err := Tokenise(s.Match(c.path), c.src)
				if err != nil {
					t.Error(err)
					return
				}
				for tok := it(); tok != chroma.EOF; tok = it() {
				}
			})
		}
	}
	wg.Wait()
}
