package syntax

import (
	"fmt"
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

// BenchmarkLongLine is one 100 KB line of each language, minified code and
// lines built to make a careless pattern rescan the rest of the line at
// every token ("(/[" for a regular expression literal, "[[[" for a link);
// 50 KB beside it shows the cost grows with the line, not its square.
func BenchmarkLongLine(b *testing.B) {
	for _, c := range []struct{ path, unit string }{
		{"a.go", `x:=f(a,"s",1.5);if x!=nil{return}; `},
		{"a.js", `a=b+c;if(x){y(z,"s",1.5)}else{q=/re/.test(w)}`},
		{"b.js", `(/[`},
		{"a.py", `x = f(a, "s", 1.5e3) if y else None; `},
		{"a.c", `x=f(a,"s",'c',1.5f);if(x){return;}`},
		{"a.rs", `let x=f(a,"s",'c',1u8);if x{return;}`},
		{"a.rb", `x = f(a, "s", :sym) unless y; (/[`},
		{"a.sh", `echo "$a ${b}" | grep -v x && y=$(z); `},
		{"a.json", `{"a":1,"b":[1,2,"x",true]},`},
		{"a.yml", `{a: 1, b: [x, y], c: "q"}, `},
		{"b.yml", `plain words and no colon `},
		{"a.toml", `a = { b = 1, c = "x", d = [1, 2] }, `},
		{"a.md", "text `code` [l](u) **b** _i_ [[[ "},
		{"a.html", `<div class="x" id=y>t &amp; u</div>`},
		{"a.css", `.a>b:hover{color:red;margin:0 1px}`},
		{"a.sql", `select a, count(*) from t where b = 'x' and c > 1; `},
		{"Dockerfile", `RUN a && b "$c" ${d} `},
		{"Makefile", `a: b $(c) ${d} `},
	} {
		for _, size := range []int{50_000, 100_000} {
			text := strings.Repeat(c.unit, size/len(c.unit)+1)[:size]
			b.Run(fmt.Sprintf("%s/%dKB", c.path, size/1000), func(b *testing.B) {
				lx := New().Match(c.path)
				for b.Loop() {
					it, err := Tokenise(lx, text)
					if err != nil {
						b.Fatal(err)
					}
					for tok := it(); tok != chroma.EOF; tok = it() {
					}
				}
			})
		}
	}
}
