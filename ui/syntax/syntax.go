// Package syntax is amux's own table of source-code lexers, for the diff
// viewer's colours. It keeps chroma's regex lexer engine (package chroma:
// rules, token types, Coalesce) but none of chroma's lexer or style
// registries, whose package-level init parses hundreds of embedded XML
// files in every process of the one amux binary (each pane's tap
// included). Here a language is a few rules written for amux, built the
// first time a file of that language is coloured, never at init.
//
// Token types are reduced to a handful of classes (keyword, string,
// comment, …) that the theme colours; anything else stays the line's own
// colour.
package syntax

import (
	"path/filepath"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

// Set holds the lexers. Each is built and its rules compiled on first use,
// so a process that never colours a file pays nothing; a Set is safe for
// concurrent use (highlight commands run off the update loop).
type Set struct {
	byExt   map[string]int // ".go" → language
	byFile  map[string]int // exact base names: "Makefile"
	byAlias map[string]int // fence names: "go", "py"
	langs   []language

	once  []sync.Once
	lexer []chroma.Lexer
}

// New returns a Set with no lexer built yet (only the index of file names,
// a few microseconds).
func New() *Set {
	s := &Set{}
	s.langs = s.table()
	s.once = make([]sync.Once, len(s.langs))
	s.lexer = make([]chroma.Lexer, len(s.langs))
	s.buildIndex()
	return s
}

// Match returns the lexer for the file at path (by its base name, then its
// extension), or nil for a file whose language amux does not know: that
// file keeps the diff's own colours. The lexer coalesces runs of one
// token type.
func (s *Set) Match(path string) chroma.Lexer {
	i := s.find(path)
	if i < 0 {
		return nil
	}
	return chroma.Coalesce(s.build(i))
}

// Tokenise runs lexer lx over text. Unlike chroma's default, carriage
// returns are kept, so the tokens spell text back byte for byte and their
// offsets are the text's.
func Tokenise(lx chroma.Lexer, text string) (chroma.Iterator, error) {
	return lx.Tokenise(&chroma.TokeniseOptions{State: "root"}, text)
}

// Language returns the name of the language of the file at path, or "".
func (s *Set) Language(path string) string {
	if i := s.find(path); i >= 0 {
		return s.langs[i].name
	}
	return ""
}

// ByAlias returns the lexer for a language named as Markdown fences name
// them ("go", "py", "sh", …), or nil.
func (s *Set) ByAlias(alias string) chroma.Lexer {
	if i, ok := s.byAlias[strings.ToLower(alias)]; ok {
		return s.build(i)
	}
	return nil
}

// find returns the language index for path, -1 for none.
func (s *Set) find(path string) int {
	base := filepath.Base(path)
	if i, ok := s.byFile[base]; ok {
		return i
	}
	if i := s.prefixed(base); i >= 0 {
		return i
	}
	if ext := strings.ToLower(filepath.Ext(base)); ext != "" {
		if i, ok := s.byExt[ext]; ok {
			return i
		}
	}
	return -1
}

// prefixed matches names like "Dockerfile.dev" and "Makefile.in", whose
// extension says nothing of their language.
func (s *Set) prefixed(base string) int {
	stem, _, ok := strings.Cut(base, ".")
	if !ok {
		return -1
	}
	for i, l := range s.langs {
		for _, p := range l.prefixes {
			if stem == p {
				return i
			}
		}
	}
	return -1
}

func (s *Set) buildIndex() {
	s.byExt, s.byFile, s.byAlias = map[string]int{}, map[string]int{}, map[string]int{}
	for i, l := range s.langs {
		for _, e := range l.exts {
			s.byExt[e] = i
		}
		for _, n := range l.files {
			s.byFile[n] = i
		}
		s.byAlias[strings.ToLower(l.name)] = i
		for _, a := range l.aliases {
			s.byAlias[a] = i
		}
	}
}

// build returns language i's lexer, creating it on first use. The rules
// themselves are compiled by chroma on the lexer's first Tokenise.
func (s *Set) build(i int) chroma.Lexer {
	s.once[i].Do(func() {
		l := s.langs[i]
		s.lexer[i] = chroma.MustNewLexer(&chroma.Config{Name: l.name, Aliases: l.aliases},
			func() chroma.Rules { return compactAll(l.rules()) })
	})
	return s.lexer[i]
}

// language is one row of the table: how files are recognised, and the
// function that writes its rules.
type language struct {
	name     string
	aliases  []string // Markdown fence names, lower case
	exts     []string // lower-case extensions with the dot
	files    []string // exact base names
	prefixes []string // base names before a dot: "Dockerfile" for Dockerfile.dev
	rules    func() chroma.Rules
}
