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

// highlightMsg delivers the colours of generation gen's items.
type highlightMsg struct {
	gen   int
	spans [][]span
}

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

// highlightCmd colours items in the background. Each hunk's new side
// (context and added lines) and old side (deleted lines) is lexed as one
// text, so a comment or string that spans lines colours right; a file
// whose language is not recognised keeps its diff colours only.
func highlightCmd(gen int, th theme.Theme, files []udiff.File, items []item) tea.Cmd {
	style := chromaStyle(th)
	if style == nil || len(items) == 0 {
		return nil
	}
	return func() tea.Msg {
		return highlightMsg{gen: gen, spans: highlight(style, files, items)}
	}
}

func highlight(style *chroma.Style, files []udiff.File, items []item) [][]span {
	out := make([][]span, len(items))
	sgr := map[chroma.TokenType]string{}
	lexerOf := make([]chroma.Lexer, len(files))
	for i, f := range files {
		if l := lexers.Match(f.Path()); l != nil {
			lexerOf[i] = chroma.Coalesce(l)
		}
	}
	for start := 0; start < len(items); {
		it := items[start]
		end := start + 1
		for end < len(items) && items[end].kind == lineItem {
			end++
		}
		if it.kind == hunkItem && it.hunk >= 0 && lexerOf[it.file] != nil {
			lex := lexerOf[it.file]
			colourSide(lex, style, sgr, items, out, start+1, end, udiff.Added)
			colourSide(lex, style, sgr, items, out, start+1, end, udiff.Deleted)
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
