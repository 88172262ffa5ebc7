package syntax

import (
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

// classes tokenises src as the file at path and returns each byte's class.
// It fails the test on an error token or when the tokens do not spell src
// back exactly.
func classes(t *testing.T, s *Set, path, src string) []Class {
	t.Helper()
	lx := s.Match(path)
	if lx == nil {
		t.Fatalf("%s: no lexer", path)
	}
	it, err := Tokenise(lx, src)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []Class
	var back strings.Builder
	for tok := it(); tok != chroma.EOF; tok = it() {
		if tok.Type == chroma.Error {
			t.Errorf("%s: error token %q at byte %d", path, tok.Value, back.Len())
		}
		back.WriteString(tok.Value)
		for range len(tok.Value) {
			out = append(out, ClassOf(tok.Type))
		}
	}
	if back.String() != src {
		t.Fatalf("%s: the tokens do not spell the source back:\n%q\n%q", path, back.String(), src)
	}
	return out
}

// want is a piece of a sample and the class all of its bytes must have.
// Pieces are found in order: each after the previous one.
type want struct {
	text  string
	class Class
}

func expect(t *testing.T, path, src string, wants ...want) {
	t.Helper()
	got := classes(t, New(), path, src)
	from := 0
	for _, w := range wants {
		i := strings.Index(src[from:], w.text)
		if i < 0 {
			t.Fatalf("%s: sample has no %q after byte %d", path, w.text, from)
		}
		i += from
		for j := i; j < i+len(w.text); j++ {
			if got[j] != w.class {
				t.Errorf("%s: %q is %s at byte %d (%q), want %s", path, w.text, got[j], j-i, src[j], w.class)
				break
			}
		}
		from = i + len(w.text)
	}
}

func TestUnknownFilesArePlain(t *testing.T) {
	s := New()
	for _, p := range []string{"notes.txt", "LICENSE", "a/b/c", "image.png", "go", "notes.md.bak", ""} {
		if s.Match(p) != nil && s.Language(p) != "Go" {
			t.Errorf("%q matched %s", p, s.Language(p))
		}
	}
	for _, p := range []string{"notes.txt", "LICENSE", "image.png", "go", "python", "x.unknown"} {
		if lx := s.Match(p); lx != nil {
			t.Errorf("%q has a lexer (%s)", p, s.Language(p))
		}
	}
}

func TestFilesAreMatchedByNameAndExtension(t *testing.T) {
	s := New()
	for path, lang := range map[string]string{
		"main.go": "Go", "pkg/x/y_test.go": "Go", "a.py": "Python", "types.pyi": "Python",
		"app.js": "JavaScript", "App.jsx": "JavaScript", "m.mjs": "JavaScript",
		"a.ts": "TypeScript", "View.tsx": "TypeScript", "lib.rs": "Rust",
		"x.c": "C", "x.h": "C", "x.cpp": "C++", "x.hpp": "C++", "x.cc": "C++",
		"Main.java": "Java", "run.sh": "Shell", "x.bash": "Shell", "x.zsh": "Shell", ".bashrc": "Shell",
		"home/.zshrc": "Shell", "package.json": "JSON", "tsconfig.jsonc": "JSON",
		"ci.yml": "YAML", ".github/workflows/ci.yaml": "YAML", "Cargo.toml": "TOML", "Cargo.lock": "TOML",
		"README.md": "Markdown", "doc.markdown": "Markdown", "index.html": "HTML", "a.htm": "HTML",
		"icon.svg": "XML", "style.css": "CSS", "x.scss": "CSS", "app.rb": "Ruby", "Gemfile": "Ruby",
		"Rakefile": "Ruby", "schema.sql": "SQL", "Dockerfile": "Dockerfile", "Dockerfile.dev": "Dockerfile",
		"build/app.dockerfile": "Dockerfile", "Containerfile": "Dockerfile", "Makefile": "Makefile",
		"GNUmakefile": "Makefile", "rules.mk": "Makefile", "UPPER.PY": "Python",
	} {
		if got := s.Language(path); got != lang {
			t.Errorf("%s: %q, want %q", path, got, lang)
		}
		if s.Match(path) == nil {
			t.Errorf("%s: no lexer", path)
		}
	}
}

// TestEveryLanguageTakesAnyInput: fed every sample, and text that is none
// of them, each lexer spells its input back with no error token, so a hunk
// that starts or ends anywhere still colours (and nothing is lost).
func TestEveryLanguageTakesAnyInput(t *testing.T) {
	var all strings.Builder
	for _, c := range samples() {
		all.WriteString(c.src)
	}
	inputs := []string{all.String(), "", "\n", "\"unterminated", "'", "/*", "<<EOF\nx", "```",
		"\x00\x1b[31m\t\r\n", "é ü 漢字 🙂", strings.Repeat("(", 300), "#", "$", "\\", "<", "--", "{{{"}
	s := New()
	for _, l := range s.langs {
		path := "x" + l.exts[0] // every language has an extension
		for _, in := range inputs {
			classes(t, s, path, in)
		}
	}
}
