package diffview

import (
	"image/color"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/git/udiff"
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
// the chunks the viewport shows are coloured, when it shows them: chroma
// takes about 0.1 ms a line, so a 5,000-line diff coloured whole would
// cost half a second of CPU and a lot of garbage for rows nobody looks at.
const chunkItems = 128

// chromaStyle picks the highlighter style that sits with a theme; the
// terminal theme keeps to the terminal's 16 colours, so no syntax colours.
func chromaStyle(th theme.Theme) *chroma.Style {
	switch th.Name {
	case "light":
		return styles.Get("github")
	case "terminal":
		return nil
	}
	return styles.Get("nord")
}

// highlightVisible returns the commands that colour the chunks the
// viewport shows and nobody has asked for yet (nil when there are none).
func (m *Model) highlightVisible() tea.Cmd {
	if m.style == nil || m.lay == nil || len(m.items) == 0 {
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
		gen, style, files, items := m.gen, m.style, m.files, m.items
		cmds = append(cmds, func() tea.Msg {
			return highlightMsg{gen: gen, from: from, spans: highlight(style, files, items[from:to])}
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
func highlight(style *chroma.Style, files []udiff.File, items []item) [][]span {
	out := make([][]span, len(items))
	sgr := map[chroma.TokenType]string{}
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
				if l := lexers.Match(files[it.file].Path()); l != nil {
					lex = chroma.Coalesce(l)
				}
				lexerOf[it.file] = lex
			}
			if lex != nil {
				colourSide(lex, style, sgr, items, out, from, end, udiff.Added)
				colourSide(lex, style, sgr, items, out, from, end, udiff.Deleted)
			}
		}
		start = end
	}
	return out
}

// colourSide lexes the lines of items[from:to] on one side (Context plus
// want) and gives each its spans; context lines are coloured on the new
// side's pass only.
func colourSide(lex chroma.Lexer, style *chroma.Style, sgr map[chroma.TokenType]string,
	items []item, out [][]span, from, to int, want udiff.Kind) {
	var idx []int
	var b strings.Builder
	for i := from; i < to; i++ {
		if k := items[i].lk; k == udiff.Context || k == want {
			idx = append(idx, i)
			b.WriteString(items[i].text)
			b.WriteByte('\n')
		}
	}
	if len(idx) == 0 {
		return
	}
	iter, err := lex.Tokenise(nil, b.String())
	if err != nil {
		return
	}
	line, col := 0, 0
	for tok := iter(); tok != chroma.EOF && line < len(idx); tok = iter() {
		code, ok := sgr[tok.Type]
		if !ok {
			code = entrySGR(style.Get(tok.Type))
			sgr[tok.Type] = code
		}
		for v := tok.Value; v != "" && line < len(idx); {
			piece, rest, nl := strings.Cut(v, "\n")
			it := idx[line]
			if col += len(piece); piece != "" && (want == udiff.Added || items[it].lk != udiff.Context) {
				out[it] = append(out[it], span{end: min(col, len(items[it].text)), sgr: code})
			}
			if !nl {
				break
			}
			line, col, v = line+1, 0, rest
		}
	}
}

// entrySGR renders a style entry's colour and weight as an SGR sequence.
func entrySGR(e chroma.StyleEntry) string {
	st := ansi.NewStyle()
	set := false
	if e.Colour.IsSet() {
		st = st.ForegroundColor(color.RGBA{R: e.Colour.Red(), G: e.Colour.Green(), B: e.Colour.Blue(), A: 0xff})
		set = true
	}
	if e.Bold == chroma.Yes {
		st = st.Bold()
		set = true
	}
	if e.Italic == chroma.Yes {
		st = st.Italic(true)
		set = true
	}
	if !set {
		return ""
	}
	return st.String()
}
