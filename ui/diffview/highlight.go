package diffview

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/alecthomas/chroma/v2"

	"amux.dev/amux/git/udiff"
	"amux.dev/amux/ui/syntax"
	"amux.dev/amux/ui/theme"
)

// span colours item text up to byte end with an SGR sequence ("" is the
// default colour).
type span struct {
	end int
	sgr string
}

// highlightMsg delivers the colours of items[from:from+len(spans)] of
// generation gen.
type highlightMsg struct {
	gen, from int
	spans     [][]span
}

// chunkItems is how many source rows one highlight command colours. Only
// the chunks the viewport shows are coloured, when it shows them: a chunk
// takes a few milliseconds (BenchmarkHighlightChunk), so a 5,000-line diff
// coloured whole would cost a good part of a second of CPU and a lot of
// garbage for rows nobody looks at.
const chunkItems = 128

// syntaxColours is the SGR sequence of each token class ("" for the line's
// own colour).
type syntaxColours [syntax.NumClasses]string

// syntaxColoursOf is theme th's syntax colours as SGR sequences, made once
// per viewer rather than per token.
func syntaxColoursOf(th theme.Theme) *syntaxColours {
	var c syntaxColours
	for k := range syntax.NumClasses {
		c[k] = sgrOf(k.Colour(th.Syntax))
	}
	return &c
}

// highlightVisible returns the commands that colour the chunks the
// viewport shows and nobody has asked for yet (nil when there are none).
func (m *Model) highlightVisible() tea.Cmd {
	if m.syn == nil || m.lay == nil || len(m.items) == 0 {
		return nil
	}
	first, _ := m.lay.at(m.top)
	last, _ := m.lay.at(min(m.top+m.bodyHeight(), m.lay.total()-1))
	lo, hi := m.lay.rows[first].src(), m.lay.rows[last].src()
	if r := m.lay.rows[last]; r.right > hi {
		hi = r.right
	}
	var cmds []tea.Cmd
	for c := lo / chunkItems; c <= hi/chunkItems; c++ {
		if m.chunks[c] {
			continue
		}
		m.chunks[c] = true
		from, to := c*chunkItems, min((c+1)*chunkItems, len(m.items))
		gen, syn, colours, files, items := m.gen, m.syn, m.colours, m.files, m.items
		cmds = append(cmds, func() tea.Msg {
			return highlightMsg{gen: gen, from: from, spans: highlight(syn, colours, files, items[from:to])}
		})
	}
	switch len(cmds) {
	case 0:
		return nil
	case 1:
		return cmds[0]
	}
	return tea.Batch(cmds...)
}

// applyHighlight stores a chunk's colours.
func (m *Model) applyHighlight(msg highlightMsg) {
	if msg.gen != m.gen {
		return
	}
	if m.spans == nil {
		m.spans = make([][]span, len(m.items))
	}
	copy(m.spans[msg.from:], msg.spans)
}

// highlight colours items (a chunk of the source rows). Each run of one
// hunk's lines has its new side (context and added lines) and old side
// (deleted lines) lexed as one text, so a comment or string that spans
// lines colours right; a file whose language is not recognised keeps its
// diff colours only.
func highlight(syn *syntax.Set, colours *syntaxColours, files []udiff.File, items []item) [][]span {
	out := make([][]span, len(items))
	lexerOf := map[int]chroma.Lexer{}
	for start := 0; start < len(items); {
		it := items[start]
		end := start + 1
		for end < len(items) && items[end].kind == lineItem && items[end].hunk == it.hunk && items[end].file == it.file {
			end++
		}
		from := start
		if it.kind != lineItem {
			from++
		}
		if from < end && items[from].kind == lineItem {
			lex, ok := lexerOf[it.file]
			if !ok {
				lex = syn.Match(files[it.file].Path())
				lexerOf[it.file] = lex
			}
			if lex != nil {
				colourSide(lex, colours, items, out, from, end, udiff.Added)
				colourSide(lex, colours, items, out, from, end, udiff.Deleted)
			}
		}
		start = end
	}
	return out
}

// colourSide lexes the lines of items[from:to] on one side (Context plus
// want) and gives each its spans; context lines are coloured on the new
// side's pass only.
func colourSide(lex chroma.Lexer, colours *syntaxColours, items []item, out [][]span, from, to int, want udiff.Kind) {
	var idx []int
	var b strings.Builder
	wanted := 0
	for i := from; i < to; i++ {
		if k := items[i].lk; k == udiff.Context || k == want {
			idx = append(idx, i)
			b.WriteString(items[i].text)
			b.WriteByte('\n')
			if k == want {
				wanted++
			}
		}
	}
	// The old side's pass colours deleted lines only: without any (a new
	// file, an addition) it has nothing to do.
	if len(idx) == 0 || want == udiff.Deleted && wanted == 0 {
		return
	}
	iter, err := syntax.Tokenise(lex, b.String())
	if err != nil {
		return
	}
	line, col := 0, 0
	for tok := iter(); tok != chroma.EOF && line < len(idx); tok = iter() {
		code := colours[syntax.ClassOf(tok.Type)]
		for v := tok.Value; v != "" && line < len(idx); {
			piece, rest, nl := strings.Cut(v, "\n")
			it := idx[line]
			if col += len(piece); piece != "" && (want == udiff.Added || items[it].lk != udiff.Context) {
				end := min(col, len(items[it].text))
				// Tokens of one colour in a row (a name, a space, a
				// bracket: all the line's own) are one span, one cut fewer
				// for paint.
				if n := len(out[it]); n > 0 && out[it][n-1].sgr == code {
					out[it][n-1].end = end
				} else {
					out[it] = append(out[it], span{end: end, sgr: code})
				}
			}
			if !nl {
				break
			}
			line, col, v = line+1, 0, rest
		}
	}
}
